// GetTourSlots, BookTour, CancelTour and AppointmentList over the API, with a clock held at
// Monday 2026-06-01 08:00 in Denver: the slots, a booking as a lead of Type Appointment, every
// refusal (naming why and the next free slots), the per-visitor cap, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, expectFailure, listingBody } from '../../test/factories.ts';
import {
  buildTestApp,
  call,
  newWorkspace,
  post,
  type TestApp,
  type TestWorkspace,
  testClock,
} from '../../test/harness.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
let t: TestApp;
let ws: TestWorkspace;
let serial: string;
let sessionId: number;
const MLS = 'DEN-7001';

interface Slot {
  Start: string;
  End: string;
  Label: string;
}
interface Card {
  AppointmentID: number;
  Start: string;
  End: string;
  Label: string;
  Status: string;
  MLSNumber: string;
  Address: string;
  ManageUrl: string;
  CalendarUrl: string;
}

async function newSession(): Promise<number> {
  return (await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, ws.auth))
    .SessionID;
}

const slots = (body: Record<string, unknown> = {}, sid = sessionId) =>
  call<Slot[]>(t.app, '/chat/Chat/GetTourSlots', { sessionID: sid, ...body }, ws.auth);

const book = (Start: string, more: Record<string, unknown> = {}, sid = sessionId) =>
  post<Card>(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: sid, Start, MLSNumber: MLS, Name: 'Jane Doe', Email: 'jane@example.com', ...more },
    ws.auth,
  );

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PARLOR_PUBLIC_URL: 'https://parlor.example.com' } });
  const s = await chatbotWithSession(t, { TalkToHumanEmail: 'agents@example.com' }, 'Mile High Realty');
  ({ ws, serial, sessionId } = s);
  await createListing(
    t.app,
    ws.auth,
    listingBody(serial, { MLSNumber: MLS, Address: '1550 Larimer St', City: 'Denver', State: 'CO' }),
  );
  await createListing(t.app, ws.auth, listingBody(serial, { MLSNumber: 'DEN-SOLD', Status: 'Sold' }));
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: serial,
      TimeZone: 'America/Denver',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
      BlockedDates: ['2026-06-03'],
      HorizonDays: 7,
    },
    ws.auth,
  );
});
afterAll(() => t.close());

describe('GetTourSlots', () => {
  it("lists free slots from NoticeMinutes on, in the chatbot's zone, labelled in its language", async () => {
    const list = await slots();
    expect(list[0]).toEqual({
      Start: '2026-06-01T10:00:00-06:00',
      End: '2026-06-01T10:30:00-06:00',
      Label: 'Mon, Jun 1, 10:00 AM',
    });
    // Wednesday is blocked, the horizon ends Monday 08:00.
    expect(new Set(list.map((s) => s.Start.slice(0, 10)))).toEqual(
      new Set(['2026-06-01', '2026-06-02', '2026-06-04', '2026-06-05']),
    );
  });

  it('takes a window: From and Days', async () => {
    const list = await slots({ From: '2026-06-04', Days: 1 });
    expect(list.map((s) => s.Start.slice(11, 16))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('checks the listing: unknown is 404, sold is 409', async () => {
    const unknown = await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: sessionId, MLSNumber: 'NOPE' }, ws.auth);
    expectFailure(unknown, 404);
    const sold = await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: sessionId, MLSNumber: 'DEN-SOLD' }, ws.auth);
    expectFailure(sold, 409, 'MLSNumber');
  });

  it('refuses a From that is not a date, and Days out of bounds', async () => {
    const bad = await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: sessionId, From: 'Saturday' }, ws.auth);
    expectFailure(bad, 400, 'From');
    const days = await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: sessionId, Days: 0 }, ws.auth);
    expectFailure(days, 400, 'Days');
  });
});

