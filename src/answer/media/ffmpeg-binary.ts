// Which ffmpeg samples video questions, found once at start-up: FFMPEG_PATH when set (it must
// run as ffmpeg, or start-up stops naming the variable), else `ffmpeg` on PATH, else the static
// build the optional dependency @ffmpeg-installer/ffmpeg ships inside its npm package, so that
// `npm ci` alone is enough. None of them: video questions answer 501 and the banner says so.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { ConfigError } from '../../config.ts';

export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | 'bundled';

export interface FfmpegBinary {
  path: string;
  source: FfmpegSource;
  /** The first line of `ffmpeg -version`, e.g. "ffmpeg version 5.1.6-0+deb12u1". */
  version: string;
}

export interface FfmpegSearch {
  /** FFMPEG_PATH; null when unset. */
  explicit: string | null;
  /** The directories of PATH, as the environment gives them. */
  searchPath: string;
  /** Whether the npm package's build may be used (tests turn it off to see the "none" case). */
  bundled?: boolean;
}

/** The first line of `<path> -version` when it runs as ffmpeg; null otherwise. */
export function ffmpegVersion(path: string): string | null {
  const r = spawnSync(path, ['-version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
  if (r.error || r.status !== 0) return null;
  const first = r.stdout.split('\n', 1)[0]?.trim() ?? '';
  return first.startsWith('ffmpeg version') ? first : null;
}

function onPath(searchPath: string, name: string): string | null {
  for (const dir of searchPath.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here, or not executable
    }
  }
  return null;
}

/** The build inside @ffmpeg-installer/ffmpeg, when the package is installed for this platform. */
function bundledFfmpeg(): string | null {
  try {
    // The package throws a plain string on a platform it has no build for.
    const pkg = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof pkg.path === 'string' ? pkg.path : null;
  } catch {
    return null;
  }
}

/**
 * Finds the ffmpeg to use. Throws a ConfigError naming FFMPEG_PATH when it is set to something
 * that does not run as ffmpeg: a typo there should stop start-up, not surface on the first video.
 */
export function locateFfmpeg(search: FfmpegSearch): FfmpegBinary | null {
  if (search.explicit !== null) {
    const version = ffmpegVersion(search.explicit);
    if (version === null) {
      throw new ConfigError(
        'FFMPEG_PATH',
        `"${search.explicit}" does not run as ffmpeg ("-version" failed or printed something else); unset it to use the ffmpeg on PATH or the one npm installed`,
      );
    }
    return { path: search.explicit, source: 'FFMPEG_PATH', version };
  }
  const fromPath = onPath(search.searchPath, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
  const pathVersion = fromPath === null ? null : ffmpegVersion(fromPath);
  if (fromPath !== null && pathVersion !== null) return { path: fromPath, source: 'PATH', version: pathVersion };
  if (search.bundled === false) return null;
  const bundled = bundledFfmpeg();
  const bundledVersion = bundled === null ? null : ffmpegVersion(bundled);
  if (bundled !== null && bundledVersion !== null) return { path: bundled, source: 'bundled', version: bundledVersion };
  return null;
}

/** One line for the banner: which ffmpeg video questions use, or that they answer 501. */
export function ffmpegLine(ffmpeg: FfmpegBinary | null): string {
  if (ffmpeg === null) {
    return '  Video questions: no ffmpeg found (answered 501); `npm ci` installs one, or set FFMPEG_PATH.';
  }
  const from = { FFMPEG_PATH: 'FFMPEG_PATH', PATH: 'PATH', bundled: 'the npm package @ffmpeg-installer/ffmpeg' }[
    ffmpeg.source
  ];
  // "ffmpeg version 5.1.6-0+deb12u1 Copyright (c) …": the first three words.
  const version = ffmpeg.version.split(/\s+/).slice(0, 3).join(' ');
  return `  Video questions: ${version} from ${from} (${ffmpeg.path}).`;
}
