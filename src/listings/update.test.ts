// RealEstateUpdate (listings/README.md): found by KeyType, partial, null clears optionals,
// 404 on no match, 409 on taking another listing's MLSNumber/Url, nothing half-written.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
  type ListingRecordJson,
  listingBody,
  listListings,
  REQUIRED_LISTING_FIELDS,
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

const update = (body: Record<string, unknown>) =>
  post<number>(t.app, LISTINGS.update, { SerialNumber: sn, ...body }, ws.auth);

async function recordById(id: number): Promise<ListingRecordJson | undefined> {
  const page = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
  return page.List.find((r) => r.ID === id);
}

async function newListing(overrides: Record<string, unknown> = {}) {
  const body = listingBody(sn, overrides);
  const id = await createListing(t.app, ws.auth, body);
  return { id, body };
}

describe('RealEstateUpdate', () => {
  test('by NewOaks (listing ID): a partial update keeps every omitted field; Data is 1', async () => {
    const { id } = await newListing();
    const before = await recordById(id);
    clock.advance(60_000);
    const res = await update({ Key: String(id), KeyType: 'NewOaks', Bedrooms: '4', City: 'Round Rock' });
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({ Data: 1, Version: '1.0.0', Success: true, Code: 200, Message: '' });
    expect(await recordById(id)).toStrictEqual({
      ...before,
      Bedrooms: '4',
      City: 'Round Rock',
      UpdatedAt: '2026-11-02T15:01:00.000Z',
    });
  });

  test('by MLSNumber and by URL (KeyType case-insensitive, Key trimmed)', async () => {
    const { id, body } = await newListing();
    expect((await update({ Key: body.MLSNumber, KeyType: 'MLSNumber', Status: 'sold' })).body.Data).toBe(1);
    expect((await update({ Key: ` ${body.Url} `, KeyType: 'url', HOAMonth: 125 })).body.Data).toBe(1);
    expect(await recordById(id)).toMatchObject({ Status: 'Sold', HOAMonth: '125' });
  });

  test('MLSNumber and Url can be changed (the listing is then found by the new one)', async () => {
    const { id, body } = await newListing();
    const mls = `${body.MLSNumber}X`;
    expect((await update({ Key: body.MLSNumber, KeyType: 'MLSNumber', MLSNumber: mls })).body.Data).toBe(1);
    expect((await update({ Key: mls, KeyType: 'MLSNumber', Url: `${body.Url}/new` })).body.Data).toBe(1);
    expect(await recordById(id)).toMatchObject({ MLSNumber: mls, Url: `${body.Url}/new` });
    // Re-sending a listing's own MLSNumber and Url is not a conflict with itself.
    const same = await update({ Key: String(id), KeyType: 'NewOaks', MLSNumber: mls, Url: `${body.Url}/new` });
    expect(same.body.Data).toBe(1);
  });

  test.each([
    ['NewOaks', '99999999'],
    ['NewOaks', 'not-an-id'],
    ['MLSNumber', 'NO-SUCH-MLS'],
    ['URL', 'https://homes.example.com/none'],
  ])('no listing with %s %j → 404', async (keyType, key) => {
    await newListing();
    const res = await update({ Key: key, KeyType: keyType, Bedrooms: 1 });
    expectFailure(res, 404);
    expect(res.body.Message).toContain(key);
  });

  test('null clears optional fields: text → "", amounts → "", lists → "[]", coordinates → null', async () => {
    const { id } = await newListing({ Tours: 'OpenHouse', HOAMonth: 200 });
    const cleared = {
      Description: null,
      SalePrice: null,
      HOAMonth: null,
      Tours: null,
      Images: null,
      ExtensionColumn: null,
      Latitude: null,
      City: null,
    };
    expect((await update({ Key: String(id), KeyType: 'NewOaks', ...cleared })).body.Data).toBe(1);
    expect(await recordById(id)).toMatchObject({
      Description: '',
      SalePrice: '',
      Price: '',
      HOAMonth: '',
      Tours: '',
      Images: '[]',
      ExtensionColumn: '[]',
      LATITUDE: null,
      City: '',
    });
    const byCity = await listListings(t.app, ws.auth, { SerialNumber: sn, CityName: 'Austin', PageSize: 100 });
    expect(byCity.List.map((r) => r.ID)).not.toContain(id);
  });

  test('switching to for_rent makes Price the RentPrice', async () => {
    const { id } = await newListing();
    await update({ Key: String(id), KeyType: 'NewOaks', SaleType: 'for_rent', RentPrice: '2200' });
    expect(await recordById(id)).toMatchObject({ SaleType: 'For Rent', Price: '2200', SalePrice: '450000' });
  });

  test('`Tour` alias and case-insensitive field names work on update', async () => {
    const { id } = await newListing();
    await update({ key: String(id), keytype: 'newoaks', TOUR: '3d', bedrooms: 5 });
    expect(await recordById(id)).toMatchObject({ Tours: '3D', Bedrooms: '5' });
  });
});

