// Real media files for upload tests, made by ffmpeg (the machine's or the npm package's: test/binaries.ts),
// and streams of a valid header followed by padding, for size limits without holding the
// bytes in memory.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { testFfmpeg } from './binaries.ts';

const run = promisify(execFile);

const STILL = ['-f', 'lavfi', '-i', 'color=c=blue:s=16x16', '-frames:v', '1'];
const CLIP = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=0.5'];

/** The ffmpeg arguments (before the output name) of each sample. */
const RECIPES = {
  'photo.png': STILL,
  'photo.jpg': STILL,
  'photo.webp': STILL,
  'still.gif': STILL,
  'animated.gif': ['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5', '-frames:v', '3'],
  'voice.wav': ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.3'],
  'clip.mp4': [...CLIP, '-pix_fmt', 'yuv420p'],
  'clip.mkv': CLIP,
  'clip.avi': CLIP,
  'clip.flv': CLIP,
  'clip.mpg': ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=25:duration=0.5'],
} as const;

export type SampleName = keyof typeof RECIPES;
export type Samples = Record<SampleName, Buffer>;

let made: Promise<Samples> | null = null;

/** Every sample, made once per test file (about half a second). */
export function sampleFiles(): Promise<Samples> {
  made ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-samples-'));
    const names = Object.keys(RECIPES) as SampleName[];
    await Promise.all(
      names.map((name) =>
        run(testFfmpeg().path, ['-v', 'error', '-y', ...RECIPES[name], join(dir, name)], { timeout: 30_000 }),
      ),
    );
    return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n))])) as Samples;
  })();
  return made;
}

/** Every accepted sample with the kind and type Parlor must detect from its bytes. */
export const ACCEPTED_SAMPLES: [SampleName, string, string][] = [
  ['photo.png', 'image', 'image/png'],
  ['photo.jpg', 'image', 'image/jpeg'],
  ['photo.webp', 'image', 'image/webp'],
  ['still.gif', 'image', 'image/gif'],
  ['voice.wav', 'audio', 'audio/wav'],
  ['clip.mp4', 'video', 'video/mp4'],
  ['clip.mkv', 'video', 'video/x-matroska'],
  ['clip.avi', 'video', 'video/x-msvideo'],
  ['clip.flv', 'video', 'video/x-flv'],
  ['clip.mpg', 'video', 'video/mpeg'],
];

export const MB = 1024 * 1024;

/** A stream of `header` followed by zero bytes, `total` bytes in all, in 64 KiB chunks. */
export function paddedStream(header: Uint8Array, total: number): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        this.push(Buffer.from(header));
        sent = header.length;
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/** A multipart/form-data body with one file part whose content is `content`, streamed. */
export function multipartStream(fileName: string, content: Readable, boundary = 'parlor-test-boundary') {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for await (const c of content) yield c as Buffer;
    yield tail;
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart/form-data body (in memory: for the small samples). */
export function multipartBody(fileName: string, bytes: Uint8Array, boundary = 'parlor-test-boundary') {
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Headers that file-type recognises, for padded files of a given kind. */
export const HEADERS = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  wav: wavHeader(),
  mp4: Buffer.from([
    ...[0x00, 0x00, 0x00, 0x18],
    ...Buffer.from('ftypisom'),
    ...[0x00, 0x00, 0x02, 0x00],
    ...Buffer.from('isomiso2'),
  ]),
};

function wavHeader(): Buffer {
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(0xffffffff - 8, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(16000, 24);
  b.writeUInt32LE(32000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(0xffffffff - 44, 40);
  return b;
}
