// A lead's qualification: recorded from TalkToHuman, returned by GetLeads and LeadList, carried by
// the lead.created webhook, shown as a readable block in the handoff email and the digest, and in
// the CSV; bad values are 400s naming the field, and leave no lead behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, expectFailure, LEAD, leadIds } from '../../test/factories.ts';
import { buildTestApp, call, post, type TestApp, testClock } from '../../test/harness.ts';
import { leadDigest } from '../notify/digest-emails.ts';
import { leadsCsv } from './follow-up.ts';
import type { Lead } from './repo.ts';

const clock = testClock(new Date('2031-07-06T15:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

const QUALIFIED = {
  Intent: 'buy',
  Timeline: '1-3 months',
  PreApproved: 'yes',
  BudgetMin: 600_000,
  BudgetMax: 750_000,
  Areas: ['Austin', 'Round Rock'],
  PropertyType: 'house',
  MLSNumber: 'A1001',
};

async function qualifiedLead() {
  const f = await chatbotWithSession(t, { TalkToHumanEmail: 'agent@demo.example' }, 'Demo Realty');
  await call(
    t.app,
    '/chat/Workspace/SetWebhook',
    { Url: 'https://crm.example.com/hook', Events: ['lead.created'] },
    f.ws.auth,
  );
  await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: f.sessionId, ...LEAD, ...QUALIFIED }, f.ws.auth);
  return f;
}

describe('qualification fields', () => {
  it('are recorded and returned by GetLeads and LeadList, beside the contact', async () => {
    const f = await qualifiedLead();
    const got = await call<{ List: Record<string, unknown>[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(got.List[0]).toMatchObject({ Name: LEAD.Name, ...QUALIFIED });
    const list = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(list[0]).toMatchObject({ Type: 'Lead', ...QUALIFIED });
  });

  it('a lead without them reads as not known', async () => {
    const f = await chatbotWithSession(t);
    await call(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: f.sessionId, ...LEAD, Intent: null, Areas: null },
      f.ws.auth,
    );
    const list = await call<Record<string, unknown>[]>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(list[0]).toMatchObject({
      Intent: '',
      Timeline: '',
      PreApproved: '',
      BudgetMin: null,
      BudgetMax: null,
      Areas: [],
      MLSNumber: '',
    });
  });

  it('go into the webhook payload and the handoff email as a readable block', async () => {
    const f = await qualifiedLead();
    const rows = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('workspace_id', '=', f.ws.workspaceId)
      .execute();
    const hook = rows.find((r) => r.kind === 'webhook');
    const body = JSON.parse(JSON.parse(hook?.payload ?? '{}').body);
    expect(body.lead).toMatchObject({
      intent: 'buy',
      timeline: '1-3 months',
      preApproved: 'yes',
      budgetMin: 600_000,
      budgetMax: 750_000,
      areas: ['Austin', 'Round Rock'],
      propertyType: 'house',
      mlsNumber: 'A1001',
    });
    const email = JSON.parse(rows.find((r) => r.kind === 'email')?.payload ?? '{}');
    expect(email.text).toContain(
      'Qualification:\n  Intent: buy\n  Timeline: 1-3 months\n  Pre-approved: yes\n  Budget: 600,000–750,000\n' +
        '  Areas: Austin, Round Rock\n  Property type: house\n  Listing: MLS A1001',
    );
    expect(email.html).toContain('<h3>Qualification</h3>');
    expect(email.html).toContain('600,000–750,000');
  });

  it('are in the digest and the CSV export', async () => {
    const f = await qualifiedLead();
    const lead = (await t.db.kysely
      .selectFrom('leads')
      .selectAll()
      .where('workspace_id', '=', f.ws.workspaceId)
      .executeTakeFirstOrThrow()) as Lead;
    const settings = { Name: 'Demo Realty', TimeZone: 'UTC', EmailForDailyLeads: 'boss@demo.example' };
    const digest = leadDigest({ settings } as Parameters<typeof leadDigest>[0], '2031-07-06', [lead]);
    // A block of labelled lines under the lead, as in the handoff email.
    expect(digest.text).toContain(
      '       Intent: buy\n       Timeline: 1-3 months\n       Pre-approved: yes\n       Budget: 600,000–750,000\n' +
        '       Areas: Austin, Round Rock\n       Property type: house\n       Listing: MLS A1001\n',
    );
    expect(digest.html).toContain(
      'Intent: buy<br>Timeline: 1-3 months<br>Pre-approved: yes<br>Budget: 600,000–750,000',
    );
    const csv = leadsCsv([lead], new Map()).split('\r\n');
    expect(csv[0]).toContain('Intent,Timeline,PreApproved,Budget,Areas,PropertyType,MLSNumber');
    expect(csv[1]).toContain('buy,1-3 months,yes,"600,000–750,000",Austin; Round Rock,house,A1001');
  });

  it.each([
    [{ Intent: 'fly' }, 'Intent'],
    [{ Timeline: 'soon' }, 'Timeline'],
    [{ PreApproved: 'maybe' }, 'PreApproved'],
    [{ BudgetMin: -1 }, 'BudgetMin'],
    [{ BudgetMax: 'lots' }, 'BudgetMax'],
    [{ BudgetMin: 800_000, BudgetMax: 600_000 }, 'BudgetMin'],
    [{ Areas: ['Austin\nTX'] }, 'Areas[0]'],
    [{ Areas: 'Austin' }, 'Areas'],
    [{ PropertyType: 'x'.repeat(101) }, 'PropertyType'],
  ])('%j is a 400 naming %s, and records no lead', async (bad, field) => {
    const f = await chatbotWithSession(t);
    const res = await post(t.app, '/chat/Chat/TalkToHuman', { sessionID: f.sessionId, ...LEAD, ...bad }, f.ws.auth);
    expectFailure(res, 400, field);
    expect(await leadIds(t.db, f.ws.workspaceId)).toEqual([]);
  });
});
