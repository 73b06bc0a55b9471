// Follow Up Boss through the outbox, against a local stand-in of its Events API
// (test/fub-standin.ts): SetCrm's write-only keys, one event per lead of the right type, retries
// honouring Retry-After, 204 archived, a refused key, two workers, an erased lead, and receivers
// that answer HTML, stall or flood. Dates are far in the future so that the background workers
// of other test apps (real clock) never find these rows due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorker } from '../../test/crm-worker.ts';
import { chatbotWithSession, createListing, expectFailure, LEAD, listingBody } from '../../test/factories.ts';
import { type FubStandin, startFubStandin } from '../../test/fub-standin.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2032-04-06T15:00:00Z'));
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

function workerFor(workspaceId: number, crmTimeoutMs = 5_000) {
  return crmWorker(t, fub, clock, workspaceId, { crmTimeoutMs });
}

/** A workspace connected to the stand-in, with a chatbot and a session. */
async function connected(apiKey = fub.apiKey) {
  const f = await chatbotWithSession(t, {}, 'Lakeside Realty');
  await call(
    t.app,
    '/chat/Workspace/SetCrm',
    { Provider: 'FollowUpBoss', ApiKey: apiKey, SystemName: 'Parlor', SystemKey: 'sys-key-42' },
    f.ws.auth,
  );
  return f;
}

async function lead(f: Awaited<ReturnType<typeof connected>>, extra: Record<string, unknown> = {}) {
  const r = await call<{ LeadID: number }>(
    t.app,
    '/chat/Chat/TalkToHuman',
    { sessionID: f.sessionId, ...LEAD, ...extra },
    f.ws.auth,
  );
  return r.LeadID;
}

async function crmStatus(f: Awaited<ReturnType<typeof connected>>, leadId: number) {
  const rows = await t.db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('workspace_id', '=', f.ws.workspaceId)
    .where('dedupe_key', '=', `crm:lead:${leadId}`)
    .execute();
  return rows;
}

const eventsOf = (email: string) => fub.requests.filter((r) => r.event.person.emails?.some((e) => e.value === email));

describe('SetCrm', () => {
  it('keeps the keys write-only: answered masked by SetCrm and GetCrm', async () => {
    const ws = await newWorkspace(t.db);
    const set = await call<Record<string, string>>(
      t.app,
      '/chat/Workspace/SetCrm',
      {
        Provider: 'FollowUpBoss',
        ApiKey: 'fka_secret_0123456789abcd',
        SystemName: 'Parlor',
        SystemKey: 'system-secret-9876',
      },
      ws.auth,
    );
    expect(set).toMatchObject({
      Provider: 'FollowUpBoss',
      ApiKey: '••••abcd',
      SystemName: 'Parlor',
      SystemKey: '••••9876',
    });
    const got = await call<Record<string, string>>(t.app, '/chat/Workspace/GetCrm', {}, ws.auth);
    expect(JSON.stringify(got)).not.toContain('secret');
    await call(t.app, '/chat/Workspace/SetCrm', { Provider: 'None' }, ws.auth);
    expect(await call(t.app, '/chat/Workspace/GetCrm', {}, ws.auth)).toMatchObject({ Provider: '', ApiKey: '' });
  });

  it.each([
    [{ ApiKey: 'abc\ndef' }, 'ApiKey'],
    [{ ApiKey: 'abc\r' }, 'ApiKey'],
    [{ ApiKey: 'k'.repeat(201) }, 'ApiKey'],
    [{ ApiKey: '' }, 'ApiKey'],
    [{ SystemKey: 'a\nb' }, 'SystemKey'],
    [{ SystemKey: 's'.repeat(201) }, 'SystemKey'],
    // Sent in HTTP headers: a character a header cannot carry would fail every send.
    [{ SystemName: 'Parlor 🏠' }, 'SystemName'],
    [{ SystemKey: 'clé-système' }, 'SystemKey'],
    [{ ApiKey: 'fka_ключ_0123456789' }, 'ApiKey'],
    [{ Provider: 'Salesforce' }, 'Provider'],
  ])('%j is a 400 naming %s, and changes nothing', async (bad, field) => {
    const ws = await newWorkspace(t.db);
    const res = await post(
      t.app,
      '/chat/Workspace/SetCrm',
      { Provider: 'FollowUpBoss', ApiKey: 'good-key-123', ...bad },
      ws.auth,
    );
    expectFailure(res, 400, field);
    expect(await call(t.app, '/chat/Workspace/GetCrm', {}, ws.auth)).toMatchObject({ Provider: '' });
  });

  it('needs a credential', async () => {
    expectFailure(await post(t.app, '/chat/Workspace/SetCrm', { Provider: 'FollowUpBoss', ApiKey: 'x' }), 401);
  });
});

