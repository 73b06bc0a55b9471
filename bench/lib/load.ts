// A typed wrapper around autocannon, run programmatically: POSTs whose bodies a generator
// makes (so each request can carry a unique MLSNumber), a short warm-up, then the measured run.
import { createRequire } from 'node:module';
import { cpuMs } from './process-cpu.ts';

/** The part of autocannon's request shape Parlor's benchmarks use. */
interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}

interface RawResult {
  requests: Histogram & { total: number };
  latency: Histogram & { max: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: (RawRequest & { setupRequest?: (req: RawRequest) => RawRequest })[];
}

type Autocannon = (opts: AutocannonOptions) => Promise<RawResult>;

// autocannon ships no type declarations; its programmatic API is the one described above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const CONNECTIONS = 64;

export interface LoadSpec {
  url: string;
  path: string;
  headers?: Record<string, string>;
  /** The JSON body of the i-th request. */
  body: (i: number) => unknown;
  seconds: number;
  /** Seconds of unmeasured load first (JIT, caches, connection setup). */
  warmupSeconds?: number;
  /** The server's process id, to measure its CPU time per request. */
  serverPid?: number;
}

export interface LoadResult {
  /** Successful (2xx) responses per second over the measured run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Server CPU milliseconds (user + system) per successful response; null if not measured. */
  cpuMsPerRequest: number | null;
}

async function fire(spec: LoadSpec, seconds: number, next: () => number): Promise<RawResult> {
  return autocannon({
    url: spec.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: spec.path,
        headers: { 'content-type': 'application/json', ...spec.headers },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(spec.body(next())) }),
      },
    ],
  });
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  let i = 0;
  const next = () => i++;
  if (spec.warmupSeconds) await fire(spec, spec.warmupSeconds, next);
  const cpuBefore = cpuMs(spec.serverPid);
  const r = await fire(spec, spec.seconds, next);
  const cpuAfter = cpuMs(spec.serverPid);
  return {
    rps: r['2xx'] / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null || !r['2xx'] ? null : (cpuAfter - cpuBefore) / r['2xx'],
  };
}
