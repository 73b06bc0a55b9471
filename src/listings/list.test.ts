// RealEstateList (listings/README.md): newest first, the platform's filters, pagination and
// VirtualCount, and Parlor's extended filters and sorts. Each test has its own chatbot.
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

/** A fresh chatbot holding the given listings (created in order); returns their IDs. */
async function botWith(listings: Record<string, unknown>[]) {
  const sn = await createChatbot(t.app, ws.auth);
  const ids: number[] = [];
  for (const overrides of listings) ids.push(await createListing(t.app, ws.auth, listingBody(sn, overrides)));
  return { sn, ids };
}

async function idsOf(sn: string, filter: Record<string, unknown> = {}) {
  const page = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100, ...filter });
  expect(page.VirtualCount).toBe(page.List.length);
  return page.List.map((r) => r.ID);
}

describe('RealEstateList', () => {
  test('newest first (ID descending); an empty chatbot lists nothing', async () => {
    const { sn, ids } = await botWith([{}, {}, {}]);
    expect(await idsOf(sn)).toStrictEqual([...ids].reverse());
    const empty = await createChatbot(t.app, ws.auth);
    expect(await listListings(t.app, ws.auth, { SerialNumber: empty })).toStrictEqual({ List: [], VirtualCount: 0 });
  });

  test('CityName matches case-insensitively and whole', async () => {
    const { sn, ids } = await botWith([{ City: 'Austin' }, { City: 'Round Rock' }, { City: 'AUSTIN' }]);
    expect(await idsOf(sn, { CityName: 'aUSTIN' })).toStrictEqual([ids[2], ids[0]]);
    expect(await idsOf(sn, { cityname: ' round rock ' })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { CityName: 'Aust' })).toStrictEqual([]);
  });

  test('SaleType and MLSNumber filters', async () => {
    const { sn, ids } = await botWith([{}, { SaleType: 'for_rent', RentPrice: 1500 }, {}]);
    expect(await idsOf(sn, { SaleType: 'for_rent' })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { SaleType: 'FOR_SALE' })).toStrictEqual([ids[2], ids[0]]);
    const page = await listListings(t.app, ws.auth, { SerialNumber: sn });
    const mls = page.List.find((r) => r.ID === ids[0])?.MLSNumber;
    expect(await idsOf(sn, { MLSNumber: mls })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { MLSNumber: 'NONE' })).toStrictEqual([]);
  });

  test('pagination: pages in order, VirtualCount is the total matching, not the page size', async () => {
    const { sn, ids } = await botWith([{}, {}, {}, {}, { City: 'Dallas' }]);
    const newest = [...ids].reverse();
    const pages = [];
    for (const PageNumber of [1, 2, 3, 4]) {
      pages.push(await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: '2', PageNumber }));
    }
    expect(pages.map((p) => p.VirtualCount)).toStrictEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.List.map((r) => r.ID))).toStrictEqual([
      newest.slice(0, 2),
      newest.slice(2, 4),
      [ids[0]],
      [],
    ]);
    const austin = await listListings(t.app, ws.auth, { SerialNumber: sn, CityName: 'austin', PageSize: 1 });
    expect(austin.VirtualCount).toBe(4);
    expect(austin.List).toHaveLength(1);
  });

  test('PageSize defaults to 20 and may be 100', async () => {
    const { sn } = await botWith(Array.from({ length: 21 }, () => ({})));
    const page = await listListings(t.app, ws.auth, { SerialNumber: sn });
    expect(page.List).toHaveLength(20);
    expect(page.VirtualCount).toBe(21);
    expect((await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100 })).List).toHaveLength(21);
    // The deepest page allowed (PageNumber × PageSize = 100,000) is answered, empty here.
    const deepest = await listListings(t.app, ws.auth, { SerialNumber: sn, PageSize: 100, PageNumber: 1000 });
    expect([deepest.List.length, deepest.VirtualCount]).toEqual([0, 21]);
  });

  test.each([
    ['PageSize', { PageSize: 101 }, 'PageSize: must be <= 100'],
    ['PageSize', { PageSize: 0 }, 'PageSize: must be >= 1'],
    ['PageSize', { PageSize: 2.5 }, 'PageSize: must be an integer'],
    ['PageNumber', { PageNumber: 0 }, 'PageNumber: must be >= 1'],
    ['PageNumber', { PageNumber: 'first' }, 'PageNumber: must be an integer'],
    [
      'PageNumber',
      { PageNumber: 1001, PageSize: 100 },
      'PageNumber: pages reach the first 100000 matches (PageNumber × PageSize at most 100000, here 100100): ' +
        'narrow the search with filters',
    ],
    ['SaleType', { SaleType: 'sale' }, 'SaleType: must be one of: for_sale, for_rent'],
    ['Status', { Status: 'Open' }, 'Status: must be one of: Active, PreOnMarket, Sold'],
    [
      'SortBy',
      { SortBy: 'Oldest' },
      'SortBy: must be one of: Newest, PriceAsc, PriceDesc, AreaAsc, AreaDesc, LotAsc, LotDesc, YearAsc, YearDesc, ' +
        'DaysOnMarketAsc, DaysOnMarketDesc',
    ],
    ['CityName', { CityName: 7 }, 'CityName: must be a string'],
    ['MinPrice', { MinPrice: -5 }, 'MinPrice: must be >= 0'],
    ['Near', { Near: [30, -97] }, 'Near: must be an object'],
    ['Near.RadiusKm', { Near: { Latitude: 30, Longitude: -97, RadiusKm: 0 } }, 'Near.RadiusKm: must be > 0'],
    ['Near.Latitude', { Near: { Longitude: -97, RadiusKm: 5 } }, 'Near.Latitude: is required'],
    ['SerialNumber', {}, 'SerialNumber: is required'],
  ])('%s invalid (%j) → 400', async (field, filter, message) => {
    const sn = field === 'SerialNumber' ? undefined : 'any';
    const res = await post(t.app, LISTINGS.list, { SerialNumber: sn, ...filter }, ws.auth);
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(message);
  });
});

