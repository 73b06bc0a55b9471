// A showing's notices carry its visitor's qualification (docs/crm.md, docs/tours.md): what the
// visitor volunteered before booking in the conversation reaches the showing's lead, the
// appointment.created and appointment.cancelled webhooks (the payload's intent, timeline,
// preApproved, budgetMin, budgetMax, areas, propertyType) and the staff's e-mail, as queued in
// the outbox. The clock is Monday 2032-11-01, 09:00 in Chicago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';
import type { EmailPayload } from '../outbox/index.ts';

const clock = testClock(new Date('2032-11-01T15:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof chatbotWithSession>>;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PARLOR_PUBLIC_URL: 'https://parlor.example.com' } });
  f = await chatbotWithSession(
    t,
    { TalkToHumanEmail: 'agents@example.com', AIResponseLanguage: 'English' },
    'Showing Realty',
  );
  await createListing(t.app, f.ws.auth, listingBody(f.serial, { Address: '12 Barton Hills Dr', City: 'Austin' }));
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: f.serial,
      TimeZone: 'America/Chicago',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((Day) => ({ Day, Start: '09:00', End: '12:00' })),
    },
    f.ws.auth,
  );
  await call(
    t.app,
    '/chat/Workspace/SetWebhook',
    { Url: 'https://hooks.example.com/parlor', Events: ['appointment.created', 'appointment.cancelled'] },
    f.ws.auth,
  );
});
afterAll(() => t.close());

const ask = (content: string) =>
  call<{ content: string; Tour?: { Appointment: { AppointmentID: number } | null } }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: f.sessionId, content },
    f.ws.auth,
  );

/** The outbox payloads of the workspace whose key ends so, oldest first. */
async function queued<T>(suffix: string): Promise<T[]> {
  const rows = await t.db.kysely
    .selectFrom('outbox')
    .select('payload')
    .where('workspace_id', '=', f.ws.workspaceId)
    .where('dedupe_key', 'like', `tour:%${suffix}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.payload ?? 'null') as T);
}

const webhookBody = async (suffix: string) => {
  const [hook] = await queued<{ body: string }>(suffix);
  return JSON.parse(hook?.body ?? '{}') as { event: string; appointment: Record<string, unknown> };
};

describe("a showing's notices carry the qualification", () => {
  let appointmentId = 0;

  it('booked in the chat after volunteering it: the appointment.created payload and the staff e-mail', async () => {
    await ask("Hi! We're pre-approved, looking to buy a house in the next 2 months, budget around 600k.");
    await ask('Show me homes for sale in Austin');
    await ask('Can I see the first one on Saturday morning?');
    await ask('the first one please');
    const booked = await ask("I'm Sam Ortiz, sam@example.com");
    appointmentId = booked.Tour?.Appointment?.AppointmentID ?? 0;
    expect(appointmentId).toBeGreaterThan(0);

    const created = await webhookBody(':booked:webhook:%');
    expect(created.event).toBe('appointment.created');
    expect(created.appointment).toMatchObject({
      id: appointmentId,
      email: 'sam@example.com',
      intent: 'buy',
      timeline: '1-3 months',
      preApproved: 'yes',
      budgetMin: 600_000,
      budgetMax: 600_000,
      // The chatbot's own city, named when asking for homes.
      areas: ['Austin'],
      propertyType: 'house',
    });
    const [staff] = await queued<EmailPayload>(':booked:staff');
    expect(staff?.to).toEqual(['agents@example.com']);
    expect(staff?.text).toContain(
      'Intent: buy\nTimeline: 1-3 months\nPre-approved: yes\nBudget: 600,000\nAreas: Austin\nProperty type: house',
    );
    expect(staff?.html).toContain('<th align="left" style="padding-right:12px">Pre-approved</th><td>yes</td>');
    // The visitor's own e-mail has no qualification block.
    const [visitor] = await queued<EmailPayload>(':booked:visitor');
    expect(visitor?.text).not.toContain('Pre-approved');
  });

  it('cancelled: the appointment.cancelled payload carries the lead as it is then', async () => {
    await call(t.app, '/chat/Chat/CancelTour', { sessionID: f.sessionId, AppointmentID: appointmentId }, f.ws.auth);
    const cancelled = await webhookBody(':cancelled:webhook:%');
    expect(cancelled).toMatchObject({
      event: 'appointment.cancelled',
      appointment: { id: appointmentId, status: 'cancelled', intent: 'buy', preApproved: 'yes', budgetMax: 600_000 },
    });
  });
});
