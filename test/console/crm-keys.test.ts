// The console's Follow Up Boss connection (docs/crm.md), on SQLite and PostgreSQL: an owner's
// key with a line break or over 200 characters is a 400 naming the field and saves nothing; a
// good one is answered masked; an agent cannot reach it.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp, newWorkspace } from '../harness.ts';
import { staffOf } from './staff.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const ws = await newWorkspace(t.db, 'Keys Realty');
const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');

const save = (body: Record<string, unknown>, headers = owner.write) =>
  t.app.inject({ method: 'POST', url: '/console/api/crm', payload: body, headers });

async function connection() {
  const res = await t.app.inject({ url: '/console/api/crm', headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as Record<string, unknown>;
}

it.each([
  [{ ApiKey: 'fka_abc\ndef' }, 'ApiKey'],
  [{ ApiKey: 'k'.repeat(201) }, 'ApiKey'],
  [{ SystemKey: 'sys\r\nkey' }, 'SystemKey'],
  [{ SystemKey: 's'.repeat(201) }, 'SystemKey'],
])('%j is a 400 naming %s, and nothing is saved', async (bad, field) => {
  const res = await save({ Provider: 'FollowUpBoss', ApiKey: 'fka_good_key_1234', SystemName: 'Parlor', ...bad });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Message).toContain(field);
  expect(await connection()).toMatchObject({ Provider: '', ApiKey: '' });
});

it('a good key is saved and answered masked; an agent is refused', async () => {
  const res = await save({ Provider: 'FollowUpBoss', ApiKey: `fka_${'k'.repeat(196)}`, SystemName: 'Parlor' });
  expect(res.statusCode, res.body).toBe(200);
  expect(await connection()).toMatchObject({ Provider: 'FollowUpBoss', ApiKey: '••••kkkk' });
  const agent = await staffOf(t.app, t.db, ws.workspaceId, 'agent');
  expect((await save({ Provider: 'None' }, agent.write)).statusCode).toBe(403);
  expect(await connection()).toMatchObject({ Provider: 'FollowUpBoss' });
});
