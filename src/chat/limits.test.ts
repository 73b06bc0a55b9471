import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { call, post, testClock } from '../../test/harness.ts';
import { DEFAULT_RATE_LIMIT_MESSAGE, MONTHLY_LIMIT_MESSAGE } from './limits.ts';
import { monthOf } from './period.ts';

const clock = testClock(new Date('2026-11-10T12:00:00Z'));
let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp({}, { clock });
});
afterAll(() => t.close());

const ask = (auth: Record<string, string>, sessionID: number, content = 'hi') =>
  post(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, auth);

async function questionsStored(auth: Record<string, string>, sessionID: number) {
  const h = await call<{ List: { Role: string }[] }>(
    t.app,
    '/chat/Chat/GetMessages',
    { sessionID, PageSize: 100 },
    auth,
  );
  return h.List.filter((m) => m.Role === 'user').length;
}

describe('RateLimitCount / RateLimitTime (per session)', () => {
  it('answers 429 with RateLimitMessage and Retry-After past the count, and again after the window', async () => {
    clock.set(new Date('2026-11-10T12:00:00Z'));
    const f = await chatFixture(t, { RateLimitCount: 3, RateLimitTime: 60, RateLimitMessage: 'Slow down, please.' });
    for (let i = 0; i < 3; i++) {
      expect((await ask(f.ws.auth, f.sessionId)).status).toBe(200);
      clock.advance(5_000);
    }
    const r = await ask(f.ws.auth, f.sessionId);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ Success: false, Code: 429, Message: 'Slow down, please.' });
    // The oldest question (t=0) leaves the window at t=60 s; it is now t=15 s.
    expect(r.headers['retry-after']).toBe('45');
    expect(await questionsStored(f.ws.auth, f.sessionId)).toBe(3);
    clock.advance(45_001);
    expect((await ask(f.ws.auth, f.sessionId)).status).toBe(200);
  });

  it('uses a default message, counts per session, and is off at 0', async () => {
    const f = await chatFixture(t, { RateLimitCount: 1, RateLimitTime: 3600 });
    expect((await ask(f.ws.auth, f.sessionId)).status).toBe(200);
    const r = await ask(f.ws.auth, f.sessionId);
    expect(r.body.Message).toBe(DEFAULT_RATE_LIMIT_MESSAGE);
    const other = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect((await ask(f.ws.auth, other.SessionID)).status).toBe(200);

    const off = await chatFixture(t, { RateLimitCount: 0, RateLimitTime: 1 });
    for (let i = 0; i < 5; i++) expect((await ask(off.ws.auth, off.sessionId)).status).toBe(200);
  });

  it('holds under concurrency: 40 questions at once with RateLimitCount 10 → exactly 10 answered', async () => {
    const f = await chatFixture(t, { RateLimitCount: 10, RateLimitTime: 3600 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(f.ws.auth, f.sessionId, `q${i}`)));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect(await questionsStored(f.ws.auth, f.sessionId)).toBe(10);
  });
});

describe('MessageLimit (per chatbot and calendar month in its TimeZone)', () => {
  it('counts questions across sessions and resets when the month changes in the chatbot’s zone', async () => {
    // 2026-12-01T03:00Z is still November 30 in Chicago (UTC−6).
    clock.set(new Date('2026-11-30T20:00:00Z'));
    const f = await chatFixture(t, { MessageLimit: 2, TimeZone: 'America/Chicago' });
    const s2 = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect((await ask(f.ws.auth, f.sessionId)).status).toBe(200);
    expect((await ask(f.ws.auth, s2.SessionID)).status).toBe(200);
    clock.set(new Date('2026-12-01T03:00:00Z'));
    const r = await ask(f.ws.auth, s2.SessionID);
    expect(r.status).toBe(429);
    expect(r.body.Message).toBe(MONTHLY_LIMIT_MESSAGE);
    clock.set(new Date('2026-12-01T06:30:00Z'));
    expect((await ask(f.ws.auth, s2.SessionID)).status).toBe(200);
  });

  it('refuses everything at 0 and nothing at -1', async () => {
    const zero = await chatFixture(t, { MessageLimit: 0 });
    expect((await ask(zero.ws.auth, zero.sessionId)).status).toBe(429);
    expect(await questionsStored(zero.ws.auth, zero.sessionId)).toBe(0);
    const unlimited = await chatFixture(t, { MessageLimit: -1 });
    for (let i = 0; i < 5; i++) expect((await ask(unlimited.ws.auth, unlimited.sessionId)).status).toBe(200);
  });

  it('holds under concurrency across sessions: 30 questions at once with MessageLimit 7 → exactly 7 answered', async () => {
    const f = await chatFixture(t, { MessageLimit: 7 });
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: f.serial }, f.ws.auth),
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(f.ws.auth, sessions[i % 5]?.SessionID ?? 0, `q${i}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    expect(results.filter((r) => r.status === 429)).toHaveLength(23);
  });
});

describe('monthOf', () => {
  it('names the calendar month in the zone', () => {
    expect(monthOf(new Date('2026-12-01T03:00:00Z'), 'America/Chicago')).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T03:00:00Z'), 'UTC')).toBe('2026-12');
    expect(monthOf(new Date('2026-11-30T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-12');
  });
});
