// SetAvailability and GetAvailability: defaults, the TimeZone they set, and every rule a bad
// value breaks (400 naming the field, nothing saved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, expectFailure } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';

let t: TestApp;
let ws: TestWorkspace;
let serial: string;

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '17:00' }));

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, 'Availability Realty');
});
afterAll(() => t.close());

const set = (body: Record<string, unknown>) =>
  post(t.app, '/chat/Chatbot/SetAvailability', { serialNumber: serial, ...body }, ws.auth);
const get = () =>
  call<Record<string, unknown>>(t.app, '/chat/Chatbot/GetAvailability', { serialNumber: serial }, ws.auth);

describe('SetAvailability / GetAvailability', () => {
  it('starts with no hours and the defaults', async () => {
    const other = await createChatbot(t.app, ws.auth, 'Fresh Realty');
    expect(await call(t.app, '/chat/Chatbot/GetAvailability', { serialNumber: other }, ws.auth)).toEqual({
      TimeZone: 'America/Chicago',
      Hours: [],
      SlotMinutes: 30,
      BufferMinutes: 0,
      NoticeMinutes: 120,
      HorizonDays: 14,
      Capacity: 1,
      BlockedDates: [],
      ReminderMinutes: 1440,
      MaxUpcomingPerVisitor: 3,
    });
  });

  it('saves the hours sorted by day, the numbers given, defaults for the rest, and the TimeZone', async () => {
    const res = await set({
      Hours: [{ Day: 'saturday', Start: '10:00', End: '14:00' }, ...WEEK, { Day: 'Mon', Start: '18:00', End: '24:00' }],
      SlotMinutes: 45,
      Capacity: 2,
      BlockedDates: ['2026-12-25', '2026-12-24', '2026-12-25'],
      TimeZone: 'America/Denver',
      NoticeMinutes: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await get();
    expect(saved).toEqual(res.body.Data);
    expect(saved).toMatchObject({
      TimeZone: 'America/Denver',
      SlotMinutes: 45,
      Capacity: 2,
      NoticeMinutes: 120,
      BlockedDates: ['2026-12-24', '2026-12-25'],
    });
    expect((saved.Hours as { Day: string; Start: string; End: string }[]).slice(0, 3)).toEqual([
      { Day: 'Mon', Start: '09:00', End: '17:00' },
      { Day: 'Mon', Start: '18:00', End: '24:00' },
      { Day: 'Tue', Start: '09:00', End: '17:00' },
    ]);
    const bot = await call<{ TimeZone: string }>(t.app, '/chat/Chatbot/Get', { serialNumber: serial }, ws.auth);
    expect(bot.TimeZone).toBe('America/Denver');
  });

  it.each([
    [{ Hours: WEEK, SlotMinutes: 0 }, 'SlotMinutes', 'must be >= 5'],
    [{ Hours: WEEK, SlotMinutes: 481 }, 'SlotMinutes', 'must be <= 480'],
    [{ Hours: WEEK, Capacity: 0 }, 'Capacity', 'must be >= 1'],
    [{ Hours: WEEK, BufferMinutes: -5 }, 'BufferMinutes', 'must be >= 0'],
    [{ Hours: WEEK, HorizonDays: 0 }, 'HorizonDays', 'must be >= 1'],
    [{ Hours: WEEK, TimeZone: 'Mars/Olympus_Mons' }, 'TimeZone', 'must be an IANA time zone'],
    [{ Hours: WEEK, TimeZone: '+05:00' }, 'TimeZone', 'must be an IANA time zone'],
    [{ Hours: [{ Day: 'Funday', Start: '09:00', End: '10:00' }] }, 'Hours[0].Day', 'must be one of: Mon'],
    [{ Hours: [{ Day: 'Mon', Start: '9am', End: '10:00' }] }, 'Hours[0].Start', 'must be a time HH:MM'],
    [{ Hours: [{ Day: 'Mon', Start: '09:00', End: '24:30' }] }, 'Hours[0].End', 'must be a time HH:MM'],
    [{ Hours: [{ Day: 'Mon', Start: '10:00', End: '09:00' }] }, 'Hours[0].End', 'must be after Start (10:00)'],
    [{ Hours: [{ Day: 'Mon', Start: '09:00', End: '09:20' }] }, 'Hours[0]', 'is shorter than SlotMinutes (30)'],
    [
      {
        Hours: [
          { Day: 'Mon', Start: '09:00', End: '12:00' },
          { Day: 'Tue', Start: '09:00', End: '12:00' },
          { Day: 'Mon', Start: '11:30', End: '17:00' },
        ],
      },
      'Hours[2]',
      'Mon 11:30–17:00 overlaps Mon 09:00–12:00',
    ],
    [{ Hours: WEEK, BlockedDates: ['2026-02-30'] }, 'BlockedDates[0]', 'is not a date that exists'],
    [{ Hours: WEEK, BlockedDates: ['12/25/2026'] }, 'BlockedDates[0]', 'must be a date YYYY-MM-DD'],
    [{ SlotMinutes: 30 }, 'Hours', 'is required'],
  ])('refuses %j: 400 naming %s, nothing saved', async (body, field, rule) => {
    const before = await get();
    const res = await set(body);
    expectFailure(res, 400, field);
    expect(res.body.Message).toContain(rule);
    expect(await get()).toEqual(before);
  });

  it("is another workspace's 404, and needs a credential", async () => {
    const other = await newWorkspace(t.db, 'Other Realty');
    expectFailure(await post(t.app, '/chat/Chatbot/GetAvailability', { serialNumber: serial }, other.auth), 404);
    expectFailure(
      await post(t.app, '/chat/Chatbot/SetAvailability', { serialNumber: serial, Hours: [] }, other.auth),
      404,
    );
    expectFailure(await post(t.app, '/chat/Chatbot/GetAvailability', { serialNumber: serial }), 401);
  });
});
