import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { createChatbot } from '../../test/factories.ts';
import { call, newWorkspace, post } from '../../test/harness.ts';
import { ProviderTimeout } from '../errors.ts';

let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.engine.script = {};
});

const ask = (auth: Record<string, string>, body: Record<string, unknown>) =>
  post(t.app, '/chat/Chat/ClientAsk', body, auth);

describe('ClientAsk (JSON)', () => {
  it('answers with messageid, content, totalToken and noAnswer, and stores both messages', async () => {
    const f = await chatFixture(t, { AnswerSuffix: ' — Example Realty' });
    const r = await ask(f.ws.auth, { sessionID: f.sessionId, content: 'Any homes in Austin?' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Success: true, Code: 200, Message: '', Version: '1.0.0' });
    const data = r.body.Data as { messageid: number; content: string; totalToken: number; noAnswer: boolean };
    expect(data.content).toBe('Hello, world. — Example Realty');
    expect(data.noAnswer).toBe(false);
    expect(data.totalToken).toBeGreaterThan(0);
    const history = await call<{
      List: { ID: number; Role: string; Content: string; QuestionID: number | null; Status: string }[];
    }>(t.app, '/chat/Chat/GetMessages', { sessionID: f.sessionId }, f.ws.auth);
    expect(history.List.map((m) => [m.Role, m.Content, m.Status])).toEqual([
      ['user', 'Any homes in Austin?', 'complete'],
      ['assistant', 'Hello, world. — Example Realty', 'complete'],
    ]);
    expect(history.List[1]?.ID).toBe(data.messageid);
    expect(history.List[1]?.QuestionID).toBe(history.List[0]?.ID);
  });

  it("uses the provider's token counts when the engine reports them, and passes noAnswer", async () => {
    t.engine.script = { usage: { promptTokens: 120, completionTokens: 30 }, noAnswer: true };
    const f = await chatFixture(t);
    const r = await ask(f.ws.auth, { sessionID: f.sessionId, content: 'hi' });
    expect(r.body.Data).toMatchObject({ totalToken: 150, noAnswer: true });
  });

  it('gives the engine the earlier messages of the session as history', async () => {
    const f = await chatFixture(t);
    await ask(f.ws.auth, { sessionID: f.sessionId, content: 'first question' });
    await ask(f.ws.auth, { sessionID: f.sessionId, content: 'second question' });
    const last = t.engine.requests.at(-1);
    expect(last?.history).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'Hello, world.' },
    ]);
    expect(last?.question.content).toBe('second question');
  });

  it('accepts either credential header, and case-insensitive field names', async () => {
    const f = await chatFixture(t);
    const forms: Record<string, string>[] = [
      { authorization: f.ws.apiKey },
      { authorization: `Bearer ${f.ws.apiKey}` },
      { 'chatrobot-sessionkey': f.ws.sessionKey },
    ];
    for (const headers of forms) {
      const r = await ask(headers, { SessionID: f.sessionId, Content: 'hello', Stream: false });
      expect(r.status).toBe(200);
    }
  });
});

describe('ClientAsk rules', () => {
  it.each([
    [{ content: '' }, 'content: must not be empty'],
    [{ content: '   ' }, 'content: must not be empty'],
    [{ content: 'hi', fileIds: [1] }, 'fileIds: only allowed with chatAskType Image, Audio or Video'],
    [{ content: 'hi', chatAskType: 'Image' }, 'fileIds: required with chatAskType Image'],
    [{ content: '', chatAskType: 'Audio', fileIds: [1, 2] }, 'fileIds: exactly one file with chatAskType Audio'],
    [{ content: 'hi', chatAskType: 'Movie' }, 'chatAskType: must be one of: Text, Audio, Image, Video'],
    [{ content: 5 }, 'content: must be a string'],
    [{ content: 'hi', stream: 'yes' }, 'stream: must be a boolean (true or false)'],
  ])('%j → 400 %s', async (body, message) => {
    const f = await chatFixture(t);
    const r = await ask(f.ws.auth, { sessionID: f.sessionId, ...body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Success: false, Code: 400, Data: null, Message: message });
  });

  it('requires sessionID, as an integer', async () => {
    const f = await chatFixture(t);
    expect((await ask(f.ws.auth, { content: 'hi' })).body.Message).toBe('sessionID: is required');
    expect((await ask(f.ws.auth, { sessionID: 'abc', content: 'hi' })).body.Message).toBe(
      'sessionID: must be an integer',
    );
    expect((await ask(f.ws.auth, { sessionID: String(f.sessionId), content: 'hi' })).status).toBe(200);
  });

  it('answers 404 for an unknown session and for another workspace’s session, storing nothing', async () => {
    const f = await chatFixture(t);
    const other = await newWorkspace(t.db);
    expect((await ask(f.ws.auth, { sessionID: 2_000_000_000, content: 'hi' })).status).toBe(404);
    const r = await ask(other.auth, { sessionID: f.sessionId, content: 'hi' });
    expect(r.status).toBe(404);
    expect(r.body.Message).toBe(`session ${f.sessionId} not found`);
    const history = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.VirtualCount).toBe(0);
  });

  it('answers 401 without a credential or with an unknown one, under each header', async () => {
    const f = await chatFixture(t);
    const forms: Record<string, string>[] = [{}, { authorization: 'pk_nope' }, { 'chatrobot-sessionkey': 'sk_nope' }];
    for (const headers of forms) {
      const r = await ask(headers, { sessionID: f.sessionId, content: 'hi' });
      expect(r.status).toBe(401);
      expect(r.body.Success).toBe(false);
    }
  });

  it('maps an engine failure to its envelope and keeps the session usable', async () => {
    const f = await chatFixture(t);
    t.engine.script = { failAfter: 0, failWith: new ProviderTimeout() };
    const r = await ask(f.ws.auth, { sessionID: f.sessionId, content: 'hi' });
    expect(r.status).toBe(504);
    expect(r.body).toMatchObject({ Success: false, Code: 504 });
    t.engine.script = {};
    expect((await ask(f.ws.auth, { sessionID: f.sessionId, content: 'again' })).status).toBe(200);
    const history = await call<{ List: { Content: string; Status: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    // The failed question is kept; its answer is recorded as failed.
    expect(history.List.map((m) => m.Status)).toEqual(['complete', 'failed', 'complete', 'complete']);
  });
});

describe('GetSession and GetMessages', () => {
  it('opens sessions only on the workspace’s own chatbots', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const a = await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, ws.auth);
    const b = await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialnumber: serial }, ws.auth);
    expect(b.SessionID).toBeGreaterThan(a.SessionID);
    const other = await newWorkspace(t.db);
    expect((await post(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, other.auth)).status).toBe(404);
    expect((await post(t.app, '/chat/Chatbot/GetSession', {}, ws.auth)).body.Message).toBe('serialNumber: is required');
    // PostgreSQL cannot hold NUL in text: refused as input, never a 500.
    const nul = await post(t.app, '/chat/Chatbot/GetSession', { serialNumber: 'x\u0000' }, ws.auth);
    expect(nul.body).toMatchObject({ Code: 400, Message: 'serialNumber: must not contain NUL characters' });
    expect((await post(t.app, '/chat/Chat/GetMessages', { sessionID: a.SessionID }, other.auth)).status).toBe(404);
  });
});
