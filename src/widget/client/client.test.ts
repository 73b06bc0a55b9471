// The widget's pure parts: WAV encoding for push-to-talk, and links in answers.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildWidget } from '../bundle.ts';
import { safeUrl, segments } from './text.ts';
import { concat, downsample, encodeWav } from './wav.ts';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM RIFF header and clamped samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2, -0.5]), 16_000);
    const v = new DataView(wav.buffer);
    const ascii = (at: number, n: number) => String.fromCharCode(...wav.slice(at, at + n));
    expect(wav.length).toBe(44 + 10);
    expect(ascii(0, 4)).toBe('RIFF');
    expect(v.getUint32(4, true)).toBe(36 + 10);
    expect(ascii(8, 8)).toBe('WAVEfmt ');
    expect(v.getUint16(20, true)).toBe(1);
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(16_000);
    expect(v.getUint32(28, true)).toBe(32_000);
    expect(v.getUint16(34, true)).toBe(16);
    expect(ascii(36, 4)).toBe('data');
    expect(v.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => v.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767, -16384]);
  });

  it('downsamples by averaging and joins chunks in order', () => {
    expect(Array.from(downsample(new Float32Array([0, 1, 0.5, 0.5, 1, 1]), 48_000, 16_000))).toEqual([
      expect.closeTo(0.5),
      expect.closeTo(2.5 / 3),
    ]);
    expect(downsample(new Float32Array([1, 2]), 8_000, 16_000)).toHaveLength(2);
    expect(Array.from(concat([new Float32Array([1]), new Float32Array([2, 3])]))).toEqual([1, 2, 3]);
  });
});

describe('segments', () => {
  it('splits listing lines into text and links, leaving trailing punctuation out', () => {
    const line = 'MLS A1 — 12 Oak St — $450,000 — https://homes.example.com/a1. See also (https://x.test/b?c=1).';
    expect(segments(line)).toEqual([
      { kind: 'text', text: 'MLS A1 — 12 Oak St — $450,000 — ' },
      { kind: 'link', url: 'https://homes.example.com/a1' },
      { kind: 'text', text: '. See also (' },
      { kind: 'link', url: 'https://x.test/b?c=1' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never makes links of other schemes, and keeps markup as text', () => {
    expect(segments('javascript:alert(1) <b>x</b>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <b>x</b>' }]);
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl(' https://ok.test/p ')).toBe('https://ok.test/p');
  });
});

describe('widget.js', () => {
  it('builds into one script under 40 KB gzipped', async () => {
    const { code } = await buildWidget();
    expect(code).toContain('data-chatbot');
    expect(code).toContain('chatpilotConfig');
    expect(gzipSync(code).length).toBeLessThan(40 * 1024);
  });

  it('embed.iframe.js builds into a script of a few KB', async () => {
    const { code } = await buildWidget('iframe');
    expect(code).toContain('newoaksIframeConfig');
    expect(gzipSync(code).length).toBeLessThan(4 * 1024);
  });
});
