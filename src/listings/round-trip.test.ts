// What platform clients do with List's records: send them back. A record goes into Update as
// it is (integer ID as Key, "For Sale", Images/ExtensionColumn as JSON strings, "" for unset
// values, numbers as strings) and changes nothing; integer IDs work as Key and Keys[].
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
  type ListingRecordJson,
  listingBody,
  listListings,
} from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace, testClock } from '../../test/harness.ts';

const clock = testClock(new Date('2026-11-02T15:00:00.000Z'));
let t: TestApp;
let ws: TestWorkspace;
let sn: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ws = await newWorkspace(t.db);
  sn = await createChatbot(t.app, ws.auth);
});
afterAll(async () => {
  await t.close();
});

async function recordById(id: number): Promise<ListingRecordJson> {
  const page = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
  const r = page.List.find((x) => x.ID === id);
  if (!r) throw new Error(`listing ${id} not listed`);
  return r;
}

const RENTAL = {
  SaleType: 'for_rent',
  SalePrice: null,
  RentPrice: 2100,
  DepositFee: 2100,
  SpaceType: 'Room',
  Tours: '3D',
  Images: null,
  ExtensionColumn: null,
  Latitude: null,
  Longitude: null,
};

describe('a List record sent back to RealEstateUpdate as it is', () => {
  test.each([
    ['a sale listing with every field set', {}],
    ['a rental with unset prices, images and coordinates', RENTAL],
  ])('%s: accepted, nothing changes but UpdatedAt', async (_, overrides) => {
    const id = await createListing(t.app, ws.auth, listingBody(sn, overrides));
    const before = await recordById(id);
    expect(typeof before.ID).toBe('number');
    clock.advance(60_000);
    const res = await post<number>(
      t.app,
      LISTINGS.update,
      { ...before, SerialNumber: sn, Key: before.ID, KeyType: 'NewOaks' },
      ws.auth,
    );
    expect(res.body).toMatchObject({ Success: true, Data: 1 });
    expect(await recordById(id)).toStrictEqual({ ...before, UpdatedAt: clock().toISOString() });
  });

  test('an edited record changes only what was edited', async () => {
    const id = await createListing(t.app, ws.auth, listingBody(sn));
    const before = await recordById(id);
    const res = await post<number>(
      t.app,
      LISTINGS.update,
      {
        ...before,
        SerialNumber: sn,
        Key: before.ID,
        KeyType: 'NewOaks',
        SaleType: 'For Rent',
        RentPrice: '2500',
        Images: '["https://img.example.com/2.jpg"]',
        Tours: '',
      },
      ws.auth,
    );
    expect(res.body).toMatchObject({ Success: true, Data: 1 });
    const after = await recordById(id);
    expect(after).toMatchObject({
      SaleType: 'For Rent',
      Price: '2500',
      RentPrice: '2500',
      Images: '["https://img.example.com/2.jpg"]',
      Tours: '',
    });
  });

  test('a JSON string that is not a list is still refused, naming the field', async () => {
    const id = await createListing(t.app, ws.auth, listingBody(sn));
    const res = await post(
      t.app,
      LISTINGS.update,
      { SerialNumber: sn, Key: id, KeyType: 'NewOaks', Images: '{"a":1}' },
      ws.auth,
    );
    expectFailure(res, 400, 'Images');
    const display = await post(
      t.app,
      LISTINGS.update,
      { SerialNumber: sn, Key: id, KeyType: 'NewOaks', SaleType: 'For Lease' },
      ws.auth,
    );
    expectFailure(display, 400, 'SaleType');
  });
});

describe('integer keys', () => {
  test('Key as an integer finds the listing; a fractional or huge number does not pass as an ID', async () => {
    const id = await createListing(t.app, ws.auth, listingBody(sn));
    const ok = await post<number>(
      t.app,
      LISTINGS.update,
      { SerialNumber: sn, Key: id, KeyType: 'NewOaks', Bedrooms: 5 },
      ws.auth,
    );
    expect(ok.body.Data).toBe(1);
    expect((await recordById(id)).Bedrooms).toBe('5');
    const frac = await post(t.app, LISTINGS.update, { SerialNumber: sn, Key: 1.5, KeyType: 'NewOaks' }, ws.auth);
    expectFailure(frac, 400, 'Key');
  });

  test('Keys[] of integers (mixed with strings) deletes those listings', async () => {
    const a = await createListing(t.app, ws.auth, listingBody(sn));
    const b = await createListing(t.app, ws.auth, listingBody(sn));
    const res = await post<{ SuccessCount: number }>(
      t.app,
      LISTINGS.delete,
      { SerialNumber: sn, Keys: [a, String(b), 99_999_999], KeyType: 'NewOaks' },
      ws.auth,
    );
    expect(res.body.Data).toEqual({ SuccessCount: 2 });
  });

  test('List takes SaleType in display form too', async () => {
    const id = await createListing(t.app, ws.auth, listingBody(sn, RENTAL));
    const page = await listListings(t.app, ws.auth, { SerialNumber: sn, SaleType: 'For Rent', PageSize: 100 });
    expect(page.List.map((r) => r.ID)).toContain(id);
    expect(page.List.every((r) => r.SaleType === 'For Rent')).toBe(true);
  });
});
