// ChatContentHistory: a chatbot's sessions with messages in a UTC range, their messages in
// order (User/AI, failed empty answers left out), the page each started on, and the bounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatTestApp } from '../../test/chat/chat-app.ts';
import { type ChatbotSession, chatbotWithSession, createChatbot, expectFailure } from '../../test/factories.ts';
import { call, newWorkspace, post, testClock } from '../../test/harness.ts';
import { insertMessage, insertSession, type NewMessage } from '../chat/repo.ts';
import { openVisitorSession } from '../widget/repo.ts';
import { HISTORY_MAX_MESSAGES, HISTORY_MAX_SESSIONS } from './chat-history.ts';
import { expectPlatformConventions } from './test-calls.ts';

const PATH = '/chat/Chatbot/ChatContentHistory';
const clock = testClock(new Date('2031-03-01T09:00:00Z'));
let t: ChatTestApp;
let f: ChatbotSession;
let visitorSession: number;
const PAGE = 'https://homes.example.com/austin?beds=3';

async function botId(serial: string) {
  const row = await t.db.kysely
    .selectFrom('chatbots')
    .select('id')
    .where('serial_number', '=', serial)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function askAt(iso: string, sessionID: number, content: string) {
  clock.set(new Date(iso));
  return post(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, f.ws.auth);
}

beforeAll(async () => {
  t = await chatTestApp({}, { clock });
  f = await chatbotWithSession(t); // session A, opened 2031-03-01T09:00Z
  clock.set(new Date('2031-03-01T11:30:00Z'));
  const opened = await openVisitorSession(t.db.kysely, f.ws.workspaceId, await botId(f.serial), clock(), PAGE);
  visitorSession = opened.sessionId;
  // A session without messages, and another chatbot's conversation: neither is listed.
  await call(t.app, '/chat/Chatbot/GetSession', { serialNumber: f.serial }, f.ws.auth);
  const otherBot = await createChatbot(t.app, f.ws.auth, 'Other bot');
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: otherBot },
    f.ws.auth,
  );
  expect((await askAt('2031-03-01T10:30:00Z', SessionID, 'other bot question')).status).toBe(200);

  expect((await askAt('2031-03-01T10:00:00Z', f.sessionId, 'Homes in Austin?')).status).toBe(200);
  t.engine.script.failAfter = 0; // fails before its first word: the answer is stored empty, 'failed'
  expect((await askAt('2031-03-01T12:00:00Z', visitorSession, 'Any pools?')).status).toBe(502);
  t.engine.script.failAfter = undefined;
  expect((await askAt('2031-03-02T10:00:00Z', f.sessionId, 'Under $400k?')).status).toBe(200);
});
afterAll(() => t.close());

const A_CREATED = '2031-03-01T09:00:00.000Z';
const B_CREATED = '2031-03-01T11:30:00.000Z';
const answer = { Type: 'AI', Content: 'Hello, world.' };

