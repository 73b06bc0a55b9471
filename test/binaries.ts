// The programs the suite runs besides Node: Chromium for the browser tests and ffmpeg for media
// samples and video questions. Each is the machine's own when it has one (Debian's
// /usr/bin/chromium, ffmpeg on PATH), else the build an npm package ships: @sparticuz/chromium
// (a dev dependency, unpacked once from the package into the temporary directory) and
// @ffmpeg-installer/ffmpeg (an optional dependency). Nothing is downloaded.
//
// PARLOR_TEST_BINARIES=bundled ignores the machine's own, as on a machine that has none:
// `.ci/run` runs the suite that way, so that a test silently needing a system binary fails there.

import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FfmpegBinary, locateFfmpeg } from '../src/answer/media/ffmpeg-binary.ts';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Whether the machine's own binaries are hidden from the suite. */
export function bundledOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PARLOR_TEST_BINARIES === 'bundled';
}

let ffmpeg: FfmpegBinary | null | undefined;

/** The ffmpeg the tests use, found as the server finds it (FFMPEG_PATH, PATH, the npm build). */
export function findTestFfmpeg(): FfmpegBinary | null {
  if (ffmpeg === undefined) {
    const hidden = bundledOnly();
    ffmpeg = locateFfmpeg({
      explicit: hidden ? null : process.env.FFMPEG_PATH || null,
      searchPath: hidden ? '' : (process.env.PATH ?? ''),
    });
  }
  return ffmpeg;
}

/** As findTestFfmpeg, for tests that need one: fails saying what to install. */
export function testFfmpeg(): FfmpegBinary {
  const ffmpeg = findTestFfmpeg();
  if (ffmpeg === null) {
    throw new Error(
      'no ffmpeg for the media tests: `npm ci` installs @ffmpeg-installer/ffmpeg (an optional dependency); on a platform it has no build for, install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH',
    );
  }
  return ffmpeg;
}

/** The version of the installed @sparticuz/chromium, read from its package.json. */
function bundledChromiumVersion(): string {
  const main = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  // The package's build folders hold package.json files of their own (a module type, no
  // version): walk up to the one that names the package.
  for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@sparticuz/chromium' && pkg.version) return pkg.version;
  }
  throw new Error('the package.json of @sparticuz/chromium was not found');
}

/**
 * Unpacks @sparticuz/chromium's browser once per version into `<tmp>/parlor-chromium-<version>`
 * and answers its path. The package unpacks into the temporary directory itself; it is pointed
 * at a fresh one and the result renamed into place, so that runs started together (two
 * checkouts on one machine) never use a half-written browser.
 */
export async function bundledChromium(): Promise<string> {
  const dir = join(tmpdir(), `parlor-chromium-${bundledChromiumVersion()}`);
  const exe = join(dir, 'chromium');
  if (existsSync(exe)) return exe;
  const fresh = mkdtempSync(join(tmpdir(), 'parlor-chromium-unpack-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = fresh;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  try {
    renameSync(fresh, dir);
  } catch {
    // Another run put its copy there first; use that one.
    rmSync(fresh, { recursive: true, force: true });
  }
  return exe;
}

/** What the browser tests launch: the machine's Chromium, else the bundled one, else why not. */
export async function findChromium(): Promise<{ path: string } | { error: string }> {
  if (!bundledOnly() && existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM };
  try {
    return { path: await bundledChromium() };
  } catch (e) {
    return {
      error: `the Chromium of @sparticuz/chromium could not be unpacked on this machine (${(e as Error).message}); install a browser (apt-get install chromium) or run npm ci again`,
    };
  }
}
