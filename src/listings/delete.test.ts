// RealEstateDelete (listings/README.md): SuccessCount counts what was deleted; unknown and
// repeated keys are harmless; only the named chatbot's listings are touched.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
  listingBody,
  listListings,
} from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';

let t: TestApp;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
});
afterAll(async () => {
  await t.close();
});

async function botWith(n: number) {
  const sn = await createChatbot(t.app, ws.auth);
  const bodies = Array.from({ length: n }, () => listingBody(sn));
  const ids: number[] = [];
  for (const b of bodies) ids.push(await createListing(t.app, ws.auth, b));
  return { sn, ids, bodies };
}

const remove = (SerialNumber: string, KeyType: string, Keys: unknown) =>
  post<{ SuccessCount: number }>(t.app, LISTINGS.delete, { SerialNumber, KeyType, Keys }, ws.auth);

async function remaining(sn: string) {
  const page = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
  return page.List.map((r) => r.ID).sort((a, b) => a - b);
}

describe('RealEstateDelete', () => {
  test('by NewOaks: counts only deletions; unknown, malformed and repeated keys are ignored', async () => {
    const { sn, ids } = await botWith(3);
    const res = await remove(sn, 'NewOaks', [String(ids[0]), String(ids[2]), String(ids[0]), '99999999', 'abc']);
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({
      Data: { SuccessCount: 2 },
      Version: '1.0.0',
      Success: true,
      Code: 200,
      Message: '',
    });
    expect(await remaining(sn)).toStrictEqual([ids[1]]);
    // Deleting them again deletes nothing.
    expect((await remove(sn, 'NewOaks', [String(ids[0])])).body.Data).toStrictEqual({ SuccessCount: 0 });
  });

  test('by MLSNumber (keys trimmed)', async () => {
    const { sn, ids, bodies } = await botWith(3);
    const res = await remove(sn, 'mlsnumber', [bodies[1].MLSNumber, ` ${bodies[1].MLSNumber} `, 'NOPE']);
    expect(res.body.Data).toStrictEqual({ SuccessCount: 1 });
    expect(await remaining(sn)).toStrictEqual([ids[0], ids[2]]);
  });

  test('by URL', async () => {
    const { sn, ids, bodies } = await botWith(3);
    const res = await remove(sn, 'URL', [bodies[0].Url, bodies[2].Url, 'https://homes.example.com/none']);
    expect(res.body.Data).toStrictEqual({ SuccessCount: 2 });
    expect(await remaining(sn)).toStrictEqual([ids[1]]);
  });

  test('another chatbot’s listings are untouched, even with the same MLSNumber or its IDs', async () => {
    const a = await botWith(2);
    const b = await createChatbot(t.app, ws.auth);
    const twin = await createListing(t.app, ws.auth, { ...a.bodies[0], SerialNumber: b });
    expect((await remove(a.sn, 'MLSNumber', [a.bodies[0].MLSNumber])).body.Data).toStrictEqual({ SuccessCount: 1 });
    expect((await remove(a.sn, 'NewOaks', [String(twin)])).body.Data).toStrictEqual({ SuccessCount: 0 });
    expect(await remaining(b)).toStrictEqual([twin]);
    expect(await remaining(a.sn)).toStrictEqual([a.ids[1]]);
  });

  test('1000 keys are accepted', async () => {
    const { sn, ids } = await botWith(2);
    const keys = [String(ids[0]), ...Array.from({ length: 999 }, (_, i) => String(900_000_000 + i))];
    expect((await remove(sn, 'NewOaks', keys)).body.Data).toStrictEqual({ SuccessCount: 1 });
    expect(await remaining(sn)).toStrictEqual([ids[1]]);
  });

  test.each([
    ['Keys', [], 'Keys: must not be empty'],
    ['Keys', Array.from({ length: 1001 }, (_, i) => String(i + 1)), 'Keys: must have at most 1000 items'],
    ['Keys', '1', 'Keys: must be an array'],
    ['Keys', { 0: '1' }, 'Keys: must be an array'],
    ['Keys[1]', ['1', 1.5], 'Keys[1]: must be a string'],
    ['Keys[1]', ['1', true], 'Keys[1]: must be a string'],
    ['Keys[0]', ['a\u0000'], 'Keys[0]: must not contain NUL characters'],
  ])('%s invalid → 400, nothing deleted', async (field, keys, message) => {
    const { sn, ids } = await botWith(1);
    const res = await remove(sn, 'NewOaks', keys);
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(message);
    expect(await remaining(sn)).toStrictEqual(ids);
  });

  test.each([
    ['KeyType', { KeyType: 'ID', Keys: ['1'] }, 'KeyType: must be one of: NewOaks, MLSNumber, URL'],
    ['KeyType', { Keys: ['1'] }, 'KeyType: is required'],
    ['Keys', { KeyType: 'NewOaks' }, 'Keys: is required'],
    ['SerialNumber', { SerialNumber: undefined, KeyType: 'NewOaks', Keys: ['1'] }, 'SerialNumber: is required'],
  ])('%s: %j → 400', async (field, body, message) => {
    const res = await post(t.app, LISTINGS.delete, { SerialNumber: 'any', ...body }, ws.auth);
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(message);
  });
});
