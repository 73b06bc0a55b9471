// Abuse limits of the public endpoints (src/abuse/), counted in the database: sessions opened by
// GetConfig per address, questions per address over all of a chatbot's sessions, a per-chatbot
// ceiling on questions, and leads per session, per address and per chatbot. Each refusal is a
// 429 with Retry-After (the end of the window) and stores nothing. API-key callers are not
// limited by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHATBOT_BUSY_MESSAGE,
  LEAD_REPEAT_MESSAGE,
  LEADS_MESSAGE,
  QUESTIONS_MESSAGE,
  SESSIONS_MESSAGE,
} from '../../src/abuse/limits.ts';
import { buildTestApp, call, type TestApp, testClock } from '../harness.ts';
import { demoChatbot } from '../widget/fixture.ts';
import {
  askFrom,
  chatbotIdOf,
  countQuestions,
  countRows,
  getConfigFrom,
  LEAD,
  sendFrom,
  talkFrom,
  visitorFrom,
} from './client.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: {
      PARLOR_LIMIT_SESSIONS_PER_MINUTE: '3',
      PARLOR_LIMIT_SESSIONS_PER_HOUR: '5',
      PARLOR_LIMIT_QUESTIONS_PER_MINUTE: '4',
      PARLOR_LIMIT_CHATBOT_QUESTIONS_PER_MINUTE: '6',
      PARLOR_LIMIT_LEAD_WINDOW_MINUTES: '10',
      PARLOR_LIMIT_LEADS_PER_HOUR: '2',
      PARLOR_LIMIT_CHATBOT_LEADS_PER_HOUR: '3',
    },
  });
});
afterAll(async () => t?.close());

const A = '203.0.113.10';
const B = '198.51.100.20';
const C = '192.0.2.30';

describe('sessions opened by GetConfig', () => {
  it('per address per minute and per hour: 429 with Retry-After to the window end, no session stored', async () => {
    clock.set(new Date('2026-11-02T15:00:10Z'));
    const { serial } = await demoChatbot(t);
    const botId = await chatbotIdOf(t.db.kysely, serial);
    const first = await visitorFrom(t.app, A, serial);
    await visitorFrom(t.app, A, serial);
    await visitorFrom(t.app, A, serial);
    const refused = await getConfigFrom(t.app, A, serial);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ Success: false, Code: 429, Data: null, Message: SESSIONS_MESSAGE });
    expect(refused.retryAfter).toBe('50');
    expect(await countRows(t.db.kysely, 'sessions', botId)).toBe(3);

    // Another address is unaffected; a page presenting its visitor key keeps its session, uncounted.
    await visitorFrom(t.app, B, serial);
    const kept = await getConfigFrom(t.app, A, serial, { 'chatrobot-sessionkey': first.SessionKey });
    expect(kept.status).toBe(200);
    expect(kept.body.Data.SessionID).toBe(first.SessionID);

    // The next minute allows two more: the hour's 5 are then used up until 16:00.
    clock.set(new Date('2026-11-02T15:01:00Z'));
    await visitorFrom(t.app, A, serial);
    await visitorFrom(t.app, A, serial);
    const hourly = await getConfigFrom(t.app, A, serial);
    expect(hourly.status).toBe(429);
    expect(hourly.retryAfter).toBe('3540');
    expect(await countRows(t.db.kysely, 'sessions', botId)).toBe(6);
  });

  it('counts per chatbot: the same address on another chatbot opens sessions', async () => {
    clock.set(new Date('2026-11-02T15:10:10Z'));
    const one = await demoChatbot(t);
    const two = await demoChatbot(t);
    for (let i = 0; i < 3; i++) await visitorFrom(t.app, C, one.serial);
    expect((await getConfigFrom(t.app, C, one.serial)).status).toBe(429);
    expect((await getConfigFrom(t.app, C, two.serial)).status).toBe(200);
  });
});

