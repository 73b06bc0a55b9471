// Reminders: due ReminderMinutes before a showing, queued once however many instances run the
// job at once (on PostgreSQL, two connection pools as two instances would have), sent once by
// two outbox workers: an e-mail, and an SMS through the Twilio stand-in to the visitor's phone.
// A cancelled showing gets none; a moved one gets its reminder at its new time.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, dbKind, type TestApp, testClock } from '../../test/harness.ts';
import { startTwilioStandin, type TwilioStandin } from '../../test/twilio-standin.ts';
import { connect, type Db } from '../db/connect.ts';
import { createWorker } from '../notify/worker.ts';
import type { EmailPayload, Mailer } from '../outbox/index.ts';
import type { TourDeps } from './deps.ts';
import { queueDueReminders } from './reminders.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
let t: TestApp;
let twilio: TwilioStandin;
let second: Db;
let s: Awaited<ReturnType<typeof chatbotWithSession>>;
const sent: { to: string[]; subject: string; text: string }[] = [];

const mailer: Mailer = {
  async send(_id, m: EmailPayload) {
    await new Promise((r) => setTimeout(r, 2));
    sent.push({ to: m.to, subject: m.subject, text: m.text });
  },
  close: () => {},
};

const depsOf = (db: Db): TourDeps => ({
  db,
  clock,
  publicUrl: 'https://parlor.example.com',
  mailFrom: 'Parlor <parlor@example.com>',
  sms: true,
});

beforeAll(async () => {
  twilio = await startTwilioStandin();
  t = await buildTestApp({
    clock,
    env: {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15125550199',
      TWILIO_BASE_URL: twilio.url,
      PARLOR_PUBLIC_URL: 'https://parlor.example.com',
    },
  });
  // A second instance's own pool on the same database (SQLite has one process: the same one).
  second = dbKind === 'postgres' ? connect({ databaseUrl: inject('pgUrl'), dataDir: '', poolSize: 3 }) : t.db;
  s = await chatbotWithSession(t, { TimeZone: 'America/Denver' }, 'Reminder Realty');
  await createListing(
    t.app,
    s.ws.auth,
    listingBody(s.serial, { MLSNumber: 'DEN-R', Address: '77 Pearl St', City: 'Denver', State: 'CO' }),
  );
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: s.serial, Hours: ['Wed', 'Thu'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })) },
    s.ws.auth,
  );
});
afterAll(async () => {
  if (second !== t.db) await second.close();
  await t.close();
  await twilio.close();
});

function workerOn(db: Db) {
  return createWorker({
    db,
    mailer,
    clock,
    digestHour: 8,
    publicUrl: 'https://parlor.example.com',
    twilio: t.config.twilio,
    workspaceIds: [s.ws.workspaceId],
  });
}

async function book(start: string, email: string, phone: string) {
  const sid = (
    await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: s.serial }, s.ws.auth)
  ).SessionID;
  return call<{ AppointmentID: number; ManageUrl: string }>(
    t.app,
    '/chat/Chat/BookTour',
    { sessionID: sid, Start: start, MLSNumber: 'DEN-R', Name: 'Ray', Email: email, Phone: phone },
    s.ws.auth,
  );
}

const only = { workspaceIds: [] as number[] };

describe('reminders', () => {
  it('go out once, 24 h before, by e-mail and SMS, with two instances running the job and the worker', async () => {
    only.workspaceIds = [s.ws.workspaceId];
    const card = await book('2026-06-03T09:00:00-06:00', 'ray@example.com', '(303) 555-0123');
    await workerOn(t.db).runOnce(clock());
    sent.length = 0;

    clock.set(new Date('2026-06-02T14:59:00Z'));
    expect(await queueDueReminders(depsOf(t.db), clock(), only)).toBe(0);

    clock.set(new Date('2026-06-02T15:00:30Z'));
    const queued = await Promise.all([
      queueDueReminders(depsOf(t.db), clock(), only),
      queueDueReminders(depsOf(second), clock(), only),
      queueDueReminders(depsOf(t.db), clock(), only),
      queueDueReminders(depsOf(second), clock(), only),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const before = twilio.requests.length;
    await Promise.all([workerOn(t.db).runOnce(clock()), workerOn(second).runOnce(clock())]);
    await Promise.all([workerOn(t.db).runOnce(clock()), workerOn(second).runOnce(clock())]);

    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual(['ray@example.com']);
    expect(sent[0]?.subject).toBe('[Reminder Realty] Reminder: your showing: 77 Pearl St, Denver, CO');
    expect(sent[0]?.text).toContain('Wed, Jun 3, 9:00 AM');
    const sms = twilio.requests.slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.form.To).toBe('+13035550123');
    expect(sms[0]?.form.Body).toBe(
      `Reminder: your showing of 77 Pearl St, Denver, CO is Wed, Jun 3, 9:00 AM. Manage it: ${card.ManageUrl}`,
    );
    expect(await queueDueReminders(depsOf(t.db), new Date('2026-06-03T14:00:00Z'), only)).toBe(0);
  });

  it('none for a cancelled showing; a moved one is reminded at its new time', async () => {
    clock.set(new Date('2026-06-01T14:00:00Z'));
    sent.length = 0;
    const cancelled = await book('2026-06-04T09:00:00-06:00', 'gone@example.com', '');
    const moved = await book('2026-06-04T10:00:00-06:00', 'moved@example.com', '');
    await call(
      t.app,
      '/chat/Chat/CancelTour',
      { sessionID: await sessionOf(cancelled.AppointmentID), AppointmentID: cancelled.AppointmentID },
      s.ws.auth,
    );
    const path = new URL(moved.ManageUrl).pathname;
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}/reschedule`,
      payload: { Start: '2026-06-04T11:30:00-06:00' },
    });
    expect(res.statusCode, res.body).toBe(303);
    await workerOn(t.db).runOnce(clock());
    sent.length = 0;

    clock.set(new Date('2026-06-03T16:05:00Z'));
    expect(await queueDueReminders(depsOf(t.db), clock(), only)).toBe(0);
    clock.set(new Date('2026-06-03T17:31:00Z'));
    expect(await queueDueReminders(depsOf(t.db), clock(), only)).toBe(1);
    await workerOn(t.db).runOnce(clock());
    expect(sent.map((m) => m.to[0])).toEqual(['moved@example.com']);
    expect(sent[0]?.text).toContain('Thu, Jun 4, 11:30 AM');
  });
});

async function sessionOf(appointmentId: number): Promise<number> {
  const list = await call<{ ID: number; SessionID: number }[]>(
    t.app,
    '/chat/Chatbot/AppointmentList',
    { serialNumber: s.serial, From: '2026-06-01', To: '2026-06-30' },
    s.ws.auth,
  );
  return list.find((a) => a.ID === appointmentId)?.SessionID ?? 0;
}
