// The signed manage link: its page, its calendar file, moving and cancelling through it, and
// the links it refuses (tampered, another workspace's signature, expired).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';
import { parseInvite } from '../../test/tours/invites.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';
import { manageToken } from './manage-link.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
let t: TestApp;
let s: Awaited<ReturnType<typeof chatbotWithSession>>;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PARLOR_PUBLIC_URL: 'https://parlor.example.com' } });
  s = await chatbotWithSession(t, { TimeZone: 'America/Denver', AIResponseLanguage: 'Spanish' }, 'Casa Realty');
  await createListing(
    t.app,
    s.ws.auth,
    listingBody(s.serial, { MLSNumber: 'DEN-9', Address: '9 Elm St', City: 'Denver', State: 'CO' }),
  );
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: s.serial, Hours: [{ Day: 'Tue', Start: '09:00', End: '11:00' }], Capacity: 1 },
    s.ws.auth,
  );
});
afterAll(() => t.close());

async function booked(start: string, email: string) {
  const sid = (
    await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: s.serial }, s.ws.auth)
  ).SessionID;
  const card = await call<{ ManageUrl: string; CalendarUrl: string; AppointmentID: number }>(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: sid, Start: start, MLSNumber: 'DEN-9', Name: 'Ana', Email: email },
    s.ws.auth,
  );
  return { ...card, path: new URL(card.ManageUrl).pathname };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const form = (url: string, payload = '') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('the manage link', () => {
  it('shows the showing in the visitor’s language, with a calendar file, a cancel button and free slots', async () => {
    const b = await booked('2026-06-02T09:00:00-06:00', 'ana@example.com');
    const page = await get(b.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Su visita');
    expect(page.body).toContain('9 Elm St, Denver, CO');
    expect(page.body).toContain('Cancelar la visita');
    // The other free slots of Tuesday, not the booked one.
    expect(page.body).toContain('value="2026-06-02T09:30:00-06:00"');
    expect(page.body).not.toContain('value="2026-06-02T09:00:00-06:00"');

    const ics = await get(new URL(b.CalendarUrl).pathname);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(parseInvite(ics.body)).toMatchObject({
      method: 'PUBLISH',
      start: Date.parse('2026-06-02T15:00:00Z'),
      location: '9 Elm St, Denver, CO',
      status: 'CONFIRMED',
    });
  });

  it('refuses a slot taken meanwhile with the page saying so (409), the showing unchanged', async () => {
    const mine = await booked('2026-06-02T10:00:00-06:00', 'first@example.com');
    await booked('2026-06-02T10:30:00-06:00', 'second@example.com');
    const res = await form(`${mine.path}/reschedule`, 'Start=2026-06-02T10%3A30%3A00-06%3A00');
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('No se pudo hacer:');
    expect(res.body).toContain('is already taken');
    const list = await call<{ ID: number; Start: string }[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: s.serial, From: '2026-06-02', To: '2026-06-02' },
      s.ws.auth,
    );
    expect(list.find((a) => a.ID === mine.AppointmentID)?.Start).toBe('2026-06-02T10:00:00-06:00');
  });

  it('cancels, then shows the showing as cancelled without actions', async () => {
    const b = await booked('2026-06-09T09:00:00-06:00', 'cancel@example.com');
    const res = await form(`${b.path}/cancel`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${b.path}?done=cancelled`);
    const page = await get(`${b.path}?done=cancelled`);
    expect(page.body).toContain('Su visita está cancelada.');
    expect(page.body).toContain('Cancelada');
    expect(page.body).not.toContain('<form');
    const again = await form(`${b.path}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a tampered link, one signed by another workspace and one for another showing (401)', async () => {
    const b = await booked('2026-06-09T09:30:00-06:00', 'tamper@example.com');
    const token = b.path.split('/').at(-1) ?? '';
    const [id = '', exp = '', sig = ''] = token.split('.');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const other = await chatbotWithSession(t);
    const otherSecret = (
      await t.db.kysely
        .selectFrom('workspaces')
        .select('signing_secret')
        .where('id', '=', other.ws.workspaceId)
        .executeTakeFirstOrThrow()
    ).signing_secret;
    for (const bad of [
      `${id}.${exp}.${flipped}`,
      `${Number(id) + 1000}.${exp}.${sig}`,
      `${id}.${Number(exp) + 3600}.${sig}`,
      manageToken(otherSecret, Number(id), Number(exp) * 1000),
      'not-a-token',
    ]) {
      for (const res of [
        await get(`/tours/manage/${bad}`),
        await form(`/tours/manage/${bad}/cancel`),
        await form(`/tours/manage/${bad}/reschedule`, 'Start=2026-06-09T10%3A30%3A00-06%3A00'),
      ]) {
        expect(res.statusCode, bad).toBe(401);
        expect(res.body).toContain('This link is not valid.');
      }
    }
    const list = await call<{ ID: number; Status: string }[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: s.serial, From: '2026-06-09', To: '2026-06-09' },
      s.ws.auth,
    );
    expect(list.find((a) => a.ID === b.AppointmentID)?.Status).toBe('booked');
  });

  it('refuses a link once the showing it was sent for has ended (403)', async () => {
    const b = await booked('2026-06-09T10:00:00-06:00', 'late@example.com');
    clock.set(new Date('2026-06-09T16:30:00Z'));
    try {
      const res = await form(`${b.path}/cancel`);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This link has expired');
      expect((await get(b.path)).statusCode).toBe(403);
      const moved = await form(`${b.path}/reschedule`, 'Start=2026-06-16T09%3A00%3A00-06%3A00');
      expect(moved.statusCode).toBe(403);
      expect(moved.body).toContain('This link has expired');
    } finally {
      clock.set(new Date('2026-06-01T14:00:00Z'));
    }
  });

  it('leaves the slot counts equal to the booked appointments', async () => {
    await expectSlotCountsMatch(t.db, s.ws.workspaceId);
  });
});
