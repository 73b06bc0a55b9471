// A qualifying answer given after the lead was taken (the builtin engine's QualifyQuestions)
// goes on to Follow Up Boss, against the local stand-in of its Events API (test/fub-standin.ts),
// as one more event for the same person carrying the new fields, sent once however many workers
// run; and to the lead.updated webhook, with what changed. Dates are far in the future so that
// the background workers of other test apps (real clock) never find these rows due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorker } from '../../test/crm-worker.ts';
import { chatbotWithSession } from '../../test/factories.ts';
import { type FubStandin, startFubStandin } from '../../test/fub-standin.ts';
import { buildTestApp, call, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2032-05-11T15:00:00Z'));
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

type Fixture = Awaited<ReturnType<typeof chatbotWithSession>>;

/** A chatbot that asks the timeline, then pre-approval, in a workspace connected to the stand-in. */
async function connected(): Promise<Fixture> {
  const f = await chatbotWithSession(t, { QualifyQuestions: ['Timeline', 'PreApproved'] }, 'Lakeside Realty');
  await call(
    t.app,
    '/chat/Workspace/SetCrm',
    { Provider: 'FollowUpBoss', ApiKey: fub.apiKey, SystemName: 'Parlor', SystemKey: 'sys-key-42' },
    f.ws.auth,
  );
  return f;
}

const ask = async (f: Fixture, content: string) =>
  (await call<{ content: string }>(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content }, f.ws.auth))
    .content;

const eventsOf = (email: string) => fub.requests.filter((r) => r.event.person.emails?.some((e) => e.value === email));

/** The lead.updated webhooks queued for the workspace, as the exact bodies that get signed and sent. */
async function leadUpdatedBodies(workspaceId: number) {
  const rows = await t.db.kysely
    .selectFrom('outbox')
    .select(['dedupe_key', 'payload'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'webhook')
    .orderBy('id')
    .execute();
  return rows
    .map((r) => JSON.parse(r.payload ?? 'null') as { event: string; body: string } | null)
    .filter((p) => p?.event === 'lead.updated')
    .map((p) => JSON.parse(p?.body ?? '{}') as { lead: Record<string, unknown>; changed: string[] });
}

describe('a qualifying answer after the lead', () => {
  it('is one more Follow Up Boss event for the same person with the new fields, sent once by two workers', async () => {
    const f = await connected();
    const email = `later-${process.pid}@example.com`;
    expect(await ask(f, `I'm Jane Doe, ${email}`)).toMatch(/when would you like to move/);
    const a = workerFor(f.ws.workspaceId);
    const b = workerFor(f.ws.workspaceId);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(eventsOf(email).map((r) => r.status)).toEqual([201]);
    expect(eventsOf(email)[0]?.event.person.customTimeline).toBeUndefined();

    expect(await ask(f, '3-6 months')).toMatch(/pre-approved for a mortgage/);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const sent = eventsOf(email);
    // Follow Up Boss found the person by e-mail (200), and updates its custom fields.
    expect(sent.map((r) => r.status)).toEqual([201, 200]);
    expect(sent[1]?.event).toMatchObject({
      type: 'General Inquiry',
      source: 'Lakeside Realty',
      occurredAt: clock().toISOString(),
      person: { firstName: 'Jane', lastName: 'Doe', emails: [{ value: email }], customTimeline: '3-6 months' },
    });
    expect(sent[1]?.event.description).toContain('Timeline: 3-6 months');

    expect(await ask(f, 'yes')).toMatch(/Someone from our team will be in touch/);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const last = eventsOf(email);
    expect(last).toHaveLength(3);
    expect(last[2]?.event.person).toMatchObject({ customTimeline: '3-6 months', customPreApproved: 'yes' });
  });

  it('queues a lead.updated webhook naming what changed; a reply that ends the questions sends nothing', async () => {
    const f = await connected();
    await call(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'https://hooks.example.com/parlor', Events: ['lead.updated'] },
      f.ws.auth,
    );
    const email = `hooked-${process.pid}@example.com`;
    await ask(f, `I'm Jane Doe, ${email}`);
    expect(await leadUpdatedBodies(f.ws.workspaceId)).toEqual([]);
    await ask(f, '3 months');
    const [first, ...more] = await leadUpdatedBodies(f.ws.workspaceId);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      event: 'lead.updated',
      chatbot: { serialNumber: f.serial, name: 'Lakeside Realty' },
      lead: { email, timeline: '1-3 months', preApproved: '', budgetMax: null },
      changed: ['timeline'],
    });
    // A question instead of an answer ends the questions: the lead is unchanged, nothing is queued.
    await ask(f, 'What are the HOA fees like?');
    expect(await leadUpdatedBodies(f.ws.workspaceId)).toHaveLength(1);
  });

  it("an erased visitor's queued update is never sent", async () => {
    const f = await connected();
    const email = `gone-${process.pid}@example.com`;
    await ask(f, `I'm Jane Doe, ${email}`);
    await ask(f, '3-6 months');
    await call(t.app, '/chat/Workspace/EraseVisitor', { Email: email }, f.ws.auth);
    await workerFor(f.ws.workspaceId).runOnce();
    expect(eventsOf(email)).toEqual([]);
    const rows = await t.db.kysely
      .selectFrom('outbox')
      .select(['dedupe_key', 'payload'])
      .where('workspace_id', '=', f.ws.workspaceId)
      .where('dedupe_key', 'like', 'lead:%:updated:%')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.payload).toBe('null');
  });
});
