// Credentials and ownership for the four listings endpoints (docs/api.md "API overview"): 401 without a
// known credential under any header form, success under each form, 404 (never 403) for
// another workspace's chatbot and for an unknown one, and nothing of theirs touched.
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
let mine: TestWorkspace;
let theirs: TestWorkspace;
let mySerial: string;
let theirSerial: string;
let theirListing: { id: number; mls: string; url: string };

beforeAll(async () => {
  t = await buildTestApp();
  mine = await newWorkspace(t.db, 'Mine');
  theirs = await newWorkspace(t.db, 'Theirs');
  mySerial = await createChatbot(t.app, mine.auth);
  theirSerial = await createChatbot(t.app, theirs.auth);
  const body = listingBody(theirSerial);
  theirListing = { id: await createListing(t.app, theirs.auth, body), mls: body.MLSNumber, url: body.Url };
});
afterAll(async () => {
  await t.close();
});

type Endpoint = keyof typeof LISTINGS;
const ENDPOINTS: Endpoint[] = ['create', 'update', 'list', 'delete'];

/** A valid body for each endpoint against `serial`. */
function bodyFor(endpoint: Endpoint, serial: string): Record<string, unknown> {
  switch (endpoint) {
    case 'create':
      return listingBody(serial);
    case 'update':
      return { SerialNumber: serial, Key: String(theirListing.id), KeyType: 'NewOaks', Bedrooms: 1 };
    case 'list':
      return { SerialNumber: serial };
    case 'delete':
      return { SerialNumber: serial, Keys: [String(theirListing.id)], KeyType: 'NewOaks' };
  }
}

const headerForms = (key: string): [string, Record<string, string>][] => [
  ['Authorization: <key>', { authorization: key }],
  ['Authorization: Bearer <key>', { authorization: `Bearer ${key}` }],
  ['chatrobot-sessionkey: <key>', { 'chatrobot-sessionkey': key }],
];

async function theirListingIsIntact() {
  const page = await listListings(t.app, theirs.auth, { SerialNumber: theirSerial });
  expect(page.VirtualCount).toBe(1);
  expect(page.List[0]).toMatchObject({ ID: theirListing.id, Bedrooms: '3', MLSNumber: theirListing.mls });
}

describe.each(ENDPOINTS)('%s: credentials', (endpoint) => {
  test('no credential → 401', async () => {
    expectFailure(await post(t.app, LISTINGS[endpoint], bodyFor(endpoint, mySerial)), 401);
    expectFailure(await post(t.app, LISTINGS[endpoint], bodyFor(endpoint, mySerial), { authorization: '  ' }), 401);
  });

  test.each(headerForms('pk_unknown_0000000000000000'))('unknown key under %s → 401', async (_, headers) => {
    const res = await post(t.app, LISTINGS[endpoint], bodyFor(endpoint, mySerial), headers);
    expectFailure(res, 401);
    expect(res.body.Message).not.toContain('pk_unknown');
  });
});

describe('credentials that work', () => {
  test.each(ENDPOINTS)('%s succeeds with the API key and the session key under every header form', async (endpoint) => {
    for (const key of [mine.apiKey, mine.sessionKey]) {
      for (const [form, headers] of headerForms(key)) {
        const serial = await createChatbot(t.app, mine.auth);
        const id = await createListing(t.app, mine.auth, listingBody(serial));
        const body =
          endpoint === 'update' || endpoint === 'delete'
            ? { ...bodyFor(endpoint, serial), Keys: [String(id)], Key: String(id) }
            : bodyFor(endpoint, serial);
        const res = await post(t.app, LISTINGS[endpoint], body, headers);
        expect(res.body.Success, `${endpoint} with ${form}: ${res.body.Message}`).toBe(true);
        expect(res.status).toBe(200);
        if (endpoint === 'delete') expect(res.body.Data).toStrictEqual({ SuccessCount: 1 });
        if (endpoint === 'update') expect(res.body.Data).toBe(1);
      }
    }
  });
});

describe.each(ENDPOINTS)('%s: other workspaces', (endpoint) => {
  test('another workspace’s chatbot → 404; its listings untouched', async () => {
    const res = await post(t.app, LISTINGS[endpoint], bodyFor(endpoint, theirSerial), mine.auth);
    expectFailure(res, 404);
    expect(res.body.Message).toBe(`chatbot "${theirSerial}" not found`);
    await theirListingIsIntact();
  });

  test('an unknown chatbot → 404 with the same message shape', async () => {
    const res = await post(t.app, LISTINGS[endpoint], bodyFor(endpoint, 'no-such-bot'), mine.auth);
    expectFailure(res, 404);
    expect(res.body.Message).toBe('chatbot "no-such-bot" not found');
  });
});

describe('listings of another workspace through my own chatbot', () => {
  test('their IDs, MLS numbers and URLs match nothing in my chatbot', async () => {
    const upd = await post(
      t.app,
      LISTINGS.update,
      { SerialNumber: mySerial, Key: theirListing.mls, KeyType: 'MLSNumber', Bedrooms: 1 },
      mine.auth,
    );
    expectFailure(upd, 404);
    const del = await post(
      t.app,
      LISTINGS.delete,
      { SerialNumber: mySerial, Keys: [String(theirListing.id), theirListing.url], KeyType: 'URL' },
      mine.auth,
    );
    expect(del.body.Data).toStrictEqual({ SuccessCount: 0 });
    const list = await listListings(t.app, mine.auth, { SerialNumber: mySerial, MLSNumber: theirListing.mls });
    expect(list).toStrictEqual({ List: [], VirtualCount: 0 });
    await theirListingIsIntact();
  });
});
