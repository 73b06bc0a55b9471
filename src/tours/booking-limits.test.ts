// The visitor limits on bookings: ten showings booked from one address within a minute, each
// from its own widget session with its own e-mail (so the per-visitor cap does not stop them):
// the first PARLOR_LIMIT_BOOKINGS_PER_HOUR (5) are booked, the rest get 429 with Retry-After and
// leave nothing behind. A workspace key (the brokerage's own system) is not a visitor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatbotWithSession } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
let t: TestApp;
let s: Awaited<ReturnType<typeof chatbotWithSession>>;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { PARLOR_LIMIT_BOOKINGS_PER_HOUR: '5', PARLOR_LIMIT_CHATBOT_BOOKINGS_PER_HOUR: '60' },
  });
  s = await chatbotWithSession(t, { TimeZone: 'America/Denver' });
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: s.serial, Hours: [{ Day: 'Tue', Start: '09:00', End: '17:00' }], Capacity: 5 },
    s.ws.auth,
  );
});
afterAll(() => t.close());

it('ten bookings from one address in a minute: 5 booked, 5 × 429 with Retry-After, nothing else written', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const v = await call<{ SessionID: number; SessionKey: string }>(
      t.app,
      '/chat/Chatbot/GetConfig',
      { serialNumber: s.serial },
      {},
    );
    const res = await post(
      t.app,
      '/chat/Chat/BookTour',
      {
        sessionID: v.SessionID,
        Start: `2026-06-02T${String(9 + (i % 8)).padStart(2, '0')}:00:00-06:00`,
        Name: `Visitor ${i}`,
        Email: `v${i}@example.com`,
      },
      { 'chatrobot-sessionkey': v.SessionKey },
    );
    statuses.push(res.status);
    if (res.status === 429) {
      expect(res.body.Message).toBe(
        'Too many showings booked from your network in a short time; please try again later.',
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
  const list = await call<unknown[]>(
    t.app,
    '/chat/Chatbot/AppointmentList',
    { serialNumber: s.serial, From: '2026-06-02', To: '2026-06-02' },
    s.ws.auth,
  );
  expect(list).toHaveLength(5);
  const leads = await call<{ Type: string }[]>(t.app, '/chat/Chatbot/LeadList', { serialNumber: s.serial }, s.ws.auth);
  expect(leads.filter((l) => l.Type === 'Appointment')).toHaveLength(5);

  // The brokerage's own system books with its workspace key: no visitor limit.
  const api = await post(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: s.sessionId, Start: '2026-06-02T16:30:00-06:00', Name: 'Phone booking', Phone: '+1 303 555 0101' },
    s.ws.auth,
  );
  expect(api.status, JSON.stringify(api.body)).toBe(200);
});
