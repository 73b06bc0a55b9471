// A video question, made something a chat model can take (docs/api.md "Answers"): a few frames
// evenly spaced through the clip, as JPEGs no larger than 768 px a side (what vision
// models downscale to anyway), and the audio track as 16 kHz mono WAV for transcription.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Invalid } from '../../errors.ts';
import type { QuestionFile } from '../engine.ts';
import { runFfmpeg } from './ffmpeg.ts';

export const FRAME_COUNT = 4;
export const MAX_FRAME_SIDE = 768;

export interface VideoSample {
  /** JPEG frames in time order. */
  frames: Buffer<ArrayBuffer>[];
  /** The audio track as WAV, or null when the video has none. */
  audio: Buffer<ArrayBuffer> | null;
}

export interface VideoProbe {
  /** Seconds, or null when the container does not say. */
  duration: number | null;
  /** Frames per second of the video stream, or null. */
  fps: number | null;
  hasAudio: boolean;
}

/**
 * ffmpeg's line describing the input's first stream of a kind ("  Stream #0:0(und): Video:
 * h264 …, 25 fps, …"), read line by line: the file's own metadata is printed too, so a
 * pattern over the whole output could be made to backtrack over a visitor's long title.
 */
export function streamLine(stderr: string, kind: 'Video' | 'Audio'): string | undefined {
  return stderr
    .split('\n')
    .find((line) => line.length <= 2000 && /^\s*Stream #\d+:\d+/.test(line) && line.includes(`: ${kind}:`));
}

/** Reads `ffmpeg -i`'s description of the input (it exits 1: no output was asked for). */
export function parseProbe(stderr: string): VideoProbe {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  const video = streamLine(stderr, 'Video') ?? '';
  const f = /(?<![\d.])(\d+(?:\.\d+)?) fps/.exec(video.slice(video.indexOf(': Video:')));
  return { duration, fps: f ? Number(f[1]) : null, hasAudio: streamLine(stderr, 'Audio') !== undefined };
}

/**
 * Middles of `count` equal slices of the clip: no black first frame. The last frame
 * starts one frame before the end, and a seek past it finds nothing, so times stay
 * before it.
 */
export function frameTimes(duration: number | null, fps: number | null, count = FRAME_COUNT): number[] {
  if (duration === null || duration <= 0) return [0];
  const last = Math.max(0, duration - 1.5 / (fps && fps > 0 ? fps : 25));
  return Array.from({ length: count }, (_, i) => Number(Math.min((duration * (i + 0.5)) / count, last).toFixed(3)));
}

const SCALE = `scale='min(${MAX_FRAME_SIDE},iw)':'min(${MAX_FRAME_SIDE},ih)':force_original_aspect_ratio=decrease`;

function unreadable(file: QuestionFile, stderr: string): Invalid {
  const last = stderr.trim().split('\n').at(-1) ?? '';
  return new Invalid(
    'fileIds',
    `file ${file.id} could not be read as a video${last ? ` (${last.slice(0, 200)})` : ''}`,
  );
}

/**
 * One ffmpeg run for every sample: an input seeked to each frame time (a fast seek each,
 * rather than decoding the whole clip), and the unseeked input for the sound. A seek
 * that finds no frame leaves its JPEG out; ffmpeg still succeeds.
 */
function sampleArgs(input: string, dir: string, times: number[], withAudio: boolean): string[] {
  const args = ['-v', 'error', '-y'];
  for (const at of times) args.push('-ss', String(at), '-i', input);
  if (withAudio) args.push('-i', input);
  times.forEach((_, i) => {
    args.push('-map', `${i}:v:0`, '-frames:v', '1', '-vf', SCALE, '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg');
    args.push(join(dir, `frame-${i}.jpg`));
  });
  if (withAudio) {
    args.push('-map', `${times.length}:a:0`, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav');
    args.push(join(dir, 'audio.wav'));
  }
  return args;
}

/**
 * Samples the video with ffmpeg at `ffmpeg` (checked to be there by the caller). The
 * upload is copied to a temporary directory first, as ffmpeg needs to seek; it is removed
 * whatever happens.
 */
export async function sampleVideo(ffmpeg: string, file: QuestionFile, signal: AbortSignal): Promise<VideoSample> {
  const dir = await mkdtemp(join(tmpdir(), 'parlor-video-'));
  try {
    const input = join(dir, 'input');
    await pipeline(await file.open(), createWriteStream(input), { signal });
    const probe = await runFfmpeg(ffmpeg, ['-hide_banner', '-i', input], signal);
    if (!streamLine(probe.stderr, 'Video')) throw unreadable(file, probe.stderr);
    const { duration, fps, hasAudio } = parseProbe(probe.stderr);
    const times = frameTimes(duration, fps);
    const run = await runFfmpeg(ffmpeg, sampleArgs(input, dir, times, hasAudio), signal);
    if (run.code !== 0) throw unreadable(file, run.stderr);
    const grabbed = await Promise.all(times.map((_, i) => readFile(join(dir, `frame-${i}.jpg`)).catch(() => null)));
    const frames = grabbed.flatMap((f) => (f && f.length > 0 ? [f] : []));
    const audio = hasAudio ? await readFile(join(dir, 'audio.wav')) : null;
    if (frames.length === 0 && !audio) throw unreadable(file, '');
    return { frames, audio };
  } catch (e) {
    // Copying and ffmpeg fail with their own AbortError; the caller wants the reason.
    if (signal.aborted) throw signal.reason;
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
