// Starts a server as a child process (Parlor, or the raw node:http baseline), waits for it
// to answer, and stops it. Benchmarks and the crash test both need a real process: the load
// generator must not share the server's event loop, and kill -9 needs a process to kill.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { scrapeEventLoop } from './event-loop.ts';
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Node 24 from the `node` dev dependency; the system node may be older. */
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote to stderr (the last 64 KiB), for error messages. */
  stderr(): string;
  /** SIGKILL (no clean shutdown) or SIGTERM; resolves once the process has exited. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** A port free right now on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const addr = srv.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  srv.close();
  await once(srv, 'close');
  return port;
}

export interface StartOptions {
  /** Arguments after the node binary, e.g. ['src/main.ts', 'serve']. */
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Path polled until it answers 200. */
  readyPath: string;
  timeoutMs?: number;
}

export async function startProcess(opts: StartOptions): Promise<ServerProcess> {
  // BENCH_NODE_ARGS: flags for every server the bench starts (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', ...extra, ...opts.args], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => {
    err = (err + s).slice(-65536);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const proc: ServerProcess = {
    url,
    port: opts.port,
    child,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready (${child.exitCode ?? child.signalCode}): ${err}`);
    }
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return proc;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await proc.stop('SIGKILL');
      throw new Error(`server not ready within ${opts.timeoutMs ?? 60_000} ms: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ParlorOptions {
  port: number;
  /** SQLite: the data directory. */
  dataDir?: string;
  /** PostgreSQL: the database URL (takes precedence over dataDir). */
  databaseUrl?: string;
  env?: Record<string, string>;
}

/** `node bin/parlor.js serve` (what `npm start` runs) without bootstrap, ready once /readyz answers. */
/**
 * The V8 flags `npm start` gives the server (package.json's start script), so that the
 * benchmarks measure the process an operator runs.
 */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--') && !arg.startsWith('--disable-warning'));

export function startParlor(opts: ParlorOptions): Promise<ServerProcess> {
  // Every load generator connects from 127.0.0.1 (1,000 open streams at once): the per-address
  // connection cap, meant for one client among many, is off for them.
  const env: Record<string, string> = {
    PARLOR_BOOTSTRAP: '0',
    LOG_LEVEL: 'warn',
    PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS: '0',
    // The bench measures how much one workspace's client can get through; the per-workspace
    // API rate (a guard between tenants, far below that) would refuse most of it.
    PARLOR_LIMIT_API_REQUESTS_PER_MINUTE: '0',
    ...opts.env,
  };
  // Set both explicitly so a DATABASE_URL inherited from the caller's environment cannot leak in.
  env.DATABASE_URL = opts.databaseUrl ?? '';
  if (opts.dataDir) env.PARLOR_DATA_DIR = opts.dataDir;
  const started = startProcess({
    args: [...SERVER_NODE_FLAGS, 'bin/parlor.js', 'serve'],
    env,
    port: opts.port,
    readyPath: '/readyz',
  });
  // Its event-loop delay over the step is read just before it stops (lib/event-loop.ts).
  return started.then((server) => ({
    ...server,
    async stop(signal?: 'SIGKILL' | 'SIGTERM') {
      if (signal !== 'SIGKILL') await scrapeEventLoop(server.url);
      return server.stop(signal);
    },
  }));
}