describe('RealEstateList extended filters', () => {
  test('Status and PropertyType (case-insensitive)', async () => {
    const { sn, ids } = await botWith([
      { Status: 'Sold' },
      { PropertyType: 'Condo' },
      { Status: 'PreOnMarket', PropertyType: 'condo' },
    ]);
    expect(await idsOf(sn, { Status: 'sold' })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { Status: 'Active' })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { PropertyType: 'CONDO' })).toStrictEqual([ids[2], ids[1]]);
  });

  test('MinPrice/MaxPrice compare Price (SalePrice for sale, RentPrice for rent)', async () => {
    const { sn, ids } = await botWith([
      { SalePrice: 300000 },
      { SalePrice: 600000 },
      { SaleType: 'for_rent', SalePrice: 900000, RentPrice: 2000 },
      { SalePrice: null },
    ]);
    expect(await idsOf(sn, { MinPrice: 400000 })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { MaxPrice: '300000' })).toStrictEqual([ids[2], ids[0]]);
    expect(await idsOf(sn, { MinPrice: 1000, MaxPrice: 3000 })).toStrictEqual([ids[2]]);
  });

  test('MinBedrooms and MinBathrooms are lower bounds', async () => {
    const { sn, ids } = await botWith([
      { Bedrooms: 2, Bathrooms: 1 },
      { Bedrooms: 3, Bathrooms: 2.5 },
      { Bedrooms: 5, Bathrooms: 2 },
    ]);
    expect(await idsOf(sn, { MinBedrooms: 3 })).toStrictEqual([ids[2], ids[1]]);
    expect(await idsOf(sn, { MinBathrooms: 2.5 })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { MinBedrooms: 3, MinBathrooms: '2' })).toStrictEqual([ids[2], ids[1]]);
  });

  test('Keyword: every word must appear in the address, description or features', async () => {
    const { sn, ids } = await botWith([
      { Address: '12 Maple Street', Description: 'Quiet cul-de-sac', ExtensionColumn: [] },
      { Address: '9 Oak Ave', Description: 'Renovated kitchen, big garden', ExtensionColumn: [] },
      { Address: '4 Elm Road', Description: 'Corner lot', ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }] },
      { Address: '5 Pine Road', Description: 'New roof 100%', ExtensionColumn: [{ Key: 'Pool', value: 'No' }] },
    ]);
    expect(await idsOf(sn, { Keyword: 'maple' })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { Keyword: 'GARDEN kitchen' })).toStrictEqual([ids[1]]);
    expect(await idsOf(sn, { Keyword: 'garden maple' })).toStrictEqual([]);
    expect(await idsOf(sn, { Keyword: 'pool' })).toStrictEqual([ids[2]]);
    expect(await idsOf(sn, { Keyword: 'road' })).toStrictEqual([ids[3], ids[2]]);
    // LIKE wildcards in a keyword are literal characters.
    expect(await idsOf(sn, { Keyword: '100%' })).toStrictEqual([ids[3]]);
    expect(await idsOf(sn, { Keyword: '_' })).toStrictEqual([]);
  });

  test('SortBy PriceAsc, PriceDesc (unpriced last, on both databases), Newest', async () => {
    const { sn, ids } = await botWith([
      { SalePrice: 500000 },
      { SalePrice: 200000 },
      { SalePrice: null },
      { SalePrice: 900000 },
    ]);
    expect(await idsOf(sn, { SortBy: 'PriceAsc' })).toStrictEqual([ids[1], ids[0], ids[3], ids[2]]);
    expect(await idsOf(sn, { sortby: 'pricedesc' })).toStrictEqual([ids[3], ids[0], ids[1], ids[2]]);
    expect(await idsOf(sn, { SortBy: 'Newest' })).toStrictEqual([ids[3], ids[2], ids[1], ids[0]]);
  });

  test('Near: a listing 5 km away is within 10 km, one 50 km away is not', async () => {
    const lat = 30.27954;
    const lon = -97.75963;
    const kmPerDegree = 111.32;
    const { sn, ids } = await botWith([
      { Latitude: lat + 5 / kmPerDegree, Longitude: lon },
      { Latitude: lat, Longitude: lon + 50 / (kmPerDegree * Math.cos((lat * Math.PI) / 180)) },
      { Latitude: null, Longitude: null },
      { Latitude: lat - 3 / kmPerDegree, Longitude: lon + 3 / kmPerDegree },
    ]);
    const near = (RadiusKm: number) => idsOf(sn, { Near: { Latitude: lat, Longitude: lon, RadiusKm } });
    expect(await near(10)).toStrictEqual([ids[3], ids[0]]);
    expect(await near(4)).toStrictEqual([ids[3]]);
    expect(await near(60)).toStrictEqual([ids[3], ids[1], ids[0]]);
    expect(await idsOf(sn, { near: { latitude: '30.27954', longitude: lon, radiuskm: '10' } })).toStrictEqual([
      ids[3],
      ids[0],
    ]);
  });

  test('Near with subnormal coordinates (stored and asked) answers; coordinates keep 7 decimals', async () => {
    const { sn, ids } = await botWith([
      { Latitude: 1e-300, Longitude: 5e-324 },
      { Latitude: 0.123456789, Longitude: -0.00000004 },
    ]);
    expect(await idsOf(sn, { Near: { Latitude: 1e-320, Longitude: -5e-324, RadiusKm: 100 } })).toStrictEqual([
      ids[1],
      ids[0],
    ]);
    const page = await listListings(t.app, ws.auth, { SerialNumber: sn });
    expect(page.List.map((r) => [r.LATITUDE, r.LONGITUDE])).toStrictEqual([
      [0.1234568, 0],
      [0, 0],
    ]);
  });

  test('filters combine', async () => {
    const { sn, ids } = await botWith([
      { City: 'Austin', Bedrooms: 4, SalePrice: 400000 },
      { City: 'Austin', Bedrooms: 2, SalePrice: 350000 },
      { City: 'Dallas', Bedrooms: 4, SalePrice: 380000 },
    ]);
    expect(await idsOf(sn, { CityName: 'austin', MinBedrooms: 3, MaxPrice: 450000 })).toStrictEqual([ids[0]]);
  });
});
