// The console's leads, on SQLite and PostgreSQL: each lead carries its qualification and where it
// stands in Follow Up Boss (docs/crm.md), against the stand-in (test/fub-standin.ts): sent, archived
// (a 204), or refused with "the CRM refused the key"; the CSV export carries the qualification.
// Dates are far in the future so that other test apps' workers never find these rows due.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crmWorker } from '../crm-worker.ts';
import { chatbotWithSession, LEAD } from '../factories.ts';
import { type FubStandin, startFubStandin } from '../fub-standin.ts';
import { buildTestApp, call, type TestApp, testClock } from '../harness.ts';
import { staffOf } from './staff.ts';

const clock = testClock(new Date('2032-05-04T15:00:00Z'));
let t: TestApp;
let fub: FubStandin;

beforeAll(async () => {
  fub = await startFubStandin();
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
  await fub.close();
});

const QUALIFIED = {
  Intent: 'buy',
  Timeline: '3-6 months',
  PreApproved: 'no',
  BudgetMin: 450_000,
  BudgetMax: 600_000,
  Areas: ['Austin'],
  PropertyType: 'condo',
};

/** A workspace connected with `apiKey`, its two leads sent by the worker, one at a time. */
async function leadsSentWith(apiKey: string) {
  const f = await chatbotWithSession(t, {}, 'Console Realty');
  await call(
    t.app,
    '/chat/Workspace/SetCrm',
    { Provider: 'FollowUpBoss', ApiKey: apiKey, SystemName: 'Parlor', SystemKey: 'sys-key' },
    f.ws.auth,
  );
  for (const email of ['one@example.com', 'two@example.com']) {
    await call(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: f.sessionId, ...LEAD, Email: email, ...QUALIFIED },
      f.ws.auth,
    );
  }
  const worker = crmWorker(t, fub, clock, f.ws.workspaceId, { batchSize: 1 });
  await worker.runOnce();
  await worker.runOnce();
  const owner = await staffOf(t.app, t.db, f.ws.workspaceId, 'owner');
  const res = await t.app.inject({ url: '/console/api/leads', headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().Data.List as Record<string, unknown>[];
  const csv = await t.app.inject({ url: '/console/api/leads.csv', headers: owner.read });
  expect(csv.statusCode, csv.body).toBe(200);
  return { list, csv: csv.body.split('\r\n') };
}

it('a lead shows its qualification and its CRM status: sent, or archived after a 204', async () => {
  // The first lead is answered 204 (newest first in the list: it is the second).
  fub.script.push({ status: 204 });
  const { list, csv } = await leadsSentWith(fub.apiKey);
  expect(list).toHaveLength(2);
  expect(list[1]).toMatchObject({ Email: 'one@example.com', ...QUALIFIED, MLSNumber: '' });
  expect(list[1]?.Crm).toMatchObject({ Status: 'archived', Detail: expect.stringContaining('archived') });
  expect(list[0]).toMatchObject({ Email: 'two@example.com', ...QUALIFIED, Crm: { Status: 'sent', Detail: '' } });
  expect(csv[0]).toContain('Intent,Timeline,PreApproved,Budget,Areas,PropertyType,MLSNumber');
  expect(csv[1]).toContain('two@example.com');
  expect(csv[1]).toContain('buy,3-6 months,no,"450,000–600,000",Austin,condo,');
});

it('a refused key: the lead shows "the CRM refused the key", and is not sent again', async () => {
  const before = fub.requests.length;
  const { list } = await leadsSentWith('not-the-key');
  // Two leads, two requests: a refused key is not retried.
  expect(fub.requests.slice(before).map((r) => r.status)).toEqual([401, 401]);
  for (const l of list) {
    expect(l.Crm).toMatchObject({ Status: 'failed', Detail: expect.stringContaining('the CRM refused the key') });
  }
});
