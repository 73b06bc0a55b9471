// RealEstateCreate under requests arriving together (on PostgreSQL they share INSERTs:
// insert-batch.ts): every Create gets the ID of its own listing, and a duplicate among them is
// the 409 naming the holder while the others are written.
import { afterAll, beforeAll, expect, test } from 'vitest';
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
let first: string;
let second: string;

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  first = await createChatbot(t.app, ws.auth);
  second = await createChatbot(t.app, ws.auth);
});
afterAll(async () => {
  await t.close();
});

test('60 Creates at once, over two chatbots: each answers the ID of its own listing', async () => {
  const bodies = Array.from({ length: 60 }, (_, i) => listingBody(i % 2 ? second : first, { Bedrooms: i % 5 }));
  const answers = await Promise.all(bodies.map((b) => post<string>(t.app, LISTINGS.create, b, ws.auth)));
  const ids = answers.map((a) => {
    expect(a.status).toBe(200);
    return Number(a.body.Data);
  });
  expect(new Set(ids).size).toBe(60);
  for (const [i, b] of bodies.entries()) {
    const page = await listListings(t.app, ws.auth, { SerialNumber: b.SerialNumber, MLSNumber: b.MLSNumber });
    expect(page.List.map((l) => [l.ID, l.Bedrooms])).toEqual([[ids[i], String(i % 5)]]);
  }
});

test('duplicates among Creates arriving together: one 409 each, naming the holder; the rest are written', async () => {
  const taken = listingBody(first);
  const holder = await createListing(t.app, ws.auth, taken);
  const bodies = Array.from({ length: 30 }, () => listingBody(first));
  const twin = { ...listingBody(first), MLSNumber: bodies[7]?.MLSNumber };
  bodies.splice(12, 0, { ...listingBody(first), MLSNumber: taken.MLSNumber }, twin);
  const before = (await listListings(t.app, ws.auth, { SerialNumber: first, PageSize: 1 })).VirtualCount;
  const answers = await Promise.all(bodies.map((b) => post<string>(t.app, LISTINGS.create, b, ws.auth)));
  const refused = answers.flatMap((a, i) => (a.status === 200 ? [] : [i]));
  // The listing already there, and one of the two twins (whichever was written second).
  expect(refused).toHaveLength(2);
  expect(refused).toContain(12);
  expectFailure(answers[12] as never, 409, 'MLSNumber');
  expect(answers[12]?.body.Message).toContain(`listing ${holder}`);
  const twinRefused = refused.find((i) => i !== 12) as number;
  expect([7, 13]).toContain(twinRefused);
  expectFailure(answers[twinRefused] as never, 409, 'MLSNumber');
  const after = (await listListings(t.app, ws.auth, { SerialNumber: first, PageSize: 1 })).VirtualCount;
  expect(after - before).toBe(bodies.length - 2);
});

test('Create looks its chatbot up from memory, and a chatbot removed is a 404 at once', async () => {
  const bot = await createChatbot(t.app, ws.auth);
  await createListing(t.app, ws.auth, listingBody(bot));
  await post(t.app, '/chat/Chatbot/Remove', { serialNumber: bot }, ws.auth);
  const res = await post(t.app, LISTINGS.create, listingBody(bot), ws.auth);
  expectFailure(res, 404);
  expect(res.body.Message).toContain(`chatbot "${bot}"`);
});
