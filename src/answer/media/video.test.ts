// Video sampling with the real ffmpeg: frames evenly spaced, scaled, and the sound track.
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { testFfmpeg } from '../../../test/binaries.ts';
import { type ClipName, clips, jpegSize } from '../../../test/media-samples.ts';
import { Invalid } from '../../errors.ts';
import type { QuestionFile } from '../engine.ts';
import { ffmpegAvailable, runFfmpeg } from './ffmpeg.ts';
import { FRAME_COUNT, frameTimes, parseProbe, sampleVideo } from './video.ts';

let samples: Record<ClipName, Buffer>;
const FFMPEG = testFfmpeg().path;

beforeAll(async () => {
  samples = await clips();
});

function fileOf(bytes: Buffer, id = 1): QuestionFile {
  return {
    id,
    kind: 'video',
    mime: 'video/mp4',
    name: 'clip.mp4',
    size: bytes.length,
    open: async () => Readable.from([bytes]),
  };
}

const never = () => new AbortController().signal;

describe('probe and frame times', () => {
  it('reads the duration and whether there is sound from ffmpeg -i', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input':",
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 118 kb/s',
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 320x240, 10 fps',
      '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp',
    ].join('\n');
    expect(parseProbe(stderr)).toEqual({ duration: 62.5, fps: 10, hasAudio: true });
    expect(parseProbe('  Duration: N/A, bitrate: N/A\n  Stream #0:0: Video: h264')).toEqual({
      duration: null,
      fps: null,
      hasAudio: false,
    });
  });

  it('takes the middles of equal slices, before the last frame, or the first frame when the length is unknown', () => {
    expect(frameTimes(2, 10)).toEqual([0.25, 0.75, 1.25, 1.75]);
    expect(frameTimes(1, 5)).toEqual([0.125, 0.375, 0.625, 0.7]);
    expect(frameTimes(null, 25)).toEqual([0]);
  });
});

describe('sampleVideo', () => {
  it('gives four JPEG frames and the sound as 16 kHz mono WAV', async () => {
    const { frames, audio } = await sampleVideo(FFMPEG, fileOf(samples['clip.mp4']), never());
    expect(frames).toHaveLength(FRAME_COUNT);
    for (const f of frames) {
      expect(f.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(jpegSize(f)).toEqual({ width: 320, height: 240 });
    }
    // Evenly spaced frames of a moving test pattern differ from one another.
    expect(new Set(frames.map((f) => f.toString('base64'))).size).toBe(FRAME_COUNT);
    expect(audio?.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(audio?.readUInt16LE(22)).toBe(1);
    expect(audio?.readUInt32LE(24)).toBe(16_000);
    // About two seconds of 16-bit samples.
    expect(audio?.length).toBeGreaterThan(60_000);
  });

  it('scales frames to at most 768 px a side, keeping the shape; no sound means no audio', async () => {
    const { frames, audio } = await sampleVideo(FFMPEG, fileOf(samples['silent-hd.mp4']), never());
    expect(frames).toHaveLength(FRAME_COUNT);
    expect(jpegSize(frames[0] ?? Buffer.alloc(0))).toEqual({ width: 768, height: 432 });
    expect(audio).toBeNull();
  });

  it('refuses bytes ffmpeg cannot read as a video, naming the file', async () => {
    const err = await sampleVideo(FFMPEG, fileOf(Buffer.from('not a video at all'), 7), never()).catch((e) => e);
    expect(err).toBeInstanceOf(Invalid);
    expect((err as Invalid).message).toMatch(/^fileIds: file 7 could not be read as a video/);
  });

  it('stops ffmpeg when the answer is aborted', async () => {
    const ctl = new AbortController();
    const reason = new Error('client went away');
    const started = sampleVideo(FFMPEG, fileOf(samples['clip.mp4']), ctl.signal);
    ctl.abort(reason);
    await expect(started).rejects.toBe(reason);
  });
});

describe('ffmpeg', () => {
  it('is detected where it is installed, and not at a missing path', async () => {
    expect(await ffmpegAvailable(FFMPEG)).toBe(true);
    expect(await ffmpegAvailable('/nonexistent/parlor/ffmpeg')).toBe(false);
  });

  it('a run that outlives its timeout is killed and rejected', async () => {
    const args = ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'sine=duration=30', '-f', 'null', '-'];
    await expect(runFfmpeg(FFMPEG, args, never(), 200)).rejects.toThrow('ffmpeg took longer than 200 ms');
  });
});
