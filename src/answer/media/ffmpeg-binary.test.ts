// Which ffmpeg start-up finds: FFMPEG_PATH (checked), PATH, the npm package's build, or none.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { ffmpegLine, locateFfmpeg } from './ffmpeg-binary.ts';

const dir = mkdtempSync(join(tmpdir(), 'parlor-ffmpeg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An executable script in a directory of its own that prints `firstLine` for -version. */
function fakeProgram(name: string, firstLine: string, exitCode = 0): string {
  const home = mkdtempSync(join(dir, 'bin-'));
  const path = join(home, name);
  writeFileSync(path, `#!/bin/sh\necho '${firstLine}'\nexit ${exitCode}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('locateFfmpeg', () => {
  it('uses FFMPEG_PATH when it runs as ffmpeg', () => {
    const path = fakeProgram('my-ffmpeg', 'ffmpeg version 9.9-test Copyright (c) the FFmpeg developers');
    expect(locateFfmpeg({ explicit: path, searchPath: '' })).toEqual({
      path,
      source: 'FFMPEG_PATH',
      version: 'ffmpeg version 9.9-test Copyright (c) the FFmpeg developers',
    });
  });

  it.each([
    ['a missing file', join(dir, 'missing', 'ffmpeg')],
    ['a program that is not ffmpeg', '/bin/true'],
    ['a program that prints something else', fakeProgram('ffmpeg', 'ImageMagick 7.1')],
    ['an ffmpeg that fails', fakeProgram('ffmpeg', 'ffmpeg version 1', 1)],
  ])('refuses FFMPEG_PATH naming %s, with a ConfigError naming the variable', (_, path) => {
    const err = (() => {
      try {
        return locateFfmpeg({ explicit: path, searchPath: '' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).variable).toBe('FFMPEG_PATH');
    expect((err as Error).message).toContain(`"${path}" does not run as ffmpeg`);
  });

  it('takes ffmpeg from PATH before the npm build, skipping directories without one', () => {
    const path = fakeProgram('ffmpeg', 'ffmpeg version 7.0-path');
    const searchPath = [join(dir, 'nothing-here'), join(path, '..')].join(':');
    expect(locateFfmpeg({ explicit: null, searchPath })).toMatchObject({ path, source: 'PATH' });
  });

  it('takes the build of @ffmpeg-installer/ffmpeg when PATH has none', () => {
    const found = locateFfmpeg({ explicit: null, searchPath: join(dir, 'nothing-here') });
    expect(found?.source).toBe('bundled');
    expect(found?.path).toMatch(/node_modules\/@ffmpeg-installer\/[^/]+\/ffmpeg$/);
    expect(found?.version).toMatch(/^ffmpeg version /);
  });

  it('finds none when PATH has none and the npm build is not used', () => {
    expect(locateFfmpeg({ explicit: null, searchPath: '', bundled: false })).toBeNull();
  });
});

describe('ffmpegLine', () => {
  it('says where the ffmpeg comes from, or that video questions answer 501', () => {
    expect(ffmpegLine(null)).toContain('no ffmpeg found (answered 501)');
    expect(ffmpegLine({ path: '/usr/bin/ffmpeg', source: 'PATH', version: 'ffmpeg version 5.1 Copyright (c) x' })).toBe(
      '  Video questions: ffmpeg version 5.1 from PATH (/usr/bin/ffmpeg).',
    );
  });
});
