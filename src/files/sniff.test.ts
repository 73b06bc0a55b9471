// The content checks on their own: GIF frame counting, the WAV header, and sniffing.
import { beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, type Samples, sampleFiles } from '../../test/sample-files.ts';
import { GifFrameCounter } from './gif.ts';
import { hasWavFormat, sniff } from './sniff.ts';

let samples: Samples;
beforeAll(async () => {
  samples = await sampleFiles();
});

function framesOf(bytes: Uint8Array, pieceSize = bytes.length): GifFrameCounter {
  const counter = new GifFrameCounter();
  for (let i = 0; i < bytes.length; i += pieceSize) counter.feed(bytes.subarray(i, i + pieceSize));
  return counter;
}

describe('GifFrameCounter', () => {
  it('counts one frame in a still GIF even with a NETSCAPE2.0 loop extension', () => {
    const still = samples['still.gif'];
    expect(still.includes('NETSCAPE2.0')).toBe(true);
    const counter = framesOf(still);
    expect(counter.frames).toBe(1);
    expect(counter.complete).toBe(true);
    expect(counter.malformed).toBe(false);
  });

  it('counts every frame of an animated GIF, whatever the chunk boundaries', () => {
    for (const size of [1, 7, 64, 100_000]) {
      const counter = framesOf(samples['animated.gif'], size);
      expect(counter.frames, `pieces of ${size}`).toBe(3);
      expect(counter.complete).toBe(true);
    }
  });

  it('flags bytes that do not follow the block structure', () => {
    const broken = Buffer.from(samples['still.gif']);
    broken[broken.length - 1] = 0x99; // the trailer
    const counter = framesOf(Buffer.concat([broken, Buffer.from([0x99])]));
    expect(counter.complete).toBe(false);
    expect(counter.malformed).toBe(true);
  });
});

describe('hasWavFormat', () => {
  it('accepts a real WAV and a fmt chunk that follows another chunk', () => {
    expect(hasWavFormat(samples['voice.wav'])).toBe(true);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const moved = Buffer.concat([HEADERS.wav.subarray(0, 12), list, HEADERS.wav.subarray(12)]);
    expect(hasWavFormat(moved)).toBe(true);
  });

  it('refuses RIFF/WAVE without a sane fmt chunk', () => {
    const noFmt = Buffer.concat([HEADERS.wav.subarray(0, 12), Buffer.from('data'), Buffer.alloc(100)]);
    expect(hasWavFormat(noFmt)).toBe(false);
    const zeroChannels = Buffer.from(HEADERS.wav);
    zeroChannels.writeUInt16LE(0, 22);
    expect(hasWavFormat(zeroChannels)).toBe(false);
  });
});

describe('sniff', () => {
  it('names what it refuses', async () => {
    const noFmt = Buffer.concat([HEADERS.wav.subarray(0, 12), Buffer.from('data'), Buffer.alloc(100)]);
    await expect(sniff(noFmt)).rejects.toThrow('file: audio/wav without a valid fmt chunk is not a supported WAV file');
    await expect(sniff(Buffer.from([0x00, 0xff, 0x10, 0x02, 0x99]))).rejects.toThrow(
      /^file: application\/octet-stream is not a supported type/,
    );
    await expect(sniff(Buffer.from('héllo\u0000wörld'))).rejects.toThrow(/^file: application\/octet-stream/);
  });

  it('maps what it accepts to a kind and the MIME served', async () => {
    expect(await sniff(samples['clip.mkv'])).toEqual({ kind: 'video', mime: 'video/x-matroska' });
    expect(await sniff(samples['voice.wav'])).toEqual({ kind: 'audio', mime: 'audio/wav' });
    expect(await sniff(samples['photo.webp'])).toEqual({ kind: 'image', mime: 'image/webp' });
  });

  it('takes documents: PDF by its header, UTF-8 text as text, a page as HTML', async () => {
    expect(await sniff(Buffer.from('%PDF-1.7\n'))).toEqual({ kind: 'document', mime: 'application/pdf' });
    expect(await sniff(Buffer.from('héllo wörld'))).toEqual({ kind: 'document', mime: 'text/plain' });
    expect(await sniff(Buffer.from('Name,Price\nA,1\n'))).toEqual({ kind: 'document', mime: 'text/plain' });
    expect(await sniff(Buffer.from('\uFEFF<!-- x -->\n<!DOCTYPE html><p>Hi'))).toEqual({
      kind: 'document',
      mime: 'text/html',
    });
    expect(await sniff(Buffer.from('# Notes\n<p>inline html in markdown</p>'))).toEqual({
      kind: 'document',
      mime: 'text/plain',
    });
  });
});
