// Sessions that never asked anything are deleted after a day, with their visitor keys; sessions
// with a question or a lead stay. They never count as conversations. Ended abuse counters are
// dropped by the same housekeeping.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enforceAbuseRules } from '../../src/abuse/limits.ts';
import { deleteEndedCounters } from '../../src/abuse/repo.ts';
import { type SweepCursor, sweepEmptySessions } from '../../src/housekeeping/sweep.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../harness.ts';
import { demoChatbot } from '../widget/fixture.ts';
import { askFrom, talkFrom, visitorFrom } from './client.ts';

// Far in the past: on a shared PostgreSQL database the sweep must not reach other files' sessions.
const clock = testClock(new Date('2001-03-04T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t?.close());

const A = '203.0.113.10';

async function sessionExists(id: number): Promise<boolean> {
  const row = await t.db.kysely.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

it('deletes sessions without questions or leads after a day, with their visitor keys', async () => {
  const { serial, ws } = await demoChatbot(t);
  const empty = await visitorFrom(t.app, A, serial);
  const asked = await visitorFrom(t.app, A, serial);
  expect((await askFrom(t.app, A, asked)).status).toBe(200);
  const handedOff = await visitorFrom(t.app, A, serial);
  expect((await talkFrom(t.app, A, handedOff)).status).toBe(200);
  const { SessionID: emptyByApi } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );

  // Never a conversation: ChatContentHistory shows only the session that asked.
  const history = await call<{ SessionID: number }[]>(
    t.app,
    '/chat/Chatbot/ChatContentHistory',
    { SerialNumber: serial, StartTime: '2001-03-04', EndTime: '2001-03-04' },
    ws.auth,
  );
  expect(history.map((h) => h.SessionID)).toEqual([asked.SessionID]);

  clock.advance(23 * 3600 * 1000);
  await sweepEmptySessions(t.db.kysely, clock(), { after: null });
  for (const id of [empty.SessionID, asked.SessionID, handedOff.SessionID, emptyByApi]) {
    expect(await sessionExists(id), `session ${id} after 23 h`).toBe(true);
  }

  clock.advance(2 * 3600 * 1000);
  const deleted = await sweepEmptySessions(t.db.kysely, clock(), { after: null });
  expect(deleted).toBeGreaterThanOrEqual(2);
  expect(await sessionExists(empty.SessionID)).toBe(false);
  expect(await sessionExists(emptyByApi)).toBe(false);
  expect(await sessionExists(asked.SessionID)).toBe(true);
  expect(await sessionExists(handedOff.SessionID)).toBe(true);

  // The deleted session's visitor key is gone too: it reaches nothing.
  const ask = await post(
    t.app,
    '/chat/Chat/Ask',
    { sessionID: empty.SessionID, content: 'hi', stream: false },
    { 'chatrobot-sessionkey': empty.SessionKey },
  );
  expect(ask.status).toBe(401);
  const keys = await t.db.kysely
    .selectFrom('api_keys')
    .select('id')
    .where('session_id', '=', empty.SessionID)
    .execute();
  expect(keys).toEqual([]);
});

it('a cursor makes the next pass start where the last one stopped', async () => {
  const { serial } = await demoChatbot(t);
  const cursor: SweepCursor = { after: null };
  clock.advance(3600 * 1000);
  const older = await visitorFrom(t.app, A, serial);
  clock.advance(25 * 3600 * 1000);
  await sweepEmptySessions(t.db.kysely, clock(), cursor);
  expect(await sessionExists(older.SessionID)).toBe(false);
  expect(cursor.after).not.toBeNull();
  const newer = await visitorFrom(t.app, A, serial);
  clock.advance(25 * 3600 * 1000);
  expect(await sweepEmptySessions(t.db.kysely, clock(), cursor)).toBeGreaterThanOrEqual(1);
  expect(await sessionExists(newer.SessionID)).toBe(false);
});

it('drops the counters of ended windows only', async () => {
  const now = clock();
  const scope = `test:${process.pid}:${now.getTime()}`;
  const rules = [
    { scope: `${scope}:m`, windowSeconds: 60, ceiling: 5, message: 'm' },
    { scope: `${scope}:h`, windowSeconds: 3600, ceiling: 5, message: 'h' },
  ];
  await enforceAbuseRules(t.db.kysely, rules, now);
  const minuteEnd = (Math.floor(now.getTime() / 60_000) + 1) * 60;
  await deleteEndedCounters(t.db.kysely, minuteEnd);
  const left = await t.db.kysely
    .selectFrom('abuse_counters')
    .select(['scope', 'hits'])
    .where('scope', 'like', `${scope}:%`)
    .execute();
  expect(left).toEqual([{ scope: `${scope}:h`, hits: 1 }]);
});
