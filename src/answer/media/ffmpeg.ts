// Running ffmpeg (Debian's package) for video questions. Whether the binary is there is
// found out once per path and remembered: a server without ffmpeg answers video
// questions 501 at once instead of failing each one after reading the upload.
import { spawn } from 'node:child_process';

/** A safety net for one ffmpeg run; the answer's own timeout and abort usually come first. */
export const FFMPEG_TIMEOUT_MS = 60_000;
const STDERR_LIMIT = 64 * 1024;

export interface FfmpegRun {
  code: number | null;
  /** The first 64 KiB of what ffmpeg wrote to stderr (stream details, errors). */
  stderr: string;
}

/**
 * Runs `ffmpeg args…` to its end. Resolves with the exit code (ffmpeg exits 1 for a
 * probe without outputs, so the caller judges); rejects when it cannot start, takes
 * longer than `timeoutMs`, or `signal` aborts (with the signal's reason).
 */
export function runFfmpeg(
  path: string,
  args: string[],
  signal: AbortSignal,
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const child = spawn(path, ['-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += s.slice(0, STDERR_LIMIT - stderr.length);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ffmpeg took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(signal.aborted ? signal.reason : err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const detected = new Map<string, Promise<boolean>>();

/** Whether `path` runs as ffmpeg (`ffmpeg -version` exits 0); asked once per path. */
export function ffmpegAvailable(path: string): Promise<boolean> {
  let known = detected.get(path);
  if (!known) {
    known = runFfmpeg(path, ['-version'], new AbortController().signal, 10_000).then(
      (r) => r.code === 0,
      () => false,
    );
    detected.set(path, known);
  }
  return known;
}
