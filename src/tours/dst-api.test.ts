// Both daylight-saving change days of America/Denver through the API and the database (slots.test.ts
// has the grid alone): GetTourSlots, BookTour and AppointmentList on 2026-03-08 (02:00 → 03:00)
// and 2026-11-01 (02:00 → 01:00), with showing hours from midnight to 04:00 on Sundays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../../test/harness.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';

const clock = testClock(new Date('2026-03-01T00:00:00Z'));
let t: TestApp;
let s: Awaited<ReturnType<typeof chatbotWithSession>>;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  s = await chatbotWithSession(t, { TimeZone: 'America/Denver' }, 'Daylight Realty');
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: s.serial, Hours: [{ Day: 'Sun', Start: '00:00', End: '04:00' }], NoticeMinutes: 0, Capacity: 1 },
    s.ws.auth,
  );
});
afterAll(() => t.close());

const slotsOn = async (day: string) =>
  (
    await call<{ Start: string; End: string }[]>(
      t.app,
      '/chat/Chat/GetTourSlots',
      { sessionID: s.sessionId, From: day, Days: 1 },
      s.ws.auth,
    )
  ).map((x) => x.Start);

const book = (Start: string, email: string) =>
  post<{ Start: string; End: string }>(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: s.sessionId, Start, Name: 'Dee Ess Tee', Email: email },
    s.ws.auth,
  );

const listOn = async (day: string) =>
  (
    await call<{ Start: string; End: string }[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: s.serial, From: day, To: day },
      s.ws.auth,
    )
  ).map((a) => `${a.Start}/${a.End}`);

describe('daylight-saving days through the API', () => {
  it('spring forward: no 02:00 or 02:30; the slot before the gap ends at 03:00 daylight time', async () => {
    expect(await slotsOn('2026-03-08')).toEqual([
      '2026-03-08T00:00:00-07:00',
      '2026-03-08T00:30:00-07:00',
      '2026-03-08T01:00:00-07:00',
      '2026-03-08T01:30:00-07:00',
      '2026-03-08T03:00:00-06:00',
      '2026-03-08T03:30:00-06:00',
    ]);
    const res = await book('2026-03-08T01:30:00-07:00', 'spring@example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({ Start: '2026-03-08T01:30:00-07:00', End: '2026-03-08T03:00:00-06:00' });
    expect(await listOn('2026-03-08')).toEqual(['2026-03-08T01:30:00-07:00/2026-03-08T03:00:00-06:00']);
    expect(await slotsOn('2026-03-08')).not.toContain('2026-03-08T01:30:00-07:00');
  });

  it('fall back: 01:30 is booked at its first instant; the repeated 01:30 is no slot', async () => {
    clock.set(new Date('2026-10-25T00:00:00Z'));
    const first = await slotsOn('2026-11-01');
    expect(first.filter((x) => x.includes('T01:'))).toEqual(['2026-11-01T01:00:00-06:00', '2026-11-01T01:30:00-06:00']);
    const res = await book('2026-11-01T01:30:00-06:00', 'fall@example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({ Start: '2026-11-01T01:30:00-06:00', End: '2026-11-01T01:00:00-07:00' });
    const repeated = await book('2026-11-01T01:30:00-07:00', 'fall2@example.com');
    expectFailure(repeated, 400, 'Start');
    expect(repeated.body.Message).toContain('is not the start of a slot');
    expect(await listOn('2026-11-01')).toEqual(['2026-11-01T01:30:00-06:00/2026-11-01T01:00:00-07:00']);
    await expectSlotCountsMatch(t.db, s.ws.workspaceId);
  });
});
