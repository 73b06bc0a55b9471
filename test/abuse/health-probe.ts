// How the server answers /healthz while an attack runs: the attack tests start the app on a
// loopback port and ask /healthz every 20 ms (one request at a time, keep-alive), first for two
// seconds alone (the baseline, on this machine now) and then while the attack runs. Every
// loop is bounded in count and time.
import { Agent, get } from 'node:http';
import type { App } from '../../src/http/types.ts';

/** Starts `app` on a loopback port; answers its base URL. */
export async function listen(app: App): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function healthz(base: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = get(`${base}/healthz`, { agent, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`healthz ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('healthz timed out')));
  });
}

/** Latencies of /healthz asked every `everyMs` until `done()` or `maxMs` (at most 3,000 asks). */
async function probe(base: string, done: () => boolean, maxMs: number, everyMs = 20): Promise<number[]> {
  const out: number[] = [];
  const until = Date.now() + maxMs;
  while (!done() && Date.now() < until && out.length < 3000) {
    out.push(await healthz(base));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return out;
}

export const p99 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
};

export interface Probed<T> {
  result: T;
  /** /healthz p99 alone and during the attack, in ms, and how many asks each. */
  baseline: number;
  during: number;
  asks: number;
}

/** Runs `attack` while asking /healthz; the baseline is taken just before, for two seconds. */
export async function healthDuring<T>(base: string, attack: () => Promise<T>, maxMs = 120_000): Promise<Probed<T>> {
  const alone = await probe(base, () => false, 2000);
  let finished = false;
  const probing = probe(base, () => finished, maxMs);
  try {
    const result = await attack();
    finished = true;
    const during = await probing;
    return { result, baseline: p99(alone), during: p99(during), asks: during.length };
  } finally {
    finished = true;
    await probing.catch(() => {});
  }
}

/** The bound the attack tests hold /healthz to: 100 ms p99 over this run's own baseline. */
export const HEALTH_BOUND_MS = 100;