describe('BookTour', () => {
  it('books a free slot: the card, a lead of Type Appointment, and the slot is gone', async () => {
    const res = await book('2026-06-02T09:00:00-06:00', { Phone: '+1 303 555 0100', Message: 'Parking?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.Data;
    expect(card).toMatchObject({
      Start: '2026-06-02T09:00:00-06:00',
      End: '2026-06-02T09:30:00-06:00',
      Label: 'Tue, Jun 2, 9:00 AM',
      Status: 'booked',
      MLSNumber: MLS,
      Address: '1550 Larimer St, Denver, CO',
    });
    expect(card.ManageUrl).toMatch(/^https:\/\/parlor\.example\.com\/tours\/manage\/\d+\.\d+\.[\w-]{43}$/);
    expect(card.CalendarUrl).toBe(`${card.ManageUrl}/invite.ics`);
    expect((await slots({ From: '2026-06-02', Days: 1 })).map((s) => s.Start)).not.toContain(card.Start);

    const leads = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: serial },
      ws.auth,
    );
    const lead = leads.find((l) => l.Type === 'Appointment');
    expect(lead).toMatchObject({
      Name: 'Jane Doe',
      Email: 'jane@example.com',
      Phone: '+1 303 555 0100',
      Message: 'Parking?',
      SessionID: sessionId,
      Source: 'api',
      Appointment: {
        ID: card.AppointmentID,
        Start: card.Start,
        End: card.End,
        Status: 'booked',
        MLSNumber: MLS,
        Address: '1550 Larimer St, Denver, CO',
        ListingUrl: expect.stringContaining('https://homes.example.com/'),
      },
    });
    const page = await call<{ List: Record<string, unknown>[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: serial },
      ws.auth,
    );
    expect(page.List.find((l) => l.ID === lead?.ID)).toMatchObject({
      Type: 'Appointment',
      Appointment: { ID: card.AppointmentID },
    });

    const list = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: serial, From: '2026-06-02', To: '2026-06-02' },
      ws.auth,
    );
    expect(list).toEqual([
      expect.objectContaining({
        ID: card.AppointmentID,
        SessionID: sessionId,
        Start: card.Start,
        End: card.End,
        Status: 'booked',
        Name: 'Jane Doe',
        MLSNumber: MLS,
        Address: '1550 Larimer St, Denver, CO',
        LeadID: lead?.ID,
        Sequence: 0,
      }),
    ]);
  });

  it('refuses a slot at capacity with 409, naming the next free slots', async () => {
    const other = await newSession();
    const res = await book('2026-06-02T09:00:00-06:00', { Email: 'other@example.com' }, other);
    expectFailure(res, 409, 'Start');
    expect(res.body.Message).toBe(
      'Start: Tue, Jun 2, 9:00 AM is already taken; the next free slots: Tue, Jun 2, 9:30 AM (2026-06-02T09:30:00-06:00), ' +
        'Tue, Jun 2, 10:00 AM (2026-06-02T10:00:00-06:00), Tue, Jun 2, 10:30 AM (2026-06-02T10:30:00-06:00)',
    );
  });

  it.each([
    ['tomorrow at 9', 'must be a date and time in ISO 8601 with an offset'],
    ['2026-06-02T09:30:00', 'must be a date and time in ISO 8601 with an offset'],
    ['2026-06-01T07:00:00-06:00', 'is in the past; the next free slots: Mon, Jun 1, 10:00 AM'],
    ['2026-06-01T09:00:00-06:00', 'is too soon: showings are booked at least 120 minutes ahead (NoticeMinutes)'],
    ['2026-06-12T09:00:00-06:00', 'is too far ahead: showings are booked at most 7 days ahead (HorizonDays)'],
    ['2026-06-03T09:00:00-06:00', 'falls on 2026-06-03, a day without showings (BlockedDates)'],
    ['2026-06-02T13:00:00-06:00', 'is outside the showing hours of 2026-06-02'],
    ['2026-06-02T09:10:00-06:00', 'is not the start of a slot (slots of 30 minutes, every 30 minutes)'],
  ])('refuses Start %s with 400: %s', async (start, rule) => {
    const res = await book(start, { Email: 'refused@example.com' }, await newSession());
    expectFailure(res, 400, 'Start');
    expect(res.body.Message).toContain(rule);
    // A time that is not one of the calendar's slots names the next free ones.
    if (!rule.startsWith('must be')) {
      expect(res.body.Message).toMatch(/; the next free slots: [^;]+\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-06:00\)/);
    }
  });

  it('accepts a slot written with another offset (the same instant)', async () => {
    const res = await book('2026-06-04T15:00:00Z', { Email: 'utc@example.com' }, await newSession());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.Start).toBe('2026-06-04T09:00:00-06:00');
  });

  it('needs a name and an e-mail or a phone, as every lead', async () => {
    expectFailure(await book('2026-06-04T09:30:00-06:00', { Email: '', Phone: '' }), 400, 'Email');
    expectFailure(await book('2026-06-04T09:30:00-06:00', { Name: '' }), 400, 'Name');
    expectFailure(await book('2026-06-04T09:30:00-06:00', { Phone: 'call me' }), 400, 'Phone');
  });

  it('caps a visitor at 3 upcoming showings, by session and by e-mail', async () => {
    const sid = await newSession();
    for (const time of ['10:00', '10:30', '11:00']) {
      const ok = await book(`2026-06-05T${time}:00-06:00`, { Email: 'busy@example.com' }, sid);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    const fourth = await book('2026-06-05T11:30:00-06:00', { Email: 'someone-else@example.com' }, sid);
    expectFailure(fourth, 409, 'Start');
    expect(fourth.body.Message).toContain('you already have 3 upcoming showings booked here');
    const sameEmail = await book('2026-06-05T11:30:00-06:00', { Email: 'BUSY@example.com' }, await newSession());
    expectFailure(sameEmail, 409, 'Start');
  });
});