describe('ChatContentHistory', () => {
  it('lists the day’s sessions with their messages in order, under every calling convention', async () => {
    const body = { SerialNumber: f.serial, StartTime: '2031-03-01', EndTime: '2031-03-01' };
    await expectPlatformConventions(t.app, PATH, body, f.ws, [
      {
        SessionID: f.sessionId,
        CreateTime: A_CREATED,
        URI: '',
        Messages: [{ Type: 'User', Content: 'Homes in Austin?' }, answer],
      },
      {
        SessionID: visitorSession,
        CreateTime: B_CREATED,
        URI: PAGE,
        Messages: [{ Type: 'User', Content: 'Any pools?' }],
      },
    ]);
  });

  it('takes date-times (UTC unless an offset is given; EndTime included), open ends, any field case', async () => {
    const history = (body: Record<string, unknown>) =>
      call<{ SessionID: number; Messages: { Content: string }[] }[]>(
        t.app,
        PATH,
        { SerialNumber: f.serial, ...body },
        f.ws.auth,
      );
    const contents = async (body: Record<string, unknown>) =>
      (await history(body)).map((s) => [s.SessionID, s.Messages.map((m) => m.Content)]);

    expect(await contents({ StartTime: '2031-03-01T11:00:00Z', EndTime: '2031-03-02T10:00:00Z' })).toEqual([
      [f.sessionId, ['Under $400k?', 'Hello, world.']],
      [visitorSession, ['Any pools?']],
    ]);
    expect(await contents({ starttime: '2031-03-01T05:00-05:00', ENDTIME: '2031-03-01 10:00:00.000' })).toEqual([
      [f.sessionId, ['Homes in Austin?', 'Hello, world.']],
    ]);
    expect(await contents({ EndTime: '2031-03-01T09:59:59.999Z' })).toEqual([]);
    expect(await contents({ StartTime: '2031-03-02' })).toEqual([[f.sessionId, ['Under $400k?', 'Hello, world.']]]);
    expect(await contents({ StartTime: null, EndTime: '' })).toEqual([
      [f.sessionId, ['Homes in Austin?', 'Hello, world.', 'Under $400k?', 'Hello, world.']],
      [visitorSession, ['Any pools?']],
    ]);
  });

  it.each([
    [{ SerialNumber: undefined }, 'SerialNumber: is required'],
    [{ SerialNumber: '' }, 'SerialNumber: must not be empty'],
    [{ StartTime: 'yesterday' }, 'StartTime: must be a date YYYY-MM-DD or an ISO 8601 date-time'],
    [{ StartTime: 20310301 }, 'StartTime: must be a string'],
    [{ StartTime: '2031-02-29' }, 'StartTime: is not a calendar date (2031-02-29)'],
    [{ EndTime: '2031-03-01T24:00:00Z' }, 'EndTime: has an invalid time of day'],
    [{ EndTime: '2031-03-01T10:60Z' }, 'EndTime: has an invalid time of day'],
    [{ EndTime: '2031-03-01T10:00+24:00' }, 'EndTime: has an invalid UTC offset'],
    [{ StartTime: '2031-03-02', EndTime: '2031-03-01' }, 'EndTime: must not be before StartTime'],
    [
      { StartTime: '2031-03-01T10:00:00.001Z', EndTime: '2031-03-01T10:00:00Z' },
      'EndTime: must not be before StartTime',
    ],
  ])('rejects %j: %s', async (change, message) => {
    const res = await post(t.app, PATH, { SerialNumber: f.serial, ...change }, f.ws.auth);
    expectFailure(res, 400);
    expect(res.body.Message).toBe(message);
  });

  it("answers 404 for another workspace's chatbot and an unknown one", async () => {
    const other = await newWorkspace(t.db);
    expectFailure(await post(t.app, PATH, { SerialNumber: f.serial }, other.auth), 404);
    expectFailure(await post(t.app, PATH, { SerialNumber: 'no-such-bot' }, f.ws.auth), 404);
  });

  it(`answers at most ${HISTORY_MAX_SESSIONS} sessions and ${HISTORY_MAX_MESSAGES} messages, the oldest sessions first`, async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const chatbotId = await botId(serial);
    const now = new Date('2031-05-01T00:00:00Z');
    const message = (sessionId: number, content: string): NewMessage => ({
      workspaceId: ws.workspaceId,
      chatbotId,
      sessionId,
      role: 'user',
      content,
      askType: 'Text',
      fileIds: [],
      questionId: null,
      totalToken: 0,
      noAnswer: false,
      status: 'complete',
      engine: null,
    });
    const sessions: number[] = [];
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i <= HISTORY_MAX_SESSIONS; i++)
        sessions.push(await insertSession(trx, ws.workspaceId, chatbotId, now));
      const [first, second] = sessions;
      for (let i = 0; i < HISTORY_MAX_MESSAGES - 10; i++) await insertMessage(trx, message(first ?? 0, `a${i}`), now);
      for (let i = 0; i < 20; i++) await insertMessage(trx, message(second ?? 0, `b${i}`), now);
      for (const s of sessions.slice(2)) await insertMessage(trx, message(s, 'c'), now);
    });
    const all = await call<{ SessionID: number; Messages: { Content: string }[] }[]>(
      t.app,
      PATH,
      { SerialNumber: serial },
      ws.auth,
    );
    // The message bound cuts the second session short and leaves the later ones out.
    expect(all.map((s) => s.SessionID)).toEqual(sessions.slice(0, 2));
    expect(all[0]?.Messages).toHaveLength(HISTORY_MAX_MESSAGES - 10);
    expect(all[1]?.Messages.map((m) => m.Content)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));

    const later = await call<{ SessionID: number }[]>(
      t.app,
      PATH,
      { SerialNumber: serial, StartTime: '2031-05-01' },
      ws.auth,
    );
    expect(later).toHaveLength(2);
    // Without the first two sessions' messages, the session bound applies.
    await t.db.kysely.deleteFrom('messages').where('session_id', 'in', sessions.slice(0, 2)).execute();
    const bounded = await call<{ SessionID: number }[]>(t.app, PATH, { SerialNumber: serial }, ws.auth);
    expect(bounded.map((s) => s.SessionID)).toEqual(sessions.slice(2, 2 + HISTORY_MAX_SESSIONS));
  });
});
