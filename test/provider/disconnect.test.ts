// A client that goes away aborts the model call (DESIGN §3.5), and leaves nothing behind:
// 200 streams are aborted mid-answer; the fake provider must see every request aborted, what
// was generated is stored, and the process's sockets and timers return to their level.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ProviderApp, providerApp } from './provider-app.ts';

const STREAMS = 200;
let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ OPENAI_TIMEOUT_MS: '30000' });
});
afterAll(() => p.close());

/** Open sockets and timers of this process. */
function handles() {
  const info = process.getActiveResourcesInfo();
  return {
    sockets: info.filter((r) => r === 'TCPSocketWrap').length,
    timers: info.filter((r) => r === 'Timeout').length,
  };
}

async function settle(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
}

/** Starts a streamed question and aborts it once the first fragment arrived. */
async function askAndHangUp(sessionId: number, auth: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${p.url}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ sessionID: sessionId, content: 'Tell me about homes in Austin', stream: true }),
    signal: controller.signal,
  });
  const reader = res.body?.getReader();
  const first = await reader?.read();
  controller.abort();
  await reader?.cancel().catch(() => {});
  return new TextDecoder().decode(first?.value);
}

it(`${STREAMS} streams aborted mid-answer: every provider request aborted, answers stored, no handles left`, async () => {
  const sessions = await Promise.all(Array.from({ length: 20 }, () => p.session()));
  // The provider streams 200 fragments 5 ms apart: about a second per answer.
  p.fake.fallback({ kind: 'text', text: 'word '.repeat(200), fragments: 200, intervalMs: 5 });
  // Warm up the paths once, then take the baseline.
  const warm = sessions[0];
  if (!warm) throw new Error('no session');
  await askAndHangUp(warm.sessionId, warm.ws.auth);
  await p.fake.waitFor(() => p.fake.chats().every((r) => r.closedAt !== null), 5000);
  const before = handles();
  const chatsBefore = p.fake.chats().length;

  const firstChunks = await Promise.all(
    Array.from({ length: STREAMS }, (_, i) => {
      const s = sessions[i % sessions.length];
      if (!s) throw new Error('no session');
      return askAndHangUp(s.sessionId, s.ws.auth);
    }),
  );
  expect(firstChunks.every((c) => c.startsWith('{"content":'))).toBe(true);

  const ours = () => p.fake.chats().slice(chatsBefore);
  await p.fake.waitFor(() => ours().length === STREAMS && ours().every((r) => r.closedAt !== null), 10_000);
  expect(ours()).toHaveLength(STREAMS);
  expect(ours().filter((r) => r.aborted)).toHaveLength(STREAMS);

  // Every answer is stored as partial: what was generated before the client left.
  const stored = async () =>
    p.db.kysely
      .selectFrom('messages')
      .select(['status'])
      .where('role', '=', 'assistant')
      .where(
        'session_id',
        'in',
        sessions.map((s) => s.sessionId),
      )
      .execute();
  await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(STREAMS + 1);
  expect((await stored()).every((m) => m.status === 'partial')).toBe(true);

  // Sockets and timers return to their level (idle keep-alive sockets may take a moment to go).
  const ok = await settle(() => {
    const now = handles();
    return now.sockets <= before.sockets && now.timers <= before.timers;
  }, 10_000);
  expect({ ok, before, after: handles() }).toMatchObject({ ok: true });
  expect(p.fake.openConnections()).toBe(0);
}, 60_000);
