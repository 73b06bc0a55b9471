// A person replying to a visitor (AgentReply), on SQLite and PostgreSQL: bad input gets a
// field-named message; another workspace's session answers 404; two agents replying at once
// both land, in order; the chatbot stays quiet while a person is with the visitor and answers
// again after Resume; GetMessages, ChatContentHistory and the console's conversation carry
// the replies; a visitor's Subscribe stream gets a reply in well under a second.
import { afterAll, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure, LEAD } from '../factories.ts';
import { buildTestApp, call, post } from '../harness.ts';
import { serve } from '../widget/browser.ts';
import { staffOf } from './staff.ts';

const t = await buildTestApp({ keepAliveMs: 200 });
afterAll(() => t.close());
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Reply Realty' });
const other = await chatbotWithSession(t);

interface Msg {
  ID: number;
  Role: string;
  Content: string;
}
const messages = async () =>
  (await call<{ List: Msg[] }>(t.app, '/chat/Chat/GetMessages', { sessionID: sessionId, PageSize: 100 }, ws.auth)).List;

it('empty, blank and over-long replies get a message naming content; nothing is stored', async () => {
  const before = (await messages()).length;
  expectFailure(
    await post(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId, content: '' }, ws.auth),
    400,
    'content',
  );
  expectFailure(
    await post(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId, content: '  \n ' }, ws.auth),
    400,
    'content',
  );
  const long = await post(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId, content: 'x'.repeat(8001) }, ws.auth);
  expectFailure(long, 400, 'content');
  expectFailure(await post(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId }, ws.auth), 400, 'content');
  expect((await messages()).length).toBe(before);
});

it("a reply to another workspace's session answers 404 and stores nothing there", async () => {
  const res = await post(t.app, '/chat/Chat/AgentReply', { sessionID: other.sessionId, content: 'Hi' }, ws.auth);
  expectFailure(res, 404);
  const theirs = await call<{ List: Msg[] }>(
    t.app,
    '/chat/Chat/GetMessages',
    { sessionID: other.sessionId },
    other.ws.auth,
  );
  expect(theirs.List).toEqual([]);
});

it('two agents replying at once both land, in the order they were stored', async () => {
  const [first, second] = await Promise.all(
    ['From Dana', 'From Lee'].map((content) =>
      call<{ MessageID: number }>(t.app, '/chat/Chat/AgentReply', { sessionID: sessionId, content }, ws.auth),
    ),
  );
  const agent = (await messages()).filter((m) => m.Role === 'agent');
  expect(agent.map((m) => m.Content).sort()).toEqual(['From Dana', 'From Lee']);
  expect(agent.map((m) => m.ID)).toEqual([first?.MessageID, second?.MessageID].sort((x = 0, y = 0) => x - y));
});

it('while a person is with the visitor the chatbot does not answer; after Resume it does', async () => {
  const quiet = await call<{ content: string }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: sessionId, content: 'Any homes in Austin?' },
    ws.auth,
  );
  expect(quiet.content).toBe('');
  const list = await messages();
  expect(list.at(-2)).toMatchObject({ Role: 'user', Content: 'Any homes in Austin?' });
  await call(t.app, '/chat/Chat/Resume', { sessionID: sessionId }, ws.auth);
  const back = await call<{ content: string }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: sessionId, content: 'Hello' },
    ws.auth,
  );
  expect(back.content).not.toBe('');
});

it('a second handoff while a person is with the visitor keeps the session with them', async () => {
  const s = await chatbotWithSession(t);
  await call(t.app, '/chat/Chat/AgentReply', { sessionID: s.sessionId, content: 'Hi, Dana here' }, s.ws.auth);
  await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: s.sessionId, ...LEAD }, s.ws.auth);
  const owner = await staffOf(t.app, t.db, s.ws.workspaceId, 'owner');
  const c = (await t.app.inject({ url: `/console/api/conversations/${s.sessionId}`, headers: owner.read })).json();
  expect(c.Data.State).toBe('person');
  expect(c.Data.Leads).toHaveLength(1);
});

it('ChatContentHistory and the console carry agent replies, with who wrote them', async () => {
  const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');
  const res = await t.app.inject({
    method: 'POST',
    url: '/chat/Chat/AgentReply',
    headers: owner.write,
    payload: JSON.stringify({ sessionID: sessionId, content: 'Signed reply' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const c = (await t.app.inject({ url: `/console/api/conversations/${sessionId}`, headers: owner.read })).json();
  const signed = c.Data.Messages.find((m: { Content: string }) => m.Content === 'Signed reply');
  expect(signed).toMatchObject({ Role: 'agent', Author: expect.stringContaining('owner') });
  const history = await call<{ Messages: { Type: string; Content: string }[] }[]>(
    t.app,
    '/chat/Chatbot/ChatContentHistory',
    { serialNumber: serial, startTime: '2000-01-01 00:00:00', endTime: '2100-01-01 00:00:00' },
    ws.auth,
  );
  expect(history.flatMap((s) => s.Messages)).toContainEqual({ Type: 'Agent', Content: 'Signed reply' });
});

it("a visitor's Subscribe stream gets the reply within a second, and the mode changes", async () => {
  const base = await serve(t);
  const cfg = await call<{ SessionID: number; SessionKey: string; SessionMode: string }>(
    t.app,
    '/chat/Chatbot/GetConfig',
    { serialNumber: serial },
    {},
  );
  expect(cfg.SessionMode).toBe('bot');
  const controller = new AbortController();
  const res = await fetch(`${base}/chat/Chat/Subscribe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'chatrobot-sessionkey': cfg.SessionKey,
      origin: 'https://brokerage.example',
    },
    body: JSON.stringify({ sessionID: cfg.SessionID }),
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  // An embedded widget reads the stream from the brokerage's own site.
  expect(res.headers.get('access-control-allow-origin')).toBe('https://brokerage.example');
  if (!res.body) throw new Error('no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: { Mode: string; Messages: Msg[] }[] = [];
  let buffer = '';
  const next = async () => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const chunk = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (chunk.startsWith('data: ')) return JSON.parse(chunk.slice(6));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  events.push(await next());
  expect(events[0]).toEqual({ Mode: 'bot', Messages: [] });
  const sent = Date.now();
  await call(t.app, '/chat/Chat/AgentReply', { sessionID: cfg.SessionID, content: 'Hello from a person' }, ws.auth);
  const got = await next();
  expect(Date.now() - sent).toBeLessThan(1000);
  expect(got.Mode).toBe('agent');
  expect(got.Messages.map((m: Msg) => [m.Role, m.Content])).toEqual([['agent', 'Hello from a person']]);
  await call(t.app, '/chat/Chat/Resume', { sessionID: cfg.SessionID }, ws.auth);
  expect((await next()).Mode).toBe('bot');
  controller.abort();
  // A visitor who comes back keeps their session, and GetConfig says a person was involved.
  const again = await call<{ SessionID: number; SessionMode: string }>(
    t.app,
    '/chat/Chatbot/GetConfig',
    { serialNumber: serial },
    { 'chatrobot-sessionkey': cfg.SessionKey },
  );
  expect(again.SessionID).toBe(cfg.SessionID);
});
