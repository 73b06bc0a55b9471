// The Keys page's endpoints, on SQLite and PostgreSQL: an API key is created with a name (trimmed),
// listed with it beside its first characters, and works in the Authorization header; a name past
// 100 characters is refused with the field named and no key made; a key made without a name, or
// a rotated session key, is listed with an empty one.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp, newWorkspace } from '../harness.ts';
import { staffOf } from './staff.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const ws = await newWorkspace(t.db, 'Keys Realty');
const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');

interface Listed {
  ID: number;
  Kind: string;
  Name: string;
  Prefix: string;
}

async function create(payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/console/api/keys',
    headers: owner.write,
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() };
}

async function listed(): Promise<Listed[]> {
  const res = await t.app.inject({ url: '/console/api/keys', headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Data: Listed[] }).Data;
}

it('an API key is created with its name, listed with it, and works', async () => {
  const made = await create({ Kind: 'api', Name: '  Zapier  ' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.Data).toMatchObject({ Kind: 'api', Name: 'Zapier' });
  const key = String(made.body.Data.Key);
  const row = (await listed()).find((k) => key.startsWith(k.Prefix) && k.Kind === 'api');
  expect(row?.Name).toBe('Zapier');

  const use = await t.app.inject({
    method: 'POST',
    url: '/chat/Chatbot/List',
    headers: { authorization: key, 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(use.statusCode, use.body).toBe(200);
});

it('a name past 100 characters is refused with the field named, and no key is made', async () => {
  const before = (await listed()).length;
  const refused = await create({ Kind: 'api', Name: 'k'.repeat(101) });
  expect(refused.status).toBe(400);
  expect(refused.body.Message).toMatch(/^Name\b/);
  expect((await listed()).length).toBe(before);
});

it('a key made without a name, and a rotated session key, have an empty one', async () => {
  const plain = await create({ Kind: 'api' });
  expect(plain.body.Data.Name).toBe('');
  const session = await create({ Kind: 'session' });
  expect(session.status).toBe(200);
  const rows = await listed();
  for (const key of [plain.body.Data.Key, session.body.Data.Key].map(String)) {
    expect(rows.find((k) => key.startsWith(k.Prefix))?.Name).toBe('');
  }
});
