// SetSessionMessagesLimit: the most questions one session may ask, for every chatbot of the
// workspace, enforced with the other limits in the transaction that stores the question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { createChatbot, expectFailure } from '../../test/factories.ts';
import { call, newWorkspace, post, type TestWorkspace } from '../../test/harness.ts';
import { SESSION_LIMIT_MESSAGE } from '../chat/limits.ts';
import { expectPlatformConventions } from './test-calls.ts';

const PATH = '/chat/Chatbot/SetSessionMessagesLimit';
let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp();
});
afterAll(() => t.close());

const ask = (ws: TestWorkspace, sessionID: number, content = 'hi') =>
  post(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, ws.auth);

async function newSession(ws: TestWorkspace, serialNumber: string) {
  const r = await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber }, ws.auth);
  return r.SessionID;
}

async function questionsStored(ws: TestWorkspace, sessionID: number) {
  const h = await call<{ List: { Role: string }[] }>(
    t.app,
    '/chat/Chat/GetMessages',
    { sessionID, PageSize: 100 },
    ws.auth,
  );
  return h.List.filter((m) => m.Role === 'user').length;
}

const setLimit = (ws: TestWorkspace, MessagesLimit: unknown) => call(t.app, PATH, { MessagesLimit }, ws.auth);

describe('SetSessionMessagesLimit', () => {
  it('answers true under every calling convention', async () => {
    const f = await chatFixture(t);
    await expectPlatformConventions(t.app, PATH, { MessagesLimit: 5 }, f.ws, true);
  });

  it('stops a session at the limit with 429 (no Retry-After) while other sessions and chatbots go on', async () => {
    const f = await chatFixture(t);
    const other = await chatFixture(t); // another workspace: not limited
    expect(await setLimit(f.ws, 2)).toBe(true);
    for (let i = 0; i < 2; i++) expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    const refused = await ask(f.ws, f.sessionId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      Data: null,
      Version: '1.0.0',
      Success: false,
      Code: 429,
      Message: SESSION_LIMIT_MESSAGE,
    });
    expect(refused.body.Message).toContain('conversation has reached its question limit');
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(await questionsStored(f.ws, f.sessionId)).toBe(2);

    const sameBot = await newSession(f.ws, f.serial);
    expect((await ask(f.ws, sameBot)).status).toBe(200);
    const otherBot = await newSession(f.ws, await createChatbot(t.app, f.ws.auth));
    for (let i = 0; i < 2; i++) expect((await ask(f.ws, otherBot)).status).toBe(200);
    expect((await ask(f.ws, otherBot)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await ask(other.ws, other.sessionId)).status).toBe(200);
  });

  it('counts questions asked before it was set; -1 lifts it; 0 allows none', async () => {
    const f = await chatFixture(t);
    for (let i = 0; i < 3; i++) expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    await setLimit(f.ws, 3);
    expect((await ask(f.ws, f.sessionId)).status).toBe(429);
    await setLimit(f.ws, '-1'); // numeric strings are numbers
    expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    expect(await questionsStored(f.ws, f.sessionId)).toBe(4);
    await setLimit(f.ws, 0);
    const fresh = await newSession(f.ws, f.serial);
    expect((await ask(f.ws, fresh)).status).toBe(429);
    expect(await questionsStored(f.ws, fresh)).toBe(0);
  });

  it('is checked before the rate limit: the answer says the conversation is over, not "wait"', async () => {
    const f = await chatFixture(t, { RateLimitCount: 1, RateLimitTime: 3600 });
    await setLimit(f.ws, 1);
    expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    const r = await ask(f.ws, f.sessionId);
    expect(r.body.Message).toBe(SESSION_LIMIT_MESSAGE);
    expect(r.headers['retry-after']).toBeUndefined();
  });

  it('holds under concurrency: questions at once at limit − 1 store exactly one', async () => {
    const f = await chatFixture(t);
    await setLimit(f.ws, 3);
    for (let i = 0; i < 2; i++) expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(f.ws, f.sessionId, `q${i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await questionsStored(f.ws, f.sessionId)).toBe(3);
  });

  it.each([
    [{}, 'MessagesLimit: is required'],
    [{ MessagesLimit: null }, 'MessagesLimit: is required'],
    [{ MessagesLimit: -2 }, 'MessagesLimit: must be >= -1'],
    [{ MessagesLimit: 1.5 }, 'MessagesLimit: must be an integer'],
    [{ MessagesLimit: 'ten' }, 'MessagesLimit: must be an integer'],
    [{ MessagesLimit: true }, 'MessagesLimit: must be an integer'],
    [{ MessagesLimit: 2_147_483_648 }, 'MessagesLimit: must be <= 2147483647'],
  ])('rejects %j: %s, and changes nothing', async (body, message) => {
    const f = await chatFixture(t);
    await setLimit(f.ws, 1);
    const res = await post(t.app, PATH, body, f.ws.auth);
    expectFailure(res, 400);
    expect(res.body.Message).toBe(message);
    expect((await ask(f.ws, f.sessionId)).status).toBe(200);
    expect((await ask(f.ws, f.sessionId)).status).toBe(429);
  });

  it('sets only the caller’s workspace: another workspace’s limit is untouched', async () => {
    const mine = await chatFixture(t);
    const theirs = await newWorkspace(t.db);
    await setLimit(theirs, 0);
    await setLimit(mine.ws, -1);
    expect((await ask(mine.ws, mine.sessionId)).status).toBe(200);
    const theirSession = await newSession(theirs, await createChatbot(t.app, theirs.auth));
    expect((await ask(theirs, theirSession)).status).toBe(429);
  });
});
