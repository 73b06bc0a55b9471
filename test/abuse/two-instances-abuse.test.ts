// The script against two Parlor processes on one PostgreSQL database, with the default
// limits: from one client address, 50 GetConfig calls and 3 questions in each session opened,
// sent at once to both instances. The limits are counted in the database, so the instances
// share them: 10 sessions open and 20 questions are answered, whatever instance took which.
// A second address is unaffected. Both processes sit behind a trusted proxy (loopback), so the
// client address is the X-Forwarded-For one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerProcess } from '../../bench/lib/server-process.ts';
import { QUESTIONS_MESSAGE, SESSIONS_MESSAGE } from '../../src/abuse/limits.ts';
import { dbKind } from '../harness.ts';
import { seedWorkspace, startInstances } from '../instances.ts';

const onPostgres = dbKind === 'postgres';
let servers: ServerProcess[] = [];
let serial = '';

beforeAll(async () => {
  if (!onPostgres) return;
  serial = (await seedWorkspace('Scripted Realty', [{}])).serials[0] ?? '';
  servers = await startInstances(2, { PARLOR_TRUSTED_PROXIES: 'loopback' });
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { Code: number; Message: string; Data: { SessionID: number; SessionKey: string } | null };
}

async function postAs(i: number, address: string, path: string, body: unknown, key?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': address };
  if (key) headers['chatrobot-sessionkey'] = key;
  const res = await fetch(`${servers[i % 2]?.url ?? ''}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] };
}

/** The script: GetConfig `configs` times at once, then 3 questions in each session opened, at once. */
async function script(address: string, configs: number) {
  const opened = await Promise.all(
    Array.from({ length: configs }, (_, i) => postAs(i, address, '/chat/Chatbot/GetConfig', { serialNumber: serial })),
  );
  const visitors = opened.flatMap((r) => (r.status === 200 && r.body.Data ? [r.body.Data] : []));
  const asked = await Promise.all(
    visitors.flatMap((v, i) =>
      [0, 1, 2].map((q) =>
        postAs(
          i + q,
          address,
          '/chat/Chat/Ask',
          { sessionID: v.SessionID, content: `Hello (${q})`, stream: false },
          v.SessionKey,
        ),
      ),
    ),
  );
  return { opened, asked };
}

it.skipIf(!onPostgres)(
  'one address: 50 GetConfig and 3 questions each over two instances → 10 sessions and 20 answers; another address unaffected',
  async () => {
    // The limits count per fixed minute: start early in one so the script ends within it.
    const into = Date.now() % 60_000;
    if (into > 40_000) await new Promise((r) => setTimeout(r, 60_000 - into + 100));

    const a = await script('203.0.113.77', 50);
    const refusedConfigs = a.opened.filter((r) => r.status === 429);
    expect(a.opened.filter((r) => r.status === 200)).toHaveLength(10);
    expect(refusedConfigs).toHaveLength(40);
    expect(refusedConfigs[0]?.body.Message).toBe(SESSIONS_MESSAGE);
    expect(Number(refusedConfigs[0]?.retryAfter)).toBeGreaterThan(0);

    const answered = a.asked.filter((r) => r.status === 200);
    const refused = a.asked.filter((r) => r.status === 429);
    expect(a.asked).toHaveLength(30);
    expect(answered).toHaveLength(20);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r.body.Message === QUESTIONS_MESSAGE && Number(r.retryAfter) > 0)).toBe(true);

    const b = await script('198.51.100.88', 1);
    expect(b.opened.map((r) => r.status)).toEqual([200]);
    expect(b.asked.map((r) => r.status)).toEqual([200, 200, 200]);
  },
  90_000,
);
