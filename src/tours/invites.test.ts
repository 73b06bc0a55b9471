// A showing's invitations as they arrive: through the outbox worker to a real SMTP server, the
// text/calendar part read with a real iCalendar parser (ical.js). Booked: a REQUEST to the
// visitor and to TalkToHumanEmail (SEQUENCE 0, the listing's address and URL); moved through the
// manage link: a REQUEST with the same UID and SEQUENCE 1; cancelled: a CANCEL with SEQUENCE 2.
// Each change also posts its webhook (appointment.created, .rescheduled, .cancelled).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { calendarPart, parseInvite } from '../../test/tours/invites.ts';
import { expectSlotCountsMatch } from '../../test/tours/slot-counts.ts';
import { createWorker, type NotifyWorker } from '../notify/worker.ts';
import { smtpMailer } from '../outbox/mailer.ts';

const clock = testClock(new Date('2026-06-01T14:00:00Z'));
const PUBLIC = 'https://parlor.example.com';
const FROM = 'Parlor <parlor@example.com>';
let t: TestApp;
let sink: SmtpSink;
let worker: NotifyWorker;
let receiver: Server;
const hooks: { event: string; body: Record<string, unknown> }[] = [];
let s: Awaited<ReturnType<typeof chatbotWithSession>>;
let listingUrl = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({
    clock,
    env: { PARLOR_PUBLIC_URL: PUBLIC, PARLOR_ALLOW_PRIVATE_URLS: '1', PARLOR_MAIL_FROM: FROM },
  });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      hooks.push({ event: String(body.event), body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  s = await chatbotWithSession(
    t,
    { TalkToHumanEmail: 'agents@example.com', TimeZone: 'America/Denver' },
    'Mile High Realty',
  );
  const body = listingBody(s.serial, { MLSNumber: 'DEN-42', Address: '1550 Larimer St', City: 'Denver', State: 'CO' });
  listingUrl = String(body.Url);
  await createListing(t.app, s.ws.auth, body);
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: s.serial, Hours: [{ Day: 'Tue', Start: '09:00', End: '12:00' }] },
    s.ws.auth,
  );
  await call(
    t.app,
    '/chat/Workspace/SetWebhook',
    {
      Url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      Events: ['appointment.created', 'appointment.rescheduled', 'appointment.cancelled'],
    },
    s.ws.auth,
  );
  worker = createWorker({
    db: t.db,
    mailer: smtpMailer(sink.url, FROM),
    clock,
    digestHour: 8,
    publicUrl: PUBLIC,
    outgoing: { allowPrivate: true },
    workspaceIds: [s.ws.workspaceId],
  });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await sink.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Delivers what is queued; answers the messages that arrived, by recipient. */
async function deliver(expected: number): Promise<Map<string, ReceivedMail>> {
  const before = sink.received.length;
  await worker.runOnce(clock());
  const all = await sink.waitFor(before + expected);
  return new Map(all.slice(before).map((m) => [m.to.join(','), m]));
}

function invite(m: ReceivedMail | undefined) {
  const part = calendarPart(m?.raw ?? '');
  if (!part) throw new Error('no text/calendar part');
  return { part, event: parseInvite(part.text) };
}

describe('invitations', () => {
  let manageUrl = '';
  let uid = '';

  it('booked: a REQUEST to the visitor and to the staff, with the listing and the manage link', async () => {
    const card = await call<{ ManageUrl: string; AppointmentID: number }>(
      t.app,
      '/chat/Chat/BookTour',
      {
        sessionID: s.sessionId,
        Start: '2026-06-02T09:00:00-06:00',
        MLSNumber: 'DEN-42',
        Name: 'Jane Doe',
        Email: 'jane@example.com',
        Phone: '+1 303 555 0100',
      },
      s.ws.auth,
    );
    manageUrl = card.ManageUrl;
    const mail = await deliver(2);
    const visitor = invite(mail.get('jane@example.com'));
    const staff = invite(mail.get('agents@example.com'));
    for (const { part, event } of [visitor, staff]) {
      expect(part.method).toBe('REQUEST');
      expect(event).toMatchObject({
        method: 'REQUEST',
        sequence: 0,
        start: Date.parse('2026-06-02T15:00:00Z'),
        end: Date.parse('2026-06-02T15:30:00Z'),
        location: '1550 Larimer St, Denver, CO',
        url: listingUrl,
        status: 'CONFIRMED',
        organizer: 'mailto:parlor@example.com',
      });
      expect(event.attendees).toEqual(['mailto:jane@example.com', 'mailto:agents@example.com']);
    }
    expect(visitor.event.uid).toBe(staff.event.uid);
    expect(visitor.event.uid).toMatch(/^appointment-\d+-\d+@parlor\.example\.com$/);
    uid = visitor.event.uid;
    const visitorText = mail.get('jane@example.com')?.raw ?? '';
    expect(visitorText).toContain('Subject: [Mile High Realty] Your showing is booked: 1550 Larimer St');
    expect(visitorText.replace(/=\r?\n/g, '')).toContain(manageUrl.replace(/=/g, '=3D'));
    expect(mail.get('agents@example.com')?.raw).toMatch(/Reply-To: Jane Doe <jane@example\.com>/);
    expect(hooks.map((h) => h.event)).toEqual(['appointment.created']);
    expect(hooks[0]?.body).toMatchObject({
      chatbot: { serialNumber: s.serial, name: 'Mile High Realty' },
      appointment: {
        id: card.AppointmentID,
        start: '2026-06-02T09:00:00-06:00',
        status: 'booked',
        sequence: 0,
        mlsNumber: 'DEN-42',
        email: 'jane@example.com',
      },
    });
  });

  it('moved through the manage link: a REQUEST with the same UID and a higher SEQUENCE', async () => {
    const path = new URL(manageUrl).pathname;
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}/reschedule`,
      payload: 'Start=2026-06-02T10%3A30%3A00-06%3A00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^\/tours\/manage\/[\w.-]+\?done=rescheduled$/);
    const mail = await deliver(2);
    const { event } = invite(mail.get('jane@example.com'));
    expect(event).toMatchObject({ method: 'REQUEST', uid, sequence: 1, start: Date.parse('2026-06-02T16:30:00Z') });
    expect(mail.get('jane@example.com')?.raw).toContain('Your showing has a new time');
    expect(invite(mail.get('agents@example.com')).event).toMatchObject({ uid, sequence: 1 });
    expect(hooks.at(-1)).toMatchObject({
      event: 'appointment.rescheduled',
      body: { appointment: { start: '2026-06-02T10:30:00-06:00', sequence: 1 } },
    });
  });

  it('cancelled: a CANCEL with the same UID, SEQUENCE 2 and STATUS:CANCELLED', async () => {
    const path = new URL(manageUrl).pathname;
    const res = await t.app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(res.statusCode, res.body).toBe(303);
    const mail = await deliver(2);
    for (const to of ['jane@example.com', 'agents@example.com']) {
      const { part, event } = invite(mail.get(to));
      expect(part.method).toBe('CANCEL');
      expect(event).toMatchObject({ method: 'CANCEL', uid, sequence: 2, status: 'CANCELLED' });
    }
    expect(hooks.at(-1)).toMatchObject({
      event: 'appointment.cancelled',
      body: { appointment: { status: 'cancelled', sequence: 2 } },
    });
  });

  it('leaves the slot counts equal to the booked appointments', async () => {
    await expectSlotCountsMatch(t.db, s.ws.workspaceId);
  });
});
