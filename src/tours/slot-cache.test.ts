// GetTourSlots answers from memory between changes (slot-reads.ts): every change that moves a
// slot shows in the very next answer. A booking, a cancel, a move from the console, the hours,
// the capacity, a blocked date, the time zone, the clock passing the notice, and a session
// erased are each followed at once by a search that must see them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SignedIn, signIn, staffUser } from '../../test/console/staff.ts';
import { chatbotWithSession, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';

// Monday 2026-06-01 08:00 in Denver.
const clock = testClock(new Date('2026-06-01T14:00:00Z'));
let t: TestApp;
let ws: TestWorkspace;
let serial: string;
let sessionId: number;
let owner: SignedIn;

interface Slot {
  Start: string;
}

const THURSDAY = { From: '2026-06-04', Days: 1 };
const starts = async (body: Record<string, unknown> = THURSDAY, sid = sessionId) =>
  (await call<Slot[]>(t.app, '/chat/Chat/GetTourSlots', { sessionID: sid, ...body }, ws.auth)).map((s) => s.Start);

const availability = (more: Record<string, unknown> = {}) =>
  call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: serial,
      TimeZone: 'America/Denver',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
      HorizonDays: 7,
      MaxUpcomingPerVisitor: 20,
      ...more,
    },
    ws.auth,
  );

const book = async (Start: string, Email: string) =>
  (
    await post<{ AppointmentID: number }>(
      t.app,
      '/chat/Chat/BookTour',
      { sessionID: sessionId, Start, Name: 'Jane Doe', Email },
      ws.auth,
    )
  ).body.Data.AppointmentID;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ ws, serial, sessionId } = await chatbotWithSession(t, {}, 'Cache Realty'));
  await availability();
  owner = await signIn(t.app, await staffUser(t.db, ws.workspaceId, 'owner'));
});
afterAll(() => t.close());

it('a booking and a cancel show in the next search', async () => {
  const before = await starts();
  expect(before).toContain('2026-06-04T09:00:00-06:00');
  expect(await starts()).toEqual(before);
  const id = await book('2026-06-04T09:00:00-06:00', 'a@example.com');
  expect(await starts()).toEqual(before.filter((s) => s !== '2026-06-04T09:00:00-06:00'));
  await call(t.app, '/chat/Chat/CancelTour', { sessionID: sessionId, AppointmentID: id }, ws.auth);
  expect(await starts()).toEqual(before);
  await expectSlotCountsMatch(t.db, ws.workspaceId);
});

it('a move from the console frees the old slot and fills the new one in the next search', async () => {
  const id = await book('2026-06-04T10:00:00-06:00', 'b@example.com');
  expect(await starts()).not.toContain('2026-06-04T10:00:00-06:00');
  const res = await t.app.inject({
    method: 'POST',
    url: `/console/api/appointments/${id}/reschedule`,
    headers: { ...owner.write, 'content-type': 'application/json' },
    payload: { Start: '2026-06-04T11:00:00-06:00' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const after = await starts();
  expect(after).toContain('2026-06-04T10:00:00-06:00');
  expect(after).not.toContain('2026-06-04T11:00:00-06:00');
  await call(t.app, '/chat/Chat/CancelTour', { sessionID: sessionId, AppointmentID: id }, ws.auth);
});

it('the hours, the capacity, a blocked date and the time zone show in the next search', async () => {
  expect((await starts()).length).toBe(6);
  await availability({ Hours: [{ Day: 'Thu', Start: '09:00', End: '10:00' }] });
  expect(await starts()).toEqual(['2026-06-04T09:00:00-06:00', '2026-06-04T09:30:00-06:00']);

  await book('2026-06-04T09:00:00-06:00', 'c@example.com');
  expect(await starts()).toEqual(['2026-06-04T09:30:00-06:00']);
  await availability({ Hours: [{ Day: 'Thu', Start: '09:00', End: '10:00' }], Capacity: 2 });
  expect(await starts()).toEqual(['2026-06-04T09:00:00-06:00', '2026-06-04T09:30:00-06:00']);

  await availability({ Hours: [{ Day: 'Thu', Start: '09:00', End: '10:00' }], BlockedDates: ['2026-06-04'] });
  expect(await starts()).toEqual([]);

  await availability({ Hours: [{ Day: 'Thu', Start: '09:00', End: '10:00' }], Capacity: 2 });
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, TimeZone: 'America/New_York' }, ws.auth);
  expect(await starts()).toEqual(['2026-06-04T09:00:00-04:00', '2026-06-04T09:30:00-04:00']);
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, TimeZone: 'America/Denver' }, ws.auth);
  expect(await starts()).toEqual(['2026-06-04T09:00:00-06:00', '2026-06-04T09:30:00-06:00']);
});

it('the clock moving past the notice drops slots from an answer kept in memory', async () => {
  await availability({ Hours: [{ Day: 'Mon', Start: '09:00', End: '12:00' }], NoticeMinutes: 60 });
  const today = { From: '2026-06-01', Days: 1 };
  // 08:00 now: from 09:00 on.
  expect((await starts(today))[0]).toBe('2026-06-01T09:00:00-06:00');
  clock.advance(90 * 60_000);
  expect((await starts(today))[0]).toBe('2026-06-01T10:30:00-06:00');
  clock.advance(-90 * 60_000);
  await availability();
});

it('a session erased is not found, though its chatbot was read from memory', async () => {
  const { SessionID: other } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  expect(await starts(THURSDAY, other)).not.toEqual([]);
  await call(t.app, '/chat/Workspace/EraseVisitor', { SessionID: other }, ws.auth);
  expectFailure(await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: other, ...THURSDAY }, ws.auth), 404);
});

it('an answer kept encoded reads as the schema writes it, and a change of language shows in the next one', async () => {
  const ask = () =>
    t.app.inject({
      method: 'POST',
      url: '/chat/Chat/GetTourSlots',
      headers: { ...ws.auth, 'content-type': 'application/json' },
      payload: { sessionID: sessionId, From: '2026-06-05', Days: 1 },
    });
  const first = await ask();
  expect(first.statusCode, first.body).toBe(200);
  expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  const parsed = JSON.parse(first.body) as { Data: Record<string, string>[] };
  expect(Object.keys(parsed)).toEqual(['Data', 'Version', 'Success', 'Code', 'Message']);
  expect(parsed.Data.length).toBe(6);
  for (const slot of parsed.Data) expect(Object.keys(slot)).toEqual(['Start', 'End', 'Label']);
  expect(parsed.Data[0]).toMatchObject({ Start: '2026-06-05T09:00:00-06:00', End: '2026-06-05T09:30:00-06:00' });
  expect(parsed.Data[0]?.Label).toMatch(/^Fri, Jun 5, 9:00\sAM$/);
  expect((await ask()).body).toBe(first.body);

  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, AIResponseLanguage: 'Spanish' }, ws.auth);
  const spanish = JSON.parse((await ask()).body) as { Data: { Start: string; Label: string }[] };
  expect(spanish.Data.map((s) => s.Start)).toEqual(parsed.Data.map((s) => s.Start));
  expect(spanish.Data[0]?.Label).toMatch(/^vie, 5 jun, 9:00$/);
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, AIResponseLanguage: 'English' }, ws.auth);
  expect((await ask()).body).toBe(first.body);
});
