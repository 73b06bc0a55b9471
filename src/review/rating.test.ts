// RateAnswer: rating, changing and reading a rating (GetMessages), with a visitor key or an API
// key; the 404s of anything but this session's answer, the 400s of the body; the answer.rated
// webhook queued with it, and the /metrics counter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2031-03-04T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
});
afterAll(() => t.close());

interface Asked {
  messageid: number;
}
interface Page {
  List: { ID: number; Role: string; Rating?: { Rating: string; Reason: string; UpdatedAt: string } }[];
}

async function fixture() {
  const f = await chatbotWithSession(t);
  const cfg = await call<{ SessionID: number; SessionKey: string }>(
    t.app,
    '/chat/Chatbot/GetConfig',
    { serialNumber: f.serial },
    {},
  );
  const ask = (sessionID: number) =>
    call<Asked>(t.app, '/chat/Chat/ClientAsk', { sessionID, content: 'hello', stream: false }, f.ws.auth);
  const answer = await ask(cfg.SessionID);
  const visitor = { 'chatrobot-sessionkey': cfg.SessionKey };
  return { ...f, visitorSession: cfg.SessionID, visitor, answerId: answer.messageid, ask };
}

async function ratingOf(auth: Record<string, string>, sessionID: number, id: number) {
  const page = await call<Page>(t.app, '/chat/Chat/GetMessages', { sessionID }, auth);
  return page.List.find((m) => m.ID === id)?.Rating;
}

describe('RateAnswer', () => {
  it('rates an answer with the visitor key, changes it, and GetMessages reads it', async () => {
    const f = await fixture();
    const first = await call<Record<string, unknown>>(
      t.app,
      '/chat/Chat/RateAnswer',
      { sessionID: f.visitorSession, messageId: f.answerId, rating: 'up' },
      f.visitor,
    );
    expect(first).toMatchObject({ MessageID: f.answerId, SessionID: f.visitorSession, Rating: 'up', Reason: '' });
    expect(await ratingOf(f.ws.auth, f.visitorSession, f.answerId)).toMatchObject({ Rating: 'up', Reason: '' });

    clock.advance(60_000);
    const changed = await call<Record<string, unknown>>(
      t.app,
      '/chat/Chat/RateAnswer',
      { SessionID: f.visitorSession, MessageId: f.answerId, Rating: 'down', Reason: '  out of date ' },
      f.visitor,
    );
    expect(changed).toMatchObject({ Rating: 'down', Reason: 'out of date', CreatedAt: first.CreatedAt });
    expect(changed.UpdatedAt).not.toBe(first.UpdatedAt);
    const read = await ratingOf(f.ws.auth, f.visitorSession, f.answerId);
    expect(read).toEqual({ Rating: 'down', Reason: 'out of date', UpdatedAt: changed.UpdatedAt });
    // The question carries no rating.
    const page = await call<Page>(t.app, '/chat/Chat/GetMessages', { sessionID: f.visitorSession }, f.ws.auth);
    expect(page.List.filter((m) => m.Rating).map((m) => m.ID)).toEqual([f.answerId]);
  });

  it('rates with an API key, any session of the workspace', async () => {
    const f = await fixture();
    const own = await f.ask(f.sessionId);
    await call(
      t.app,
      '/chat/Chat/RateAnswer',
      { sessionID: f.sessionId, messageId: own.messageid, rating: 'down', reason: null },
      f.ws.auth,
    );
    expect(await ratingOf(f.ws.auth, f.sessionId, own.messageid)).toMatchObject({ Rating: 'down', Reason: '' });
  });

  it('404: a question, another session, a message that does not exist, another workspace', async () => {
    const f = await fixture();
    const rate = (body: Record<string, unknown>, auth: Record<string, string> = f.visitor) =>
      post(t.app, '/chat/Chat/RateAnswer', { rating: 'down', ...body }, auth);
    // The question just before the answer.
    expectFailure(await rate({ sessionID: f.visitorSession, messageId: f.answerId - 1 }), 404);
    expectFailure(await rate({ sessionID: f.visitorSession, messageId: 2_000_000_000 }), 404);
    // Another session's answer: with the visitor key (not its session), and naming the wrong session.
    const other = await f.ask(f.sessionId);
    expectFailure(await rate({ sessionID: f.sessionId, messageId: other.messageid }), 404);
    expectFailure(await rate({ sessionID: f.visitorSession, messageId: other.messageid }), 404);
    expectFailure(await rate({ sessionID: f.visitorSession, messageId: other.messageid }, f.ws.auth), 404);
    // Another workspace's key.
    const stranger = await newWorkspace(t.db, 'Other Realty');
    expectFailure(await rate({ sessionID: f.visitorSession, messageId: f.answerId }, stranger.auth), 404);
    expect(await ratingOf(f.ws.auth, f.visitorSession, f.answerId)).toBeUndefined();
  });

  it('400: a reason over 500 characters, an unknown rating, a missing field; 401 without a key', async () => {
    const f = await fixture();
    const body = { sessionID: f.visitorSession, messageId: f.answerId, rating: 'down' };
    expectFailure(
      await post(t.app, '/chat/Chat/RateAnswer', { ...body, reason: 'x'.repeat(501) }, f.visitor),
      400,
      'reason',
    );
    expectFailure(
      await post(t.app, '/chat/Chat/RateAnswer', { ...body, rating: 'sideways' }, f.visitor),
      400,
      'rating',
    );
    expectFailure(
      await post(t.app, '/chat/Chat/RateAnswer', { sessionID: f.visitorSession, rating: 'up' }, f.visitor),
      400,
      'messageId',
    );
    expectFailure(await post(t.app, '/chat/Chat/RateAnswer', body, {}), 401);
    // 500 characters exactly is fine.
    await call(t.app, '/chat/Chat/RateAnswer', { ...body, reason: 'y'.repeat(500) }, f.visitor);
    expect((await ratingOf(f.ws.auth, f.visitorSession, f.answerId))?.Reason).toHaveLength(500);
  });

  it('queues an answer.rated webhook per change, and counts ratings in /metrics', async () => {
    const f = await fixture();
    await call(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'http://127.0.0.1:9/rated', Events: ['answer.rated'] },
      f.ws.auth,
    );
    const body = { sessionID: f.visitorSession, messageId: f.answerId };
    await call(t.app, '/chat/Chat/RateAnswer', { ...body, rating: 'up' }, f.visitor);
    clock.advance(1000);
    await call(t.app, '/chat/Chat/RateAnswer', { ...body, rating: 'down', reason: 'wrong' }, f.visitor);
    const rows = await t.db.kysely
      .selectFrom('outbox')
      .select(['payload'])
      .where('workspace_id', '=', f.ws.workspaceId)
      .orderBy('id')
      .execute();
    const hooks = rows.map((r) => JSON.parse(r.payload) as { event: string; url: string; body: string });
    expect(hooks.map((h) => [h.event, h.url])).toEqual([
      ['answer.rated', 'http://127.0.0.1:9/rated'],
      ['answer.rated', 'http://127.0.0.1:9/rated'],
    ]);
    const last = JSON.parse(hooks[1]?.body ?? '{}');
    expect(last).toMatchObject({
      event: 'answer.rated',
      chatbot: { serialNumber: f.serial },
      rating: {
        messageId: f.answerId,
        sessionId: f.visitorSession,
        rating: 'down',
        reason: 'wrong',
        question: 'hello',
      },
    });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/parlor_answer_ratings_total\{engine="builtin",rating="down"\} [1-9]/);
  });
});
