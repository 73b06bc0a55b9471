// A 429's Retry-After before the first token: waited out when it is seconds or an
// HTTP date, within the answer's bound; a longer one fails at once instead of retrying early.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderApp, providerApp } from './provider-app.ts';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp({ OPENAI_TIMEOUT_MS: '8000' });
});
afterAll(() => p.close());

async function ask() {
  const s = await p.session();
  const from = p.fake.chats().length;
  const started = performance.now();
  const res = await fetch(`${p.url}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...s.ws.auth },
    body: JSON.stringify({ sessionID: s.sessionId, content: 'Any homes in Austin?' }),
  });
  const body = (await res.json()) as { Code: number; Message: string; Data: { content: string } | null };
  return { body, ms: performance.now() - started, requests: p.fake.chats().length - from };
}

describe('Retry-After before the first token', () => {
  it('waits the seconds a 429 asks for, then answers', async () => {
    p.fake.script(
      { kind: 'status', status: 429, message: 'rate limited', retryAfter: 1 },
      { kind: 'text', text: 'Here you are.' },
    );
    const r = await ask();
    expect(r.body.Data?.content).toBe('Here you are.');
    expect(r.requests).toBe(2);
    // The default back-off would have waited 250 ms.
    expect(r.ms).toBeGreaterThanOrEqual(950);
  });

  it('waits until an HTTP date', async () => {
    // Dates have whole seconds: two seconds ahead is at least one second away.
    const at = new Date(Date.now() + 2000).toUTCString();
    p.fake.script({ kind: 'status', status: 429, retryAfter: at }, { kind: 'text', text: 'Later, then.' });
    const r = await ask();
    expect(r.body.Data?.content).toBe('Later, then.');
    expect(r.ms).toBeGreaterThanOrEqual(950);
  });

  it('fails at once with a 502 naming the 429 when the wait is longer than the bound', async () => {
    p.fake.script({ kind: 'status', status: 429, message: 'quota exhausted', retryAfter: 3600 });
    const r = await ask();
    expect(r.body).toMatchObject({ Code: 502, Message: 'the model provider answered HTTP 429: quota exhausted' });
    expect(r.requests).toBe(1);
    expect(r.ms).toBeLessThan(900);
  });
});
