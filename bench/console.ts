// The console's figures: the console's conversations page (its first page, unfiltered and with
// each filter) with 100,000 sessions, and how long an agent's reply takes to reach a visitor's
// open Subscribe stream: on SQLite within one instance, on PostgreSQL across two instances
// (reply sent to one, the visitor subscribed to the other). Each beside the raw node:http
// baseline answering a fixed body, timed by the same client loop in the same run.

import { sql } from 'kysely';
import type { Dialect } from '../src/db/connect.ts';
import { createUser } from '../src/users/service.ts';
import { createBenchDb, createTenant } from './lib/databases.ts';
import { freePort, type ServerProcess, startParlor, startProcess } from './lib/server-process.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { fixed } from './lib/table.ts';

export interface ConsoleResult {
  database: Dialect;
  sessions: number;
  seedSeconds: number;
  /** GET /console/api/conversations, first page, by filter. */
  inbox: Record<string, Latency>;
  baseline: Latency;
  /** AgentReply sent → the reply read from a visitor's open Subscribe stream. */
  reply: Latency & { instances: number };
}

const PASSWORD = 'bench console password';
const FILTERS: Record<string, string> = {
  all: '',
  waiting: '?state=waiting',
  'has lead': '?lead=true',
  chatbot: '?chatbot=SERIAL',
};

/** `count` sessions with one question each, 1% waiting for a person with a lead; activity spread over 30 days. */
async function seedSessions(
  db: ReturnType<Awaited<ReturnType<typeof createBenchDb>>['open']>,
  owner: { workspaceId: number; chatbotId: number },
  count: number,
) {
  const start = Date.now() - 30 * 86_400_000;
  const batch = 1000;
  for (let from = 0; from < count; from += batch) {
    await db.kysely.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, count - from) }, (_, j) => {
        const i = from + j;
        const at = new Date(start + Math.floor((i / count) * 30 * 86_400_000)).toISOString();
        const waiting = i % 100 === 0;
        return {
          workspace_id: owner.workspaceId,
          chatbot_id: owner.chatbotId,
          mode: waiting ? 'human' : 'bot',
          created_at: at,
          last_activity_at: at,
          lead_at: waiting ? at : null,
        };
      });
      const ids = await trx.insertInto('sessions').values(rows).returning('id').execute();
      await trx
        .insertInto('messages')
        .values(
          ids.map((r, j) => ({
            workspace_id: owner.workspaceId,
            chatbot_id: owner.chatbotId,
            session_id: r.id,
            role: 'user',
            content: `3-bed homes in Austin under $${400 + (j % 100)}k?`,
            ask_type: 'Text',
            total_token: 0,
            no_answer: 0,
            status: 'complete',
            created_at: rows[j]?.created_at ?? '',
          })),
        )
        .execute();
    });
  }
}

async function timed(n: number, concurrency: number, one: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const t0 = performance.now();
      await one();
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/console/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function getOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
}

