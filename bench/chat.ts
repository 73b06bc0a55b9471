// The chat streaming benchmark, against the fake provider in its own process:
// 1. time to first content frame at 100 concurrent streams, straight to the provider and
//    through Parlor's streamed ClientAsk, with the same provider behind both;
// 2. 1,000 streamed ClientAsk requests held open at once, with Parlor's RSS sampled
//    (open-streams.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../src/db/connect.ts';
import { type BenchTenant, createBenchDb, createSessions, createTenant } from './lib/databases.ts';
import { askRequests, FRAGMENTS, parlorEnv, sleep } from './lib/parlor-chat.ts';
import { cpuMs } from './lib/process-cpu.ts';
import { startProviderProcess } from './lib/provider-process.ts';
import { freePort, type ParlorOptions, startParlor } from './lib/server-process.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { providerFrames, type StreamRequest, streamAgent, timedStream } from './lib/stream-client.ts';
import { type OpenOptions, type OpenResult, runOpen } from './open-streams.ts';

export interface ChatOptions extends OpenOptions {
  seconds: number;
  warmupSeconds: number;
  /** Concurrent streams of the TTFB step (100). */
  streams: number;
  /** Provider pace of the TTFB step, ms between fragments. */
  streamIntervalMs: number;
}

export interface TtfbSide extends Latency {
  failures: number;
  firstError?: string;
  /** CPU of the process answering (Parlor, or the provider when straight to it) per completed stream. */
  cpuMsPerStream: number | null;
}

export interface TtfbResult {
  streams: number;
  fragments: number;
  intervalMs: number;
  direct: TtfbSide;
  parlor: TtfbSide;
  addedP50Ms: number | null;
  addedP99Ms: number | null;
}

export interface ChatResult {
  database: Dialect;
  ttfb: TtfbResult;
  open: OpenResult;
}

/**
 * `streams` clients, each asking again as soon as its answer ended; TTFB of the requests
 * started after the warm-up. Client i starts i/streams of an answer's length after the
 * first, so that `streams` answers are in flight at any time and questions arrive evenly
 * (one every 40 ms at the default pace), as from visitors of a live site. Started all at
 * once, the clients would stay in lock-step (every answer lasts the same) and the figure
 * would measure a burst of 100 questions in the same millisecond instead.
 */
async function ttfbPhase(opts: ChatOptions, pid: number | undefined, make: () => StreamRequest): Promise<TtfbSide> {
  const answerMs = FRAGMENTS * opts.streamIntervalMs;
  // Measured once every client has started (the ramp-up) and the warm-up is over.
  const measureFrom = performance.now() + Math.max(answerMs, opts.warmupSeconds * 1000);
  let cpuFrom: number | null = null;
  const until = measureFrom + opts.seconds * 1000;
  const samples: number[] = [];
  let failures = 0;
  let firstError: string | undefined;
  const client = async (_: unknown, i: number) => {
    await sleep((i * answerMs) / opts.streams);
    // At least one measured request each, however long an answer lasts.
    for (let measured = 0; measured === 0 || performance.now() < until; ) {
      const started = performance.now();
      if (started >= measureFrom) cpuFrom ??= cpuMs(pid);
      const r = await timedStream(make());
      if (started < measureFrom) continue;
      measured++;
      if (r.ok && r.ttfbMs !== null) samples.push(r.ttfbMs);
      else {
        failures++;
        firstError ??= r.error;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.streams }, client));
  // Approximate: CPU from the first measured request to the end, over the measured streams.
  const cpuTo = cpuMs(pid);
  const cpuMsPerStream =
    cpuFrom === null || cpuTo === null || !samples.length ? null : (cpuTo - cpuFrom) / samples.length;
  return { ...latencyOf(samples), failures, firstError, cpuMsPerStream };
}

async function runTtfb(opts: ChatOptions, target: ParlorOptions, tenant: BenchTenant, sessions: number[]) {
  const intervalMs = opts.streamIntervalMs;
  const dir = mkdtempSync(join(tmpdir(), 'parlor-chat-'));
  const recordFile = join(dir, 'request.json');
  const provider = await startProviderProcess({ fragments: FRAGMENTS, intervalMs, recordFile });
  try {
    const server = await startParlor({ ...target, env: parlorEnv(provider.url) });
    try {
      const ask = askRequests(server, tenant, sessions, opts.streams + 10);
      // One answer through Parlor first: it records the request Parlor sends the provider.
      const first = await timedStream(ask());
      if (!first.ok) throw new Error(`ClientAsk stream failed: ${first.error} ${server.stderr()}`);
      const providerBody = readFileSync(recordFile, 'utf8');
      const agent = streamAgent(opts.streams + 10);
      const direct = await ttfbPhase(opts, provider.pid, () => ({
        agent,
        url: `${provider.url}/chat/completions`,
        headers: { authorization: 'Bearer sk-bench' },
        body: providerBody,
        ...providerFrames,
      }));
      const parlor = await ttfbPhase(opts, server.child.pid, () => ask());
      return {
        streams: opts.streams,
        fragments: FRAGMENTS,
        intervalMs,
        direct,
        parlor,
        addedP50Ms: minus(parlor.p50Ms, direct.p50Ms),
        addedP99Ms: minus(parlor.p99Ms, direct.p99Ms),
      };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await provider.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runChat(kind: Dialect, opts: ChatOptions): Promise<ChatResult> {
  const bench = await createBenchDb(kind);
  try {
    const db = bench.open();
    let tenant: BenchTenant;
    let ttfbSessions: number[];
    let openSessions: number[];
    try {
      tenant = await createTenant(db, { Model: '2' });
      // A fresh session per question, so every request Parlor sends the provider is the
      // recorded one (no history): enough for every client's answers.
      const answerSeconds = (FRAGMENTS * opts.streamIntervalMs) / 1000;
      const perClient = Math.ceil((opts.seconds + Math.max(opts.warmupSeconds, answerSeconds)) / answerSeconds) + 4;
      ttfbSessions = await createSessions(db, tenant.owner, opts.streams * perClient + 1);
      openSessions = await createSessions(db, tenant.owner, opts.openStreams + 10);
    } finally {
      await db.close();
    }
    const ttfb = await runTtfb(opts, { port: await freePort(), ...bench.target }, tenant, ttfbSessions);
    const open = await runOpen(opts, { port: await freePort(), ...bench.target }, tenant, openSessions);
    return { database: kind, ttfb, open };
  } finally {
    await bench.drop();
  }
}
