// 1,000 streamed ClientAsk requests held open at once against the fake provider,
// with the Parlor process's RSS sampled from /proc while they are open.
import type { BenchTenant } from './lib/databases.ts';
import { askRequests, FRAGMENTS, parlorEnv, sleep } from './lib/parlor-chat.ts';
import { rssMb, sampleRss } from './lib/process-rss.ts';
import { startProviderProcess } from './lib/provider-process.ts';
import { freePort, type ParlorOptions, startParlor, startProcess } from './lib/server-process.ts';
import { timedStream } from './lib/stream-client.ts';

export interface OpenOptions {
  /** Streams held open at once (1,000). */
  openStreams: number;
  /** Provider pace; 200 fragments × this = how long each stream stays open. */
  openIntervalMs: number;
}

export interface OpenResult {
  streams: number;
  fragments: number;
  intervalMs: number;
  /** RSS of the raw node:http baseline server, idle. */
  baselineIdleRssMb: number | null;
  /** Parlor right after it answered /readyz. */
  idleRssMb: number | null;
  /** Parlor after a warm-up of a few streams, right before the 1,000. */
  beforeRssMb: number | null;
  /** Parlor when the last of the streams received its first frame (all open). */
  allOpenRssMb: number | null;
  /** The highest Parlor RSS from the first stream opened to the last closed. */
  peakRssMb: number | null;
  /** Most streams open (first frame received, not finished) at one time, as the client saw it. */
  peakOpen: number;
  /** parlor_open_streams from /metrics when all were open. */
  serverOpenStreams: number | null;
  /** Seconds from the first request to all streams open. */
  secondsToOpenAll: number | null;
  completed: number;
  failures: number;
  firstError?: string;
}

async function baselineIdleRss(): Promise<number | null> {
  const base = await startProcess({
    args: ['bench/baseline-server.ts'],
    env: {},
    port: await freePort(),
    readyPath: '/',
  });
  try {
    await sleep(500);
    return rssMb(base.child.pid);
  } finally {
    await base.stop('SIGTERM');
  }
}

async function openStreamsMetric(url: string): Promise<number | null> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const m = /^parlor_open_streams(?:\{[^}]*\})? (\d+)/m.exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export async function runOpen(opts: OpenOptions, target: ParlorOptions, tenant: BenchTenant, sessions: number[]) {
  const baselineIdleRssMb = await baselineIdleRss();
  const provider = await startProviderProcess({ fragments: FRAGMENTS, intervalMs: opts.openIntervalMs });
  try {
    const server = await startParlor({ ...target, env: parlorEnv(provider.url) });
    try {
      const pid = server.child.pid;
      await sleep(500);
      const idleRssMb = rssMb(pid);
      const ask = askRequests(server, tenant, sessions, opts.openStreams + 10);
      // Warm-up: a few streams, closed after their first frame (loads the provider client code).
      await Promise.all(Array.from({ length: 10 }, () => timedStream(ask({ stopAfterFirst: true }))));
      await sleep(1000);
      const beforeRssMb = rssMb(pid);

      const sampler = sampleRss(pid);
      let open = 0;
      let peakOpen = 0;
      let allOpenRssMb: number | null = null;
      let secondsToOpenAll: number | null = null;
      let metric: Promise<number | null> = Promise.resolve(null);
      const t0 = performance.now();
      const opened = () => {
        open++;
        peakOpen = Math.max(peakOpen, open);
        if (open === opts.openStreams) {
          secondsToOpenAll = (performance.now() - t0) / 1000;
          allOpenRssMb = rssMb(pid);
          metric = openStreamsMetric(server.url);
        }
      };
      const results: Promise<void>[] = [];
      let completed = 0;
      let failures = 0;
      let firstError: string | undefined;
      const one = () =>
        new Promise<void>((started) => {
          const onFirst = () => {
            opened();
            started();
          };
          const done = timedStream(ask({ onFirst })).then((r) => {
            if (r.ttfbMs !== null) open--;
            if (r.ok) completed++;
            else {
              failures++;
              firstError ??= r.error;
            }
            started();
          });
          results.push(done);
        });
      // Batches of 100, each once the previous one is streaming: connections never pile
      // up beyond the server's listen backlog (511) while it is busy.
      for (let i = 0; i < opts.openStreams; i += 100) {
        await Promise.all(Array.from({ length: Math.min(100, opts.openStreams - i) }, one));
      }
      await Promise.all(results);
      sampler.stop();
      if (failures) firstError = `${firstError}; server: ${server.stderr().slice(-300)}`;
      return {
        streams: opts.openStreams,
        fragments: FRAGMENTS,
        intervalMs: opts.openIntervalMs,
        baselineIdleRssMb,
        idleRssMb,
        beforeRssMb,
        allOpenRssMb,
        peakRssMb: sampler.peak(),
        peakOpen,
        serverOpenStreams: await metric,
        secondsToOpenAll,
        completed,
        failures,
        firstError,
      };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await provider.stop();
  }
}