describe('leads sent to Follow Up Boss', () => {
  it('a lead with a listing is one Property Inquiry with the listing as property, the qualification as description', async () => {
    const f = await connected();
    const body = listingBody(f.serial, {
      Address: '12 Lake Rd',
      City: 'Austin',
      State: 'TX',
      ZIP: '78701',
      SalePrice: 640000,
    });
    await createListing(t.app, f.ws.auth, body);
    const email = 'prop@example.com';
    await lead(f, {
      Email: email,
      Intent: 'buy',
      Timeline: '1-3 months',
      PreApproved: 'yes',
      BudgetMax: 700000,
      MLSNumber: body.MLSNumber,
    });
    await workerFor(f.ws.workspaceId).runOnce();
    const sent = eventsOf(email);
    expect(sent).toHaveLength(1);
    const [r] = sent;
    expect(r).toMatchObject({ apiKey: fub.apiKey, system: 'Parlor', systemKey: 'sys-key-42', status: 201 });
    expect(r?.event).toMatchObject({
      type: 'Property Inquiry',
      source: 'Lakeside Realty',
      message: LEAD.Message,
      person: {
        firstName: 'Jane',
        lastName: 'Doe',
        phones: [{ value: LEAD.Phone }],
        tags: ['Lakeside Realty', 'buy'],
        customTimeline: '1-3 months',
      },
      property: {
        street: '12 Lake Rd',
        city: 'Austin',
        state: 'TX',
        code: '78701',
        mlsNumber: body.MLSNumber,
        price: 640000,
        url: body.Url,
        forRent: false,
      },
    });
    expect(r?.event.description).toContain('Timeline: 1-3 months\nPre-approved: yes\nBudget: up to 700,000');
    expect(r?.event.description).toContain(
      `Conversation: https://parlor.example.com/console#/conversations/${f.sessionId}`,
    );
    const [row] = await crmStatus(
      f,
      (await t.db.kysely.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
    expect(row?.status).toBe('sent');
  });

  it("a seller's lead is a Seller Inquiry; one without listing or intent a General Inquiry", async () => {
    const f = await connected();
    await lead(f, { Email: 'seller@example.com', Intent: 'sell' });
    await lead(f, { Email: 'general@example.com' });
    await workerFor(f.ws.workspaceId).runOnce();
    expect(eventsOf('seller@example.com').map((r) => r.event.type)).toEqual(['Seller Inquiry']);
    expect(eventsOf('general@example.com').map((r) => r.event.type)).toEqual(['General Inquiry']);
    expect(eventsOf('general@example.com')[0]?.event.property).toBeUndefined();
  });

  it('a 429 then 200 is one event, retried not before Retry-After', async () => {
    const f = await connected();
    const id = await lead(f, { Email: 'busy@example.com', Phone: '' });
    fub.script.push({ status: 429, retryAfter: '3600' });
    const w = workerFor(f.ws.workspaceId);
    await w.runOnce();
    const [row] = await crmStatus(f, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toContain('HTTP 429');
    // The back-off alone would retry after 30 s; Retry-After asked for an hour.
    expect(Date.parse(row?.next_attempt_at ?? '')).toBe(clock().getTime() + 3_600_000);
    await w.runOnce(new Date(clock().getTime() + 1_800_000));
    expect(eventsOf('busy@example.com').filter((r) => r.status === 201)).toHaveLength(0);
    await w.runOnce(new Date(clock().getTime() + 3_600_000));
    expect(eventsOf('busy@example.com').map((r) => r.status)).toEqual([429, 201]);
    expect((await crmStatus(f, id))[0]?.status).toBe('sent');
  });

  it('a 204 is reported as archived, not retried; a 401 stops and shows "the CRM refused the key"', async () => {
    const f = await connected();
    const archived = await lead(f, { Email: 'archived@example.com' });
    fub.script.push({ status: 204 });
    await workerFor(f.ws.workspaceId).runOnce();
    const g = await connected('not-the-key');
    const refused = await lead(g, { Email: 'refused@example.com' });
    await workerFor(g.ws.workspaceId).runOnce();
    await workerFor(g.ws.workspaceId).runOnce(new Date(clock().getTime() + 86_400_000));
    expect(eventsOf('refused@example.com')).toHaveLength(1);

    const staff = async (ws: number, leadId: number) => {
      const { crmStatusOfLeads } = await import('./status.ts');
      return (await crmStatusOfLeads(t.db.kysely, ws, [leadId])).get(leadId);
    };
    expect(await staff(f.ws.workspaceId, archived)).toMatchObject({ Status: 'archived' });
    expect((await staff(f.ws.workspaceId, archived))?.Detail).toContain('archived');
    const failed = await staff(g.ws.workspaceId, refused);
    expect(failed?.Status).toBe('failed');
    expect(failed?.Detail).toContain('the CRM refused the key');
  });

  it('two workers send each lead once', async () => {
    const f = await connected();
    const emails = Array.from({ length: 6 }, (_, i) => `twice${i}@example.com`);
    for (const e of emails) await lead(f, { Email: e, Phone: '' });
    const a = workerFor(f.ws.workspaceId);
    const b = workerFor(f.ws.workspaceId);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    for (const e of emails) expect(eventsOf(e), e).toHaveLength(1);
  });

  it("an erased visitor's queued event is never sent, and its row keeps no payload", async () => {
    const f = await connected();
    const id = await lead(f, { Email: 'erased@example.com' });
    // What erasure does to the lead (the privacy feature removes the outbox row too).
    await t.db.kysely.deleteFrom('leads').where('id', '=', id).execute();
    await workerFor(f.ws.workspaceId).runOnce();
    expect(eventsOf('erased@example.com')).toHaveLength(0);
    const [row] = await crmStatus(f, id);
    expect(row).toMatchObject({ status: 'skipped', payload: 'null' });
  });

  it('a visitor erased through EraseVisitor before the worker runs: the queued event is never sent, nor kept', async () => {
    const f = await connected();
    const email = `erase-${process.pid}@example.com`;
    const id = await lead(f, { Email: email, Phone: '', Intent: 'buy', BudgetMax: 500_000 });
    expect((await crmStatus(f, id))[0]?.status).toBe('pending');
    await call(t.app, '/chat/Workspace/EraseVisitor', { Email: email }, f.ws.auth);
    await workerFor(f.ws.workspaceId).runOnce();
    await workerFor(f.ws.workspaceId).runOnce(new Date(clock().getTime() + 86_400_000));
    expect(eventsOf(email)).toHaveLength(0);
    for (const row of await crmStatus(f, id)) expect(row.payload).toBe('null');
  });

  it('HTML, a stall and a 10 MB answer fail with a clear reason within the time budget; the next lead still goes', async () => {
    const f = await connected();
    const ids = [
      await lead(f, { Email: 'html@example.com' }),
      await lead(f, { Email: 'stall@example.com' }),
      await lead(f, { Email: 'flood@example.com' }),
      await lead(f, { Email: 'fine@example.com' }),
    ];
    fub.script.push({ status: 502, html: true }, { stallMs: 30_000 }, { bytes: 10 * 1024 * 1024 });
    const started = process.hrtime.bigint();
    // One at a time, in order, so that the scripted answers meet the leads above.
    const w = crmWorker(t, fub, clock, f.ws.workspaceId, { crmTimeoutMs: 1_000, batchSize: 1 });
    await w.runOnce();
    // Within the 1 s budget of the stalled request, with a generous margin for a loaded machine.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(20);
    const rows = await Promise.all(ids.map(async (id) => (await crmStatus(f, id))[0]));
    expect(rows.map((r) => r?.status)).toEqual(['pending', 'pending', 'pending', 'sent']);
    expect(rows[0]?.last_error).toContain('an HTML page, not JSON (HTTP 502)');
    expect(rows[1]?.last_error).toContain('no answer within');
    expect(rows[2]?.last_error).toContain('more than 256 KiB');
  });
});
