// A timed request loop on a worker thread: the same POST, `concurrency` at a time, after a
// warm-up, each request's latency kept. The worker has its own small heap, so the bench
// process's garbage collection (the seeding's objects and earlier steps' still live) does not
// pause the client mid-request: a pause there stretches every request in flight at once, and
// with 400 samples one such pause is the whole p99. The server's CPU is read around the
// measured requests only.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { cpuMs } from './process-cpu.ts';

export interface TimedLoop {
  url: string;
  headers: Record<string, string>;
  body: string;
  warmup: number;
  count: number;
  concurrency: number;
  /** The loop stops here even if `count` is not reached. */
  maxSeconds: number;
  /** The server whose CPU is read around the measured requests. */
  serverPid?: number;
}

export interface TimedResult {
  samples: number[];
  /** Server CPU ms over the measured requests; null without /proc. */
  cpuMs: number | null;
}

export function timedLoop(loop: TimedLoop): Promise<TimedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: loop });
    worker.once('message', (r: TimedResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`timed loop ended (${code}) without an answer`)));
  });
}

async function run(loop: TimedLoop): Promise<TimedResult> {
  const deadline = performance.now() + loop.maxSeconds * 1000;
  const one = async () => {
    const res = await fetch(loop.url, { method: 'POST', headers: loop.headers, body: loop.body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${loop.url}: ${res.status}`);
  };
  const timed = async (n: number) => {
    const samples: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < n && performance.now() < deadline) {
        next++;
        const t0 = performance.now();
        await one();
        samples.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: loop.concurrency }, worker));
    return samples;
  };
  await timed(loop.warmup);
  const before = cpuMs(loop.serverPid);
  const samples = await timed(loop.count);
  const after = cpuMs(loop.serverPid);
  return { samples, cpuMs: before === null || after === null ? null : after - before };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.postMessage(await run(workerData as TimedLoop));
}
