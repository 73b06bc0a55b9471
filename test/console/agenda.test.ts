// The console's showings: a chatbot's agenda of a day or a week (the visitor, the listing
// card), one agent's showings, assign (the agent gets the invitation), the free slots a move may
// take, move and cancel, a conversation's showings, and another workspace's showings out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailPayload } from '../../src/outbox/index.ts';
import { chatbotWithSession, createListing, listingBody } from '../factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../harness.ts';
import { expectSlotCountsMatch } from '../tours/slot-counts.ts';
import { type SignedIn, signIn, staffOf, staffUser } from './staff.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z')); // Monday 08:00 in Denver
let t: TestApp;
let s: Awaited<ReturnType<typeof chatbotWithSession>>;
let owner: SignedIn;
let agent: SignedIn;
let agentId = 0;
let agentEmail = '';
const ids: number[] = [];

interface Item {
  ID: number;
  Start: string;
  Label: string;
  Status: string;
  Name: string;
  AssignedUserID: number | null;
  Listing: { MLSNumber: string; Address: string } | null;
}
type Agenda = { Chatbot: { TimeZone: string }; From: string; To: string; Appointments: Item[] };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  s = await chatbotWithSession(
    t,
    { TimeZone: 'America/Denver', TalkToHumanEmail: 'desk@example.com' },
    'Agenda Realty',
  );
  await createListing(
    t.app,
    s.ws.auth,
    listingBody(s.serial, { MLSNumber: 'AG-1', Address: '1 Pine St', City: 'Denver' }),
  );
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: s.serial,
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
    },
    s.ws.auth,
  );
  owner = await staffOf(t.app, t.db, s.ws.workspaceId, 'owner');
  agentEmail = await staffUser(t.db, s.ws.workspaceId, 'agent');
  agent = await signIn(t.app, agentEmail);
  agentId = (
    await t.db.kysely.selectFrom('users').select('id').where('email', '=', agentEmail).executeTakeFirstOrThrow()
  ).id;
  for (const [start, name] of [
    ['2026-06-02T09:00:00-06:00', 'Ann'],
    ['2026-06-04T10:00:00-06:00', 'Bob'],
    ['2026-06-10T11:00:00-06:00', 'Cid'],
  ] as const) {
    const card = await call<{ AppointmentID: number }>(
      t.app,
      '/chat/Chat/BookTour',
      {
        sessionID: s.sessionId,
        Start: start,
        MLSNumber: 'AG-1',
        Name: name,
        Email: `${name.toLowerCase()}@example.com`,
      },
      s.ws.auth,
    );
    ids.push(card.AppointmentID);
  }
});
afterAll(() => t.close());

const get = async <T>(url: string, who = owner) => {
  const res = await t.app.inject({ url, headers: who.read });
  return { status: res.statusCode, body: res.json() as { Data: T; Message: string } };
};
const post = async <T>(url: string, payload: unknown, who = owner) => {
  const res = await t.app.inject({ method: 'POST', url, headers: who.write, payload: JSON.stringify(payload) });
  return { status: res.statusCode, body: res.json() as { Data: T; Message: string } };
};

