// GetMessageCountByChatbot (stored questions and answers of one chatbot) and
// GetMessageCreditsUsage (this month's questions against the chatbots' MessageLimits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatTestApp } from '../../test/chat/chat-app.ts';
import { createChatbot, expectFailure } from '../../test/factories.ts';
import { call, newWorkspace, post, type TestWorkspace, testClock } from '../../test/harness.ts';
import { expectPlatformConventions, rawPost } from './test-calls.ts';

const COUNT = '/chat/Chatbot/GetMessageCountByChatbot';
const CREDITS = '/chat/Chatbot/GetMessageCreditsUsage';
const clock = testClock(new Date('2031-03-31T20:00:00Z'));
let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp({}, { clock });
});
afterAll(() => t.close());

async function botWithSession(ws: TestWorkspace, settings: Record<string, unknown>) {
  const serial = await createChatbot(t.app, ws.auth);
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ...settings }, ws.auth);
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  return { serial, sessionId: SessionID };
}

const ask = (ws: TestWorkspace, sessionID: number, content = 'hi') =>
  post(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, ws.auth);

describe('GetMessageCountByChatbot', () => {
  it("counts the chatbot's questions and answers, not a failed empty answer nor another chatbot's", async () => {
    const ws = await newWorkspace(t.db);
    const bot = await botWithSession(ws, {});
    const other = await botWithSession(ws, {});
    expect(await call(t.app, COUNT, { SerialNumber: bot.serial }, ws.auth)).toBe(0);
    expect((await ask(ws, bot.sessionId)).status).toBe(200);
    const second = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: bot.serial },
      ws.auth,
    );
    expect((await ask(ws, second.SessionID)).status).toBe(200);
    t.engine.script.failAfter = 0;
    expect((await ask(ws, bot.sessionId)).status).toBe(502);
    t.engine.script.failAfter = undefined;
    expect((await ask(ws, other.sessionId)).status).toBe(200);
    // 3 questions + 2 answers; the failed answer and the other chatbot's 2 messages are not counted.
    await expectPlatformConventions(t.app, COUNT, { SerialNumber: bot.serial }, ws, 5);
    expect(await call(t.app, COUNT, { serialnumber: other.serial }, ws.auth)).toBe(2);
  });

  it.each([
    [{}, 'SerialNumber: is required'],
    [{ SerialNumber: '' }, 'SerialNumber: must not be empty'],
    [{ SerialNumber: 12 }, 'SerialNumber: must be a string'],
    [{ SerialNumber: 'x'.repeat(65) }, 'SerialNumber: must be at most 64 characters'],
  ])('rejects %j: %s', async (body, message) => {
    const ws = await newWorkspace(t.db);
    const res = await post(t.app, COUNT, body, ws.auth);
    expectFailure(res, 400);
    expect(res.body.Message).toBe(message);
  });

  it("answers 404 for another workspace's chatbot and an unknown one", async () => {
    const ws = await newWorkspace(t.db);
    const other = await newWorkspace(t.db);
    const bot = await botWithSession(ws, {});
    expectFailure(await post(t.app, COUNT, { SerialNumber: bot.serial }, other.auth), 404);
    expectFailure(await post(t.app, COUNT, { SerialNumber: 'no-such-bot' }, ws.auth), 404);
  });
});

describe('GetMessageCreditsUsage', () => {
  it("sums this month's questions, each chatbot's month in its TimeZone, against the MessageLimits", async () => {
    clock.set(new Date('2031-03-31T20:00:00Z')); // Chicago: March 31; Tokyo: April 1
    const ws = await newWorkspace(t.db);
    const chicago = await botWithSession(ws, { MessageLimit: 10, TimeZone: 'America/Chicago' });
    const tokyo = await botWithSession(ws, { MessageLimit: 5, TimeZone: 'Asia/Tokyo' });
    for (const s of [chicago.sessionId, chicago.sessionId, tokyo.sessionId])
      expect((await ask(ws, s)).status).toBe(200);
    // Another workspace's questions are not counted.
    const other = await newWorkspace(t.db);
    const theirs = await botWithSession(other, { MessageLimit: 100 });
    expect((await ask(other, theirs.sessionId)).status).toBe(200);

    await expectPlatformConventions(t.app, CREDITS, {}, ws, { Total: 15, Used: 3, Remain: 12 });
    clock.set(new Date('2031-04-01T03:00:00Z')); // still March 31 in Chicago
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: 15, Used: 3, Remain: 12 });
    clock.set(new Date('2031-04-01T06:00:00Z')); // April in both: only Tokyo's April question
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: 15, Used: 1, Remain: 14 });
    expect(await call(t.app, CREDITS, {}, other.auth)).toEqual({ Total: 100, Used: 0, Remain: 100 });
  });

  it('is -1 (unlimited) when a chatbot is unlimited or there is none; Remain never goes below 0', async () => {
    clock.set(new Date('2031-06-10T12:00:00Z'));
    const ws = await newWorkspace(t.db);
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: -1, Used: 0, Remain: -1 });
    const limited = await botWithSession(ws, { MessageLimit: 5 });
    for (let i = 0; i < 3; i++) expect((await ask(ws, limited.sessionId)).status).toBe(200);
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: 5, Used: 3, Remain: 2 });
    // Lowered below what was already asked this month.
    await call(t.app, '/chat/Chatbot/Edit', { serialNumber: limited.serial, MessageLimit: 1 }, ws.auth);
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: 1, Used: 3, Remain: 0 });
    // A refused question is not counted.
    expect((await ask(ws, limited.sessionId)).status).toBe(429);
    const unlimited = await botWithSession(ws, {});
    expect((await ask(ws, unlimited.sessionId)).status).toBe(200);
    expect(await call(t.app, CREDITS, {}, ws.auth)).toEqual({ Total: -1, Used: 4, Remain: -1 });
  });

  it('takes {} (unknown fields ignored); no body or anything but an object is a 400, as on every endpoint', async () => {
    const ws = await newWorkspace(t.db);
    expect(await call(t.app, CREDITS, { SerialNumber: 'ignored' }, ws.auth)).toEqual({
      Total: -1,
      Used: 0,
      Remain: -1,
    });
    const empty = await t.app.inject({ method: 'POST', url: CREDITS, headers: ws.auth });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Code: 400, Message: 'body: must be a JSON object' });
    for (const body of [[], 'x', 3]) {
      const res = await rawPost(t.app, CREDITS, body, ws.auth);
      expectFailure(res, 400);
      expect(res.body.Message).toBe('body: must be a JSON object');
    }
  });
});