describe('RealEstateUpdate validation and conflicts (nothing half-written)', () => {
  test.each(REQUIRED_LISTING_FIELDS.filter((f) => f !== 'SerialNumber'))(
    'null for required %s means "not given": kept as it was, the rest updated',
    async (field) => {
      const { id } = await newListing();
      const before = await recordById(id);
      const res = await update({ Key: String(id), KeyType: 'NewOaks', Description: 'changed', [field]: null });
      expect(res.body).toMatchObject({ Success: true, Data: 1 });
      const after = await recordById(id);
      expect({ ...after, Description: before?.Description, UpdatedAt: before?.UpdatedAt }).toStrictEqual(before);
      expect(after?.Description).toBe('changed');
    },
  );

  test.each([
    ['Key', { KeyType: 'NewOaks' }, 'Key: is required'],
    ['KeyType', { Key: '1' }, 'KeyType: is required'],
    ['KeyType', { Key: '1', KeyType: 'ID' }, 'KeyType: must be one of: NewOaks, MLSNumber, URL'],
    ['Key', { Key: '', KeyType: 'NewOaks' }, 'Key: must not be empty'],
    ['Bedrooms', { Key: '1', KeyType: 'NewOaks', Bedrooms: 'lots' }, 'Bedrooms: must be a number'],
    ['Status', { Key: '1', KeyType: 'NewOaks', Status: 'Gone' }, 'Status: must be one of: Active, PreOnMarket, Sold'],
  ])('%s: %j → 400', async (field, body, message) => {
    const res = await update(body);
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(message);
  });

  test('taking another listing’s MLSNumber → 409 naming it; nothing changes', async () => {
    const a = await newListing();
    const b = await newListing();
    const before = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
    const res = await update({ Key: String(b.id), KeyType: 'NewOaks', MLSNumber: a.body.MLSNumber, Bedrooms: 9 });
    expectFailure(res, 409, 'MLSNumber');
    expect(res.body.Message).toContain(`listing ${a.id}`);
    expect(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).toStrictEqual(before);
  });

  test('taking another listing’s Url → 409 naming it; nothing changes', async () => {
    const a = await newListing();
    const b = await newListing();
    const before = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
    const res = await update({ Key: b.body.MLSNumber, KeyType: 'MLSNumber', Url: a.body.Url, City: 'Elsewhere' });
    expectFailure(res, 409, 'Url');
    expect(res.body.Message).toContain(`listing ${a.id}`);
    expect(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).toStrictEqual(before);
  });

  test('a listing of another chatbot is not found by NewOaks', async () => {
    const other = await createChatbot(t.app, ws.auth);
    const id = await createListing(t.app, ws.auth, listingBody(other));
    const res = await update({ Key: String(id), KeyType: 'NewOaks', Bedrooms: 1 });
    expectFailure(res, 404);
    const page = await listListings(t.app, ws.auth, { SerialNumber: other });
    expect(page.List[0]).toMatchObject({ ID: id, Bedrooms: '3' });
  });
});