describe('CancelTour', () => {
  it('cancels a showing of the session; the slot is free again; twice is 409', async () => {
    const sid = await newSession();
    const booked = (await book('2026-06-04T11:00:00-06:00', { Email: 'cancel@example.com' }, sid)).body.Data;
    const res = await call(
      t.app,
      '/chat/Chat/CancelTour',
      { sessionID: sid, AppointmentID: booked.AppointmentID },
      ws.auth,
    );
    expect(res).toEqual({ AppointmentID: booked.AppointmentID, Status: 'cancelled' });
    expect((await slots({ From: '2026-06-04', Days: 1 })).map((s) => s.Start)).toContain(booked.Start);
    const again = await post(
      t.app,
      '/chat/Chat/CancelTour',
      { sessionID: sid, AppointmentID: booked.AppointmentID },
      ws.auth,
    );
    expectFailure(again, 409, 'AppointmentID');
  });

  it("is 404 for another session's showing, and for another workspace", async () => {
    const sid = await newSession();
    const booked = (await book('2026-06-04T11:30:00-06:00', { Email: 'mine@example.com' }, sid)).body.Data;
    const body = { sessionID: sessionId, AppointmentID: booked.AppointmentID };
    expectFailure(await post(t.app, '/chat/Chat/CancelTour', body, ws.auth), 404);
    const other = await newWorkspace(t.db, 'Other Realty');
    expectFailure(await post(t.app, '/chat/Chat/CancelTour', { ...body, sessionID: sid }, other.auth), 404);
  });
});

describe('a visitor key', () => {
  it('books and cancels for its own session only', async () => {
    const v = await call<{ SessionID: number; SessionKey: string }>(
      t.app,
      '/chat/Chatbot/GetConfig',
      { serialNumber: serial },
      {},
    );
    const key = { 'chatrobot-sessionkey': v.SessionKey };
    const list = await call<Slot[]>(t.app, '/chat/Chat/GetTourSlots', { sessionID: v.SessionID }, key);
    expect(list.length).toBeGreaterThan(0);
    const body = { Start: '2026-06-08T08:30:00-06:00', Name: 'Vi Sitor', Email: 'visitor@example.com' };
    // Monday 8:30 is outside the hours; the first free slot of the list is not.
    const start = list.find((s) => s.Start.startsWith('2026-06-05'))?.Start ?? '';
    const res = await post<Card>(t.app, '/chat/Chat/BookTour', { sessionID: v.SessionID, ...body, Start: start }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const leads = await call<{ Source: string; Type: string }[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: serial, sessionID: v.SessionID },
      ws.auth,
    );
    expect(leads).toEqual([expect.objectContaining({ Source: 'widget', Type: 'Appointment' })]);
    expectFailure(await post(t.app, '/chat/Chat/GetTourSlots', { sessionID: sessionId }, key), 404);
    expectFailure(
      await post(
        t.app,
        '/chat/Chat/CancelTour',
        { sessionID: sessionId, AppointmentID: res.body.Data.AppointmentID },
        key,
      ),
      404,
    );
    expectFailure(
      await post(
        t.app,
        '/chat/Chatbot/AppointmentList',
        { serialNumber: serial, From: '2026-06-01', To: '2026-06-30' },
        key,
      ),
      403,
    );
  });
});

describe('AppointmentList', () => {
  it('filters by Status and refuses To before From', async () => {
    const all = await call<{ Status: string }[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: serial, From: '2026-06-01', To: '2026-06-30' },
      ws.auth,
    );
    const cancelled = await call<{ Status: string }[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: serial, From: '2026-06-01', To: '2026-06-30', Status: 'cancelled' },
      ws.auth,
    );
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((a) => a.Status === 'cancelled')).toBe(true);
    expect(all.length).toBeGreaterThan(cancelled.length);
    const bad = await post(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: serial, From: '2026-06-30', To: '2026-06-01' },
      ws.auth,
    );
    expectFailure(bad, 400, 'To');
  });

  it('a chatbot without hours takes no bookings', async () => {
    const s = await chatbotWithSession(t);
    expect(await call(t.app, '/chat/Chat/GetTourSlots', { sessionID: s.sessionId }, s.ws.auth)).toEqual([]);
    const res = await post(
      t.app,
      '/chat/Chat/BookTour',
      { sessionID: s.sessionId, Start: '2026-06-02T09:00:00-06:00', Name: 'A', Email: 'a@example.com' },
      s.ws.auth,
    );
    expectFailure(res, 409, 'Start');
    expect(res.body.Message).toContain('takes no bookings');
  });
});

describe('the slot counts', () => {
  it('are the booked appointments per interval after every booking and cancel above', async () => {
    await expectSlotCountsMatch(t.db, ws.workspaceId);
  });
});