/** A visitor's session on `base` with an open Subscribe stream; `next()` resolves with the next event's arrival time. */
async function subscriber(base: string, serial: string) {
  const cfgRes = await fetch(`${base}/chat/Chatbot/GetConfig`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber: serial }),
  });
  const cfg = ((await cfgRes.json()) as { Data: { SessionID: number; SessionKey: string } }).Data;
  const controller = new AbortController();
  const res = await fetch(`${base}/chat/Chat/Subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'chatrobot-sessionkey': cfg.SessionKey },
    body: JSON.stringify({ sessionID: cfg.SessionID }),
    signal: controller.signal,
  });
  if (!res.body) throw new Error('no stream');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<number> => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const event = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (event.startsWith('data: ')) return performance.now();
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  await next(); // the first event: the current mode
  return { sessionId: cfg.SessionID, next, close: () => controller.abort() };
}

export async function runConsole(kind: Dialect, sessions: number, rounds: number): Promise<ConsoleResult> {
  const bench = await createBenchDb(kind);
  const servers: ServerProcess[] = [];
  let baseline: ServerProcess | null = null;
  try {
    const db = bench.open();
    const tenant = await createTenant(db);
    const email = `bench-owner-${Date.now()}@bench.example`;
    await createUser(
      db,
      { workspaceId: tenant.owner.workspaceId, email, role: 'owner', password: PASSWORD },
      new Date(),
    );
    const seedStart = Date.now();
    await seedSessions(db, tenant.owner, sessions);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    // As the listings bench does: fresh rows have no planner statistics until autovacuum runs.
    if (kind === 'postgres') await sql`analyze sessions, messages`.execute(db.kysely);
    await db.close();

    const instances = kind === 'postgres' ? 2 : 1;
    for (let i = 0; i < instances; i++) servers.push(await startParlor({ port: await freePort(), ...bench.target }));
    baseline = await startProcess({
      args: ['bench/baseline-server.ts'],
      env: {},
      port: await freePort(),
      readyPath: '/',
    });
    const first = servers[0]?.url ?? '';
    const last = servers.at(-1)?.url ?? '';
    const cookie = await signIn(first, email);

    const inbox: Record<string, Latency> = {};
    for (const [name, query] of Object.entries(FILTERS)) {
      const url = `${first}/console/api/conversations${query.replace('SERIAL', tenant.serial)}`;
      await timed(20, 4, () => getOk(url, { cookie }));
      inbox[name] = latencyOf(await timed(rounds, 4, () => getOk(url, { cookie })));
    }
    const base = baseline.url;
    await timed(20, 4, () => getOk(base));
    const baselineLatency = latencyOf(await timed(rounds, 4, () => getOk(base)));

    // Replies go to the last instance; the visitor listens on the first.
    const visitor = await subscriber(first, tenant.serial);
    const delays: number[] = [];
    for (let i = 0; i < Math.max(20, Math.round(rounds / 5)); i++) {
      const arrival = visitor.next();
      const sent = performance.now();
      const res = await fetch(`${last}/chat/Chat/AgentReply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tenant.apiKey },
        body: JSON.stringify({ sessionID: visitor.sessionId, content: `Reply ${i}` }),
      });
      await res.arrayBuffer();
      delays.push((await arrival) - sent);
    }
    visitor.close();
    return {
      database: kind,
      sessions,
      seedSeconds,
      inbox,
      baseline: baselineLatency,
      reply: { ...latencyOf(delays), instances },
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await baseline?.stop('SIGTERM');
    await bench.drop();
  }
}

/** Table rows: p50/p99 of each figure, the baseline's, and what Parlor adds. */
export function consoleRows(sqlite: ConsoleResult | null, pg: ConsoleResult | null): string[][] {
  const rows: string[][] = [];
  const cell = (r: ConsoleResult | null, l: (r: ConsoleResult) => Latency, p: 'p50Ms' | 'p99Ms') =>
    r ? [fixed(l(r)[p], 1), fixed(r.baseline[p], 1), fixed(minus(l(r)[p], r.baseline[p]), 1)] : ['—', '—', '—'];
  const figure = (name: string, l: (r: ConsoleResult) => Latency) => {
    rows.push([`${name} p50 ms`, ...cell(sqlite, l, 'p50Ms'), ...cell(pg, l, 'p50Ms')]);
    rows.push(['  p99 ms', ...cell(sqlite, l, 'p99Ms'), ...cell(pg, l, 'p99Ms')]);
  };
  const sessions = (sqlite ?? pg)?.sessions ?? 0;
  for (const name of Object.keys(FILTERS)) {
    figure(`console inbox (${name}), ${sessions} sessions,`, (r) => r.inbox[name] ?? latencyOf([]));
  }
  figure('agent reply → subscription (pg: 2 instances),', (r) => r.reply);
  return rows;
}

export function consoleTargets(sqlite: ConsoleResult | null, pg: ConsoleResult | null) {
  const worstInbox = (r: ConsoleResult | null) =>
    r ? Math.max(...Object.values(r.inbox).map((l) => l.p99Ms ?? Number.POSITIVE_INFINITY)) : null;
  const target = (name: string, value: number | null, limit: number) => ({
    target: name,
    value,
    met: value === null ? null : value <= limit,
  });
  return {
    consoleInboxSqlite: target('console inbox first page p99 ≤ 200 ms, every filter (SQLite)', worstInbox(sqlite), 200),
    consoleInboxPostgres: target(
      'console inbox first page p99 ≤ 200 ms, every filter (PostgreSQL)',
      worstInbox(pg),
      200,
    ),
    agentReplyAcross: target(
      "agent reply reaches the visitor's subscription p99 ≤ 1 s across two instances (PostgreSQL)",
      pg?.reply.p99Ms ?? null,
      1000,
    ),
  };
}
