// Media files for the media-question tests: PNGs from a tiny encoder, WAV from a header
// and PCM samples, and short MP4 clips made by ffmpeg (the machine's or the npm package's: test/binaries.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { testFfmpeg } from './binaries.ts';

const run = promisify(execFile);

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A solid-colour RGB PNG of `size`×`size` pixels. */
export function png(rgb: [number, number, number], size = 8): Buffer<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 16-bit mono PCM WAV of a sine tone. */
export function wav(seconds = 0.25, rate = 8000, frequency = 440): Buffer<ArrayBuffer> {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * frequency * i) / rate)), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const CLIPS = {
  /** 2 s of test pattern with a 440 Hz tone. */
  'clip.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
  ],
  /** 1 s, larger than a frame may be, without sound. */
  'silent-hd.mp4': ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=1280x720:rate=5'],
} as const;

export type ClipName = keyof typeof CLIPS;

let made: Promise<Record<ClipName, Buffer>> | null = null;

/** The MP4 clips, made once per test file. */
export function clips(): Promise<Record<ClipName, Buffer>> {
  made ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-clips-'));
    const names = Object.keys(CLIPS) as ClipName[];
    await Promise.all(
      names.map((n) =>
        run(testFfmpeg().path, ['-v', 'error', '-y', ...CLIPS[n], '-pix_fmt', 'yuv420p', '-shortest', join(dir, n)], {
          timeout: 30_000,
        }),
      ),
    );
    return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n))])) as Record<ClipName, Buffer>;
  })();
  return made;
}

/** Width and height of a baseline or progressive JPEG (from its SOF marker). */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg.readUInt16BE(at);
    if (marker === 0xffc0 || marker === 0xffc2) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no SOF marker in the JPEG');
}
