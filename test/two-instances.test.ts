// Limits hold across instances (DESIGN §1, §3.5): two Parlor processes on one PostgreSQL
// database share a session's rate limit and a chatbot's monthly limit. Several instances
// need PostgreSQL (SQLite is one process's embedded database), so this runs there only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerProcess } from '../bench/lib/server-process.ts';
import { dbKind } from './harness.ts';
import { seedWorkspace, startInstances } from './instances.ts';

const onPostgres = dbKind === 'postgres';
let servers: ServerProcess[] = [];
let apiKey = '';
let rateSerial = '';
let monthlySerial = '';

beforeAll(async () => {
  if (!onPostgres) return;
  const seeded = await seedWorkspace('Two Instances Realty', [
    { RateLimitCount: 10, RateLimitTime: 3600 },
    { MessageLimit: 10 },
  ]);
  apiKey = seeded.apiKey;
  [rateSerial = '', monthlySerial = ''] = seeded.serials;
  servers = await startInstances(2);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
});

async function postJson(base: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { Data: { SessionID: number }; Code: number } };
}

const session = async (serial: string, i: number) =>
  (await postJson(servers[i % 2]?.url ?? '', '/chat/Chatbot/GetSession', { serialNumber: serial })).body.Data.SessionID;

it.skipIf(!onPostgres)(
  '40 concurrent questions on one session, RateLimitCount 10 → exactly 10 answered, 30 × 429',
  async () => {
    const sessionID = await session(rateSerial, 0);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(servers[i % 2]?.url ?? '', '/chat/Chat/ClientAsk', {
          sessionID,
          content: `Any homes in Austin? (${i})`,
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  },
);

it.skipIf(!onPostgres)(
  '40 concurrent questions over 8 sessions, MessageLimit 10 → exactly 10 answered, 30 × 429',
  async () => {
    const sessions = await Promise.all(Array.from({ length: 8 }, (_, i) => session(monthlySerial, i)));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(servers[i % 2]?.url ?? '', '/chat/Chat/ClientAsk', {
          sessionID: sessions[i % 8],
          content: `Hello (${i})`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(30);
  },
);
