// A booked showing goes to Follow Up Boss as a lead does (DESIGN 3.13: each lead and appointment),
// against the stand-in (test/fub-standin.ts): one Property Inquiry with the shown listing as its
// property and the showing's time in the description, sent once by two workers. The clock is
// Monday 2032-11-01, 09:00 in Chicago; far in the future, so that other test apps' workers never
// find these rows due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorker } from '../../test/crm-worker.ts';
import { chatbotWithSession, createListing, listingBody } from '../../test/factories.ts';
import { type FubStandin, startFubStandin } from '../../test/fub-standin.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2032-11-01T15:00:00Z'));
let t: TestApp;
let fub: FubStandin;

beforeAll(async () => {
  fub = await startFubStandin();
  t = await buildTestApp({ clock, env: { PARLOR_PUBLIC_URL: 'https://parlor.example.com' } });
});
afterAll(async () => {
  await t.close();
  await fub.close();
});

function workerFor(workspaceId: number) {
  return crmWorker(t, fub, clock, workspaceId);
}

describe('a booked showing sent to Follow Up Boss', () => {
  it('is one Property Inquiry with the listing as property and the showing in the description', async () => {
    const f = await chatbotWithSession(t, {}, 'Showing Realty');
    await call(
      t.app,
      '/chat/Workspace/SetCrm',
      { Provider: 'FollowUpBoss', ApiKey: fub.apiKey, SystemName: 'Parlor', SystemKey: 'sys-key-42' },
      f.ws.auth,
    );
    const body = listingBody(f.serial, { Address: '12 Barton Hills Dr', City: 'Austin', State: 'TX', ZIP: '78704' });
    await createListing(t.app, f.ws.auth, body);
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
    const [slot] = await call<{ Start: string }[]>(
      t.app,
      '/chat/Chat/GetTourSlots',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    const email = `showing-${process.pid}@example.com`;
    await call(
      t.app,
      '/chat/Chat/BookTour',
      { sessionID: f.sessionId, Start: slot?.Start, MLSNumber: body.MLSNumber, Name: 'Sam Ortiz', Email: email },
      f.ws.auth,
    );
    const a = workerFor(f.ws.workspaceId);
    const b = workerFor(f.ws.workspaceId);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);

    const sent = fub.requests.filter((r) => r.event.person.emails?.some((e) => e.value === email));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ apiKey: fub.apiKey, system: 'Parlor', systemKey: 'sys-key-42', status: 201 });
    expect(sent[0]?.event).toMatchObject({
      type: 'Property Inquiry',
      source: 'Showing Realty',
      person: { firstName: 'Sam', lastName: 'Ortiz' },
      property: { street: '12 Barton Hills Dr', city: 'Austin', state: 'TX', code: '78704', mlsNumber: body.MLSNumber },
    });
    expect(sent[0]?.event.description).toMatch(/^Showing: \S.*\nListing: MLS /);
    expect(sent[0]?.event.description).toContain(
      `Conversation: https://parlor.example.com/console#/conversations/${f.sessionId}`,
    );
  });
});