describe('questions', () => {
  it('per address over all the chatbot sessions, then the per-chatbot ceiling; refused questions are not stored', async () => {
    clock.set(new Date('2026-11-02T16:00:05Z'));
    const { serial, ws } = await demoChatbot(t);
    const botId = await chatbotIdOf(t.db.kysely, serial);
    const sessions = [
      await visitorFrom(t.app, A, serial),
      await visitorFrom(t.app, A, serial),
      await visitorFrom(t.app, A, serial),
    ];
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const v = sessions[i % 3];
      if (!v) throw new Error('no session');
      const r = await askFrom(t.app, A, v, `Hello (${i})`);
      codes.push(r.status);
      if (r.status === 429) {
        expect(r.body.Message).toBe(QUESTIONS_MESSAGE);
        expect(r.retryAfter).toBe('55');
      }
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await countQuestions(t.db.kysely, botId)).toBe(4);

    // Another address asks: the chatbot's ceiling of 6 a minute is then reached for everyone.
    const b = await visitorFrom(t.app, B, serial);
    expect((await askFrom(t.app, B, b)).status).toBe(200);
    expect((await askFrom(t.app, B, b)).status).toBe(200);
    const c = await visitorFrom(t.app, C, serial);
    const busy = await askFrom(t.app, C, c);
    expect(busy.status).toBe(429);
    expect(busy.body.Message).toBe(CHATBOT_BUSY_MESSAGE);
    expect(await countQuestions(t.db.kysely, botId)).toBe(6);

    // The brokerage's own server (API key) is not limited by them.
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    for (let i = 0; i < 3; i++) {
      const r = await sendFrom(t.app, A, '/chat/Chat/ClientAsk', { sessionID: SessionID, content: 'hi' }, ws.auth);
      expect(r.status).toBe(200);
    }

    // A new minute: the address asks again.
    clock.set(new Date('2026-11-02T16:01:00Z'));
    expect((await askFrom(t.app, A, sessions[0] ?? b)).status).toBe(200);
  });
});

describe('leads', () => {
  it('one per session per window, then per address and per chatbot per hour; refused leads are not recorded', async () => {
    clock.set(new Date('2026-11-02T17:00:05Z'));
    const { serial, ws } = await demoChatbot(t);
    const botId = await chatbotIdOf(t.db.kysely, serial);
    const a1 = await visitorFrom(t.app, A, serial);
    expect((await talkFrom(t.app, A, a1)).status).toBe(200);
    const again = await talkFrom(t.app, A, a1);
    expect(again.status).toBe(429);
    expect(again.body.Message).toBe(LEAD_REPEAT_MESSAGE);
    expect(again.retryAfter).toBe('595');
    expect(await countRows(t.db.kysely, 'leads', botId)).toBe(1);

    expect((await talkFrom(t.app, A, await visitorFrom(t.app, A, serial))).status).toBe(200);
    const perAddress = await talkFrom(t.app, A, await visitorFrom(t.app, A, serial));
    expect(perAddress.status).toBe(429);
    expect(perAddress.body.Message).toBe(LEADS_MESSAGE);
    expect(perAddress.retryAfter).toBe('3595');

    expect((await talkFrom(t.app, B, await visitorFrom(t.app, B, serial))).status).toBe(200);
    const perChatbot = await talkFrom(t.app, C, await visitorFrom(t.app, C, serial));
    expect(perChatbot.status).toBe(429);
    expect(await countRows(t.db.kysely, 'leads', botId)).toBe(3);

    // The API key's TalkToHuman is the brokerage's own: not limited.
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    for (let i = 0; i < 2; i++) {
      const r = await sendFrom(t.app, A, '/chat/Chat/TalkToHuman', { sessionID: SessionID, ...LEAD }, ws.auth);
      expect(r.status).toBe(200);
    }
    expect(await countRows(t.db.kysely, 'leads', botId)).toBe(5);
  });

  it('a lead typed in a visitor chat goes through the same limits', async () => {
    clock.set(new Date('2026-11-02T18:00:05Z'));
    const { serial } = await demoChatbot(t);
    const botId = await chatbotIdOf(t.db.kysely, serial);
    const v = await visitorFrom(t.app, A, serial);
    const typed = await askFrom(t.app, A, v, 'Please have an agent call me. I am Ann Lee, 512-555-0147');
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await countRows(t.db.kysely, 'leads', botId)).toBe(1);
    const form = await talkFrom(t.app, A, v);
    expect(form.status).toBe(429);
    expect(form.body.Message).toBe(LEAD_REPEAT_MESSAGE);
    expect(await countRows(t.db.kysely, 'leads', botId)).toBe(1);
  });
});
