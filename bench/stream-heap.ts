// `npm run bench:heap`: what one open answer stream holds on Parlor's heap. Parlor is started
// against the fake provider (slow answers, so the streams stay open), a heap snapshot is taken
// idle after a warm-up and again with BENCH_HEAP_STREAMS (default 1,000) streams open; the
// difference of the snapshots' self sizes over the streams is the heap per open stream, with the
// kinds of objects that hold most of it. The baseline is the idle snapshot of the same process.
// RSS moves with the collector's timing (bench/README.md); this figure does not.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createBenchDb, createSessions, createTenant } from './lib/databases.ts';
import { askRequests, FRAGMENTS, parlorEnv, sleep } from './lib/parlor-chat.ts';
import { startProviderProcess } from './lib/provider-process.ts';
import { freePort, ROOT, startParlor } from './lib/server-process.ts';
import { timedStream } from './lib/stream-client.ts';

const STREAMS = Number(process.env.BENCH_HEAP_STREAMS) || 1000;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size per kind of object (its constructor, or its V8 type for strings, arrays, code). */
function sizes(file: string): Map<string, number> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, number>();
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const t = types[s.nodes[i + type] ?? 0] ?? '';
    const kind = t === 'object' ? (s.strings[s.nodes[i + name] ?? 0] ?? '') : `(${t})`;
    out.set(kind, (out.get(kind) ?? 0) + (s.nodes[i + size] ?? 0));
  }
  return out;
}

/** Signals the server to write a heap snapshot (--heapsnapshot-signal) and waits for the file. */
async function snapshot(pid: number, seen: Set<string>): Promise<string> {
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 500) {
    await sleep(500);
    const fresh = readdirSync(ROOT).filter((f) => f.startsWith(`Heap.`) && f.includes(`.${pid}.`) && !seen.has(f));
    // Written when its size stops changing between two looks.
    if (fresh[0]) {
      const file = join(ROOT, fresh[0]);
      let last = -1;
      for (let tries = 0; tries < 240; tries++) {
        const size = statSync(file).size;
        if (size === last && size > 0) {
          seen.add(fresh[0]);
          return file;
        }
        last = size;
        await sleep(500);
      }
    }
  }
  throw new Error('no heap snapshot written');
}

const bench = await createBenchDb('sqlite');
const files: string[] = [];
try {
  const db = bench.open();
  const tenant = await createTenant(db, { Model: '2' });
  const sessions = await createSessions(db, tenant.owner, STREAMS + 20);
  await db.close();
  // 200 fragments 300 ms apart: every stream stays open a minute, past both snapshots' start.
  const provider = await startProviderProcess({ fragments: FRAGMENTS, intervalMs: 300 });
  process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --heapsnapshot-signal=SIGUSR2`;
  const server = await startParlor({ port: await freePort(), ...bench.target, env: parlorEnv(provider.url) });
  try {
    const pid = server.child.pid ?? 0;
    const seen = new Set<string>();
    const ask = askRequests(server, tenant, sessions, STREAMS + 20);
    await Promise.all(Array.from({ length: 10 }, () => timedStream(ask({ stopAfterFirst: true }))));
    await sleep(2000);
    files.push(await snapshot(pid, seen));
    let open = 0;
    const streams: Promise<unknown>[] = [];
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = Array.from(
        { length: Math.min(100, STREAMS - i) },
        () =>
          new Promise<void>((opened) => {
            const onFirst = () => {
              open++;
              opened();
            };
            streams.push(timedStream(ask({ onFirst })).finally(() => opened()));
          }),
      );
      await Promise.all(batch);
    }
    files.push(await snapshot(pid, seen));
    const [idle, busy] = files.map(sizes) as [Map<string, number>, Map<string, number>];
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const perStream = (total(busy) - total(idle)) / open;
    console.log(`streams open at the second snapshot: ${open} of ${STREAMS}`);
    console.log(
      `heap idle (baseline): ${(total(idle) / 1e6).toFixed(1)} MB; with the streams open: ${(total(busy) / 1e6).toFixed(1)} MB`,
    );
    console.log(`heap per open stream: ${(perStream / 1000).toFixed(1)} kB`);
    const kinds = [...busy].map(([k, v]) => [k, (v - (idle.get(k) ?? 0)) / open] as const).sort((a, b) => b[1] - a[1]);
    for (const [kind, bytes] of kinds.slice(0, 8)) console.log(`  ${kind}: ${(bytes / 1000).toFixed(2)} kB`);
    await Promise.allSettled(streams.map((s) => Promise.race([s, sleep(1)])));
  } finally {
    await server.stop('SIGKILL');
    await provider.stop();
  }
} finally {
  for (const f of files) rmSync(f, { force: true });
  await bench.drop();
}
process.exit(0);