describe("the console's agenda", () => {
  it('a week from a date, and a day, with the visitor and the listing card', async () => {
    const week = await get<Agenda>(`/console/api/agenda?chatbot=${s.serial}&from=2026-06-01&days=7`);
    expect(week.status).toBe(200);
    expect(week.body.Data).toMatchObject({
      Chatbot: { TimeZone: 'America/Denver' },
      From: '2026-06-01',
      To: '2026-06-07',
    });
    expect(week.body.Data.Appointments.map((a) => [a.Name, a.Start, a.Label])).toEqual([
      ['Ann', '2026-06-02T09:00:00-06:00', 'Tue, Jun 2, 9:00 AM'],
      ['Bob', '2026-06-04T10:00:00-06:00', 'Thu, Jun 4, 10:00 AM'],
    ]);
    expect(week.body.Data.Appointments[0]?.Listing).toMatchObject({ MLSNumber: 'AG-1', Address: '1 Pine St' });
    const today = await get<Agenda>(`/console/api/agenda?chatbot=${s.serial}&days=1`);
    expect(today.body.Data).toMatchObject({ From: '2026-06-01', Appointments: [] });
    const agentSees = await get<Agenda>(`/console/api/agenda?chatbot=${s.serial}&from=2026-06-10&days=1`, agent);
    expect(agentSees.body.Data.Appointments.map((a) => a.Name)).toEqual(['Cid']);
  });

  it('assigns a showing to an agent, who gets the invitation, and filters the agenda by agent', async () => {
    const res = await post<Item>(`/console/api/appointments/${ids[1]}/assign`, { UserID: agentId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.AssignedUserID).toBe(agentId);
    const mine = await get<Agenda>(`/console/api/agenda?chatbot=${s.serial}&from=2026-06-01&days=14&agent=${agentId}`);
    expect(mine.body.Data.Appointments.map((a) => a.Name)).toEqual(['Bob']);
    const rows = await t.db.kysely
      .selectFrom('outbox')
      .select('payload')
      .where('dedupe_key', 'like', `tour:${ids[1]}:%:assigned:%`)
      .execute();
    const mail = JSON.parse(rows[0]?.payload ?? '{}') as EmailPayload;
    expect(mail.to).toEqual([agentEmail]);
    expect(mail.calendar?.method).toBe('REQUEST');
    const nobody = await post(`/console/api/appointments/${ids[1]}/assign`, { UserID: 2_000_000 });
    expect(nobody.status).toBe(404);
  });

  it('moves a showing (the assigned agent gets the new time) and cancels one', async () => {
    // The times it may move to: the free slots from now (08:00 and two hours' notice), Ann's taken.
    const free = await get<{ Start: string; Label: string }[]>(`/console/api/appointments/${ids[1]}/slots`, agent);
    expect(free.status).toBe(200);
    const starts = free.body.Data.map((x) => x.Start);
    expect(free.body.Data[0]).toMatchObject({ Start: '2026-06-01T10:00:00-06:00', Label: 'Mon, Jun 1, 10:00 AM' });
    expect(starts).toContain('2026-06-05T11:30:00-06:00');
    expect(starts).not.toContain('2026-06-02T09:00:00-06:00');
    const moved = await post<Item>(
      `/console/api/appointments/${ids[1]}/reschedule`,
      { Start: '2026-06-05T11:30:00-06:00' },
      agent,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.Data.Start).toBe('2026-06-05T11:30:00-06:00');
    const rows = await t.db.kysely
      .selectFrom('outbox')
      .select('payload')
      .where('dedupe_key', '=', `tour:${ids[1]}:s1:rescheduled:staff`)
      .execute();
    expect((JSON.parse(rows[0]?.payload ?? '{}') as EmailPayload).to).toEqual([agentEmail]);
    const taken = await post(`/console/api/appointments/${ids[1]}/reschedule`, { Start: '2026-06-02T09:00:00-06:00' });
    expect(taken.status).toBe(409);
    expect(taken.body.Message).toContain('is already taken');
    const cancelled = await post<Item>(`/console/api/appointments/${ids[0]}/cancel`, {});
    expect(cancelled.body.Data.Status).toBe('cancelled');
    expect((await post(`/console/api/appointments/${ids[0]}/cancel`, {})).status).toBe(409);
  });

  it("shows a conversation's showings, and nothing of another workspace", async () => {
    const mine = await get<Item[]>(`/console/api/conversations/${s.sessionId}/appointments`);
    expect(mine.body.Data.map((a) => a.Name)).toEqual(['Cid', 'Bob', 'Ann']);
    const other = await chatbotWithSession(t);
    const stranger = await staffOf(t.app, t.db, other.ws.workspaceId, 'owner');
    expect((await get(`/console/api/conversations/${s.sessionId}/appointments`, stranger)).body.Data).toEqual([]);
    expect((await get(`/console/api/agenda?chatbot=${s.serial}`, stranger)).status).toBe(404);
    expect((await post(`/console/api/appointments/${ids[2]}/cancel`, {}, stranger)).status).toBe(404);
    expect((await get(`/console/api/appointments/${ids[2]}/slots`, stranger)).status).toBe(404);
    expect((await post(`/console/api/appointments/${ids[2]}/assign`, { UserID: agentId }, stranger)).status).toBe(404);
  });

  it('leaves the slot counts equal to the booked appointments', async () => {
    await expectSlotCountsMatch(t.db, s.ws.workspaceId);
  });
});
