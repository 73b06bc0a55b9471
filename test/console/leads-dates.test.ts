// The console's leads filters take real calendar dates: a month 13 or a day 45 is a 400
// naming the field (it was a 500), for the list and its CSV export alike.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, newWorkspace, type TestApp } from '../harness.ts';
import { type SignedIn, staffOf } from './staff.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  const ws = await newWorkspace(t.db);
  owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');
});
afterAll(() => t.close());

it.each([
  ['to=2026-13-45', 'to: is not a calendar date (2026-13-45)'],
  ['from=2026-02-30', 'from: is not a calendar date (2026-02-30)'],
  ['from=2026-03-02&to=2026-03-01', 'to: must not be before from'],
])('GET /console/api/leads?%s and leads.csv answer 400: %s', async (query, message) => {
  for (const path of ['/console/api/leads', '/console/api/leads.csv']) {
    const res = await t.app.inject({ url: `${path}?${query}`, headers: owner.read });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Success: false, Code: 400, Message: message });
  }
});

it('a real range still lists, both days included', async () => {
  const res = await t.app.inject({ url: '/console/api/leads?from=2026-02-28&to=2026-02-28', headers: owner.read });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ Success: true, Data: { List: [] } });
});
