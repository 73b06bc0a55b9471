// RealEstateCreate: the record List returns for it (listings/README.md), uniqueness (409),
// nothing half-written, and PARLOR_HTTP_STATUS=ok.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
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

async function onlyRecord(serial: string, mls: string) {
  const page = await listListings(t.app, ws.auth, { SerialNumber: serial, MLSNumber: mls });
  expect(page.VirtualCount).toBe(1);
  return page.List[0];
}

describe('RealEstateCreate', () => {
  test('answers the new ID as a string; List returns the exact flat record', async () => {
    const body = listingBody(sn, {
      Tours: '3D',
      SpaceType: 'Entire place',
      Location: 'Near the lake',
      UnitAreaPrice: 243.5,
      HOAMonth: 300,
      ZestimatePrice: 455000,
      DepositFee: 0,
    });
    const res = await post<string>(t.app, LISTINGS.create, body, ws.auth);
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({
      Data: expect.stringMatching(/^\d+$/),
      Version: '1.0.0',
      Success: true,
      Code: 200,
      Message: '',
    });
    const record = await onlyRecord(sn, body.MLSNumber);
    expect(record).toStrictEqual({
      ID: Number(res.body.Data),
      PropertyType: 'Single Family Residential',
      SaleType: 'For Sale',
      Status: 'Active',
      Images: '["https://img.example.com/1.jpg"]',
      CurrencySymbol: '$',
      Price: '450000',
      State: 'TX',
      City: 'Austin',
      Address: body.Address,
      ZIP: '78717',
      Location: 'Near the lake',
      LATITUDE: 30.27954,
      LONGITUDE: -97.75963,
      Area: '1850',
      AreaUnit: 'Square Feet',
      Bathrooms: '2.5',
      Bedrooms: '3',
      Url: body.Url,
      Tours: '3D',
      YearBuilt: '1998',
      MLSNumber: body.MLSNumber,
      DaysOnMarket: '12',
      LotArea: '5000',
      BuildingArea: '1850',
      ParkingSpots: '2',
      Description: '3 bed, 2.5 bath home with a pool.',
      ExtensionColumn: '[{"Key":"Pool","value":"Yes"}]',
      RentPrice: '',
      SpaceType: 'Entire place',
      DepositFee: '0',
      SalePrice: '450000',
      UnitAreaPrice: '243.5',
      ZestimatePrice: '455000',
      HOAMonth: '300',
      CreatedAt: '2026-11-02T15:00:00.000Z',
      UpdatedAt: '2026-11-02T15:00:00.000Z',
      TypeFamily: 'sfr',
      Features: '["pool"]',
    });
  });

  test('a rental: Price is RentPrice, SaleType "For Rent", unset optionals are "" / null / "[]"', async () => {
    const body = listingBody(sn, { SaleType: 'for_rent', SalePrice: undefined, RentPrice: 2450.75 });
    for (const k of ['Images', 'ExtensionColumn', 'Description', 'Latitude', 'Longitude', 'City'] as const) {
      delete body[k];
    }
    await createListing(t.app, ws.auth, body);
    const record = await onlyRecord(sn, body.MLSNumber);
    expect(record).toMatchObject({
      SaleType: 'For Rent',
      Price: '2450.75',
      RentPrice: '2450.75',
      SalePrice: '',
      Images: '[]',
      ExtensionColumn: '[]',
      Description: '',
      City: '',
      LATITUDE: null,
      LONGITUDE: null,
      HOAMonth: '',
    });
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ID') expect(Number.isInteger(value)).toBe(true);
      else if (key !== 'LATITUDE' && key !== 'LONGITUDE') expect(typeof value, key).toBe('string');
    }
  });

  test('tiny and large amounts are plain decimal strings (never exponent notation)', async () => {
    const body = listingBody(sn, { SalePrice: 1e-7, ZestimatePrice: 999999999999 });
    await createListing(t.app, ws.auth, body);
    const record = await onlyRecord(sn, body.MLSNumber);
    expect(record.SalePrice).toBe('0.0000001');
    expect(record.Price).toBe('0.0000001');
    expect(record.ZestimatePrice).toBe('999999999999');
  });

  test('strings are stored trimmed', async () => {
    const body = listingBody(sn, { City: '  Round Rock ', MLSNumber: `  ${listingBody(sn).MLSNumber} ` });
    await createListing(t.app, ws.auth, body);
    const record = await onlyRecord(sn, body.MLSNumber.trim());
    expect(record.City).toBe('Round Rock');
    expect(record.MLSNumber).toBe(body.MLSNumber.trim());
  });
});

describe('RealEstateCreate conflicts', () => {
  test('a duplicate MLSNumber is a 409 naming the existing listing; nothing is written', async () => {
    const first = listingBody(sn);
    const id = await createListing(t.app, ws.auth, first);
    const before = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
    const res = await post(t.app, LISTINGS.create, listingBody(sn, { MLSNumber: first.MLSNumber }), ws.auth);
    expectFailure(res, 409, 'MLSNumber');
    expect(res.body.Message).toContain(`listing ${id}`);
    expect(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).toStrictEqual(before);
  });

  test('a duplicate Url is a 409 naming the existing listing; nothing is written', async () => {
    const first = listingBody(sn);
    const id = await createListing(t.app, ws.auth, first);
    const before = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
    const res = await post(t.app, LISTINGS.create, listingBody(sn, { Url: first.Url }), ws.auth);
    expectFailure(res, 409, 'Url');
    expect(res.body.Message).toContain(`listing ${id}`);
    expect(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).toStrictEqual(before);
  });

  test('the same MLSNumber and Url in two chatbots is fine', async () => {
    const other = await createChatbot(t.app, ws.auth);
    const body = listingBody(sn);
    const a = await createListing(t.app, ws.auth, body);
    const b = await createListing(t.app, ws.auth, { ...body, SerialNumber: other });
    expect(b).not.toBe(a);
    expect((await onlyRecord(other, body.MLSNumber)).ID).toBe(b);
  });

  test('a failed validation writes nothing', async () => {
    const before = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 });
    const res = await post(t.app, LISTINGS.create, listingBody(sn, { Bedrooms: 'many' }), ws.auth);
    expectFailure(res, 400, 'Bedrooms');
    expect(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).toStrictEqual(before);
  });
});

describe('PARLOR_HTTP_STATUS=ok', () => {
  test('a business error answers HTTP 200 with the real Code in the envelope', async () => {
    const okApp = await buildTestApp({ env: { PARLOR_HTTP_STATUS: 'ok' } });
    try {
      const w = await newWorkspace(okApp.db);
      const serial = await createChatbot(okApp.app, w.auth);
      const bad = await post(okApp.app, LISTINGS.create, listingBody(serial, { SaleType: 'auction' }), w.auth);
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ Success: false, Code: 400, Data: null });
      expect(bad.body.Message).toMatch(/^SaleType: /);
      const denied = await post(okApp.app, LISTINGS.list, { SerialNumber: serial }, {});
      expect(denied.status).toBe(200);
      expect(denied.body).toMatchObject({ Success: false, Code: 401 });
      const good = await post(okApp.app, LISTINGS.create, listingBody(serial), w.auth);
      expect(good.body).toMatchObject({ Success: true, Code: 200 });
    } finally {
      await okApp.close();
    }
  });
});
