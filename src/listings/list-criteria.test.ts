// RealEstateList's criteria for conversations: ranges of bathrooms, living area, lot, year
// built and days on market, HOA, property type families, features, the new sorts; their
// validation; features and type read again when a listing is updated. Each test has its
// own chatbot.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
  listingBody,
  listListings,
} from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';

let t: TestApp;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
});
afterAll(async () => {
  await t.close();
});

async function botWith(listings: Record<string, unknown>[]) {
  const sn = await createChatbot(t.app, ws.auth);
  const ids: number[] = [];
  for (const overrides of listings) ids.push(await createListing(t.app, ws.auth, listingBody(sn, overrides)));
  return { sn, ids };
}

async function idsOf(sn: string, filter: Record<string, unknown> = {}, auth = ws.auth) {
  const page = await listListings(t.app, auth, { SerialNumber: sn, PageSize: 100, ...filter });
  expect(page.VirtualCount).toBe(page.List.length);
  return page.List.map((r) => r.ID);
}

const land = { PropertyType: 'Vacant Land', Bedrooms: 0, Bathrooms: 0, BuildingArea: 0, YearBuilt: 0 };

describe('RealEstateList ranges', () => {
  test('MaxBedrooms and MaxBathrooms are upper bounds', async () => {
    const { sn, ids } = await botWith([
      { Bedrooms: 2, Bathrooms: 1 },
      { Bedrooms: 3, Bathrooms: 2.5 },
      { Bedrooms: 5, Bathrooms: 4 },
    ]);
    expect(await idsOf(sn, { MaxBedrooms: 3 })).toStrictEqual([ids[1], ids[0]]);
    expect(await idsOf(sn, { MaxBathrooms: '2.5' })).toStrictEqual([ids[1], ids[0]]);
    expect(await idsOf(sn, { MinBedrooms: 3, MaxBedrooms: 3 })).toStrictEqual([ids[1]]);
  });

  test('MinArea/MaxArea read BuildingArea; a maximum leaves out land (area 0)', async () => {
    const { sn, ids } = await botWith([{ BuildingArea: 950 }, { BuildingArea: 1850 }, { BuildingArea: 2600 }, land]);
    expect(await idsOf(sn, { MinArea: 1800 })).toStrictEqual([ids[2], ids[1]]);
    expect(await idsOf(sn, { MaxArea: 1000 })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { MinArea: 900, MaxArea: 2000 })).toStrictEqual([ids[1], ids[0]]);
  });

  test('MinLot/MaxLot read LotArea; a maximum leaves out listings without a lot (0)', async () => {
    const { sn, ids } = await botWith([{ LotArea: 0, PropertyType: 'Condo' }, { LotArea: 4000 }, { LotArea: 12000 }]);
    expect(await idsOf(sn, { MinLot: 10000 })).toStrictEqual([ids[2]]);
    expect(await idsOf(sn, { MaxLot: 5000 })).toStrictEqual([ids[1]]);
  });

  test('MinYear/MaxYear read YearBuilt; neither matches year 0 (land)', async () => {
    const { sn, ids } = await botWith([{ YearBuilt: 1962 }, { YearBuilt: 2015 }, { YearBuilt: 2021 }, land]);
    expect(await idsOf(sn, { MinYear: 2015 })).toStrictEqual([ids[2], ids[1]]);
    expect(await idsOf(sn, { MaxYear: 2000 })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { MinYear: 0, MaxYear: 2015 })).toStrictEqual([ids[1], ids[0]]);
  });

  test('MaxHOA counts a missing HOA as 0; NoHOA is HOAMonth absent or 0; NoHOA false asks nothing', async () => {
    const { sn, ids } = await botWith([{ HOAMonth: 120 }, { HOAMonth: 450 }, { HOAMonth: 0 }, {}]);
    expect(await idsOf(sn, { MaxHOA: 300 })).toStrictEqual([ids[3], ids[2], ids[0]]);
    expect(await idsOf(sn, { MaxHOA: 0 })).toStrictEqual([ids[3], ids[2]]);
    expect(await idsOf(sn, { NoHOA: true })).toStrictEqual([ids[3], ids[2]]);
    expect(await idsOf(sn, { NoHOA: false })).toStrictEqual([ids[3], ids[2], ids[1], ids[0]]);
  });

  test('MinDaysOnMarket/MaxDaysOnMarket (0 days is a value)', async () => {
    const { sn, ids } = await botWith([{ DaysOnMarket: 0 }, { DaysOnMarket: 12 }, { DaysOnMarket: 95 }]);
    expect(await idsOf(sn, { MaxDaysOnMarket: 30 })).toStrictEqual([ids[1], ids[0]]);
    expect(await idsOf(sn, { MinDaysOnMarket: 12 })).toStrictEqual([ids[2], ids[1]]);
  });
});

describe('RealEstateList types and features', () => {
  test('Types and NotTypes match families across feed names, case-insensitively', async () => {
    const { sn, ids } = await botWith([
      { PropertyType: 'Single Family Residence' },
      { PropertyType: 'Single Family' },
      { PropertyType: 'Condominium' },
      { PropertyType: 'Townhome' },
      land,
    ]);
    expect(await idsOf(sn, { Types: ['sfr'] })).toStrictEqual([ids[1], ids[0]]);
    expect(await idsOf(sn, { types: ['CONDO', 'Town'] })).toStrictEqual([ids[3], ids[2]]);
    expect(await idsOf(sn, { NotTypes: ['land', 'sfr'] })).toStrictEqual([ids[3], ids[2]]);
    expect(await idsOf(sn, { Types: '["land"]' })).toStrictEqual([ids[4]]);
    expect(await idsOf(sn, { Types: [] })).toHaveLength(5);
  });

  test('Features: all stated yes; NotFeatures: none stated yes; negative values mean no', async () => {
    const { sn, ids } = await botWith([
      { ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }], Description: 'Attached two-car garage.' },
      { ExtensionColumn: [{ Key: 'Pool', value: 'No' }], Description: 'Quiet street.' },
      { ExtensionColumn: [], Description: 'No pool, but a big fenced yard. Pet friendly!' },
      { ExtensionColumn: [{ Key: 'Pets Allowed', value: 'Not allowed' }], Description: 'Piscina privada.' },
      { ExtensionColumn: [], Address: '3117 Poole Rd', Description: 'Unfurnished.' },
    ]);
    expect(await idsOf(sn, { Features: ['pool'] })).toStrictEqual([ids[3], ids[0]]);
    expect(await idsOf(sn, { Features: ['pool', 'garage'] })).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, { Features: ['pets'] })).toStrictEqual([ids[2]]);
    expect(await idsOf(sn, { NotFeatures: ['pool'] })).toStrictEqual([ids[4], ids[2], ids[1]]);
    expect(await idsOf(sn, { Features: ['yard'], NotFeatures: ['pool'] })).toStrictEqual([ids[2]]);
    expect(await idsOf(sn, { Features: ['furnished'] })).toStrictEqual([]);
  });

  test('the record adds TypeFamily and Features; Update reads them again', async () => {
    const { sn, ids } = await botWith([
      { PropertyType: 'Townhouse', ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }] },
    ]);
    const [before] = (await listListings(t.app, ws.auth, { SerialNumber: sn })).List;
    expect(before).toMatchObject({ TypeFamily: 'town', Features: '["pool"]' });
    const update = { SerialNumber: sn, Key: ids[0], KeyType: 'NewOaks', PropertyType: 'Condo' };
    await call(t.app, LISTINGS.update, { ...update, ExtensionColumn: [{ Key: 'Pool', value: 'None' }] }, ws.auth);
    const [after] = (await listListings(t.app, ws.auth, { SerialNumber: sn })).List;
    expect(after).toMatchObject({ TypeFamily: 'condo', Features: '[]' });
    expect(await idsOf(sn, { Features: ['pool'] })).toStrictEqual([]);
    expect(await idsOf(sn, { Types: ['condo'] })).toStrictEqual(ids);
  });
});

describe('RealEstateList new sorts', () => {
  test.each([
    ['AreaAsc', [2, 0, 1, 3]],
    ['AreaDesc', [1, 0, 2, 3]],
    ['LotAsc', [2, 1, 0, 3]],
    ['LotDesc', [0, 2, 1, 3]],
    ['YearAsc', [0, 2, 1, 3]],
    ['YearDesc', [1, 2, 0, 3]],
    ['DaysOnMarketAsc', [3, 2, 1, 0]],
    ['DaysOnMarketDesc', [0, 2, 1, 3]],
  ])('%s: unset values (0 area, lot, year) last either way, ties newest first', async (SortBy, order) => {
    const { sn, ids } = await botWith([
      { BuildingArea: 1850, LotArea: 9000, YearBuilt: 1960, DaysOnMarket: 40 },
      { BuildingArea: 2600, LotArea: 3000, YearBuilt: 2020, DaysOnMarket: 12 },
      { BuildingArea: 950, LotArea: 3000, YearBuilt: 2001, DaysOnMarket: 12 },
      { ...land, LotArea: 0, DaysOnMarket: 0 },
    ]);
    expect(await idsOf(sn, { SortBy })).toStrictEqual(order.map((i) => ids[i]));
  });

  test('a sorted search pages in order', async () => {
    const { sn, ids } = await botWith([{ YearBuilt: 1990 }, { YearBuilt: 2010 }, { YearBuilt: 2000 }]);
    const page = (PageNumber: number) =>
      listListings(t.app, ws.auth, { SerialNumber: sn, SortBy: 'yeardesc', PageSize: 2, PageNumber });
    expect((await page(1)).List.map((r) => r.ID)).toStrictEqual([ids[1], ids[2]]);
    expect(await page(2)).toMatchObject({ VirtualCount: 3, List: [{ ID: ids[0] }] });
  });
});

describe('RealEstateList criteria: validation and access', () => {
  test.each([
    ['MaxBathrooms', { MaxBathrooms: -1 }, 'MaxBathrooms: must be >= 0'],
    ['MinArea', { MinArea: 'big' }, 'MinArea: must be a number'],
    ['MaxArea', { MaxArea: -5 }, 'MaxArea: must be >= 0'],
    ['MinLot', { MinLot: [1] }, 'MinLot: must be a number'],
    ['MaxLot', { MaxLot: -1 }, 'MaxLot: must be >= 0'],
    ['MinYear', { MinYear: 2015.5 }, 'MinYear: must be an integer'],
    ['MaxYear', { MaxYear: 3001 }, 'MaxYear: must be <= 3000'],
    ['MaxHOA', { MaxHOA: -1 }, 'MaxHOA: must be >= 0'],
    ['NoHOA', { NoHOA: 'yes' }, 'NoHOA: must be a boolean (true or false)'],
    ['Types', { Types: 'sfr' }, 'Types: must be an array'],
    ['Types[1]', { Types: ['sfr', 'house'] }, 'Types[1]: must be one of: sfr, condo, town, multi, apt, land, other'],
    ['NotTypes[0]', { NotTypes: [7] }, 'NotTypes[0]: must be a string'],
    ['Features[0]', { Features: ['sauna'] }, 'Features[0]: must be one of: pool, garage, pets, furnished'],
    ['NotFeatures', { NotFeatures: Array(51).fill('pool') }, 'NotFeatures: must have at most 50 items'],
    ['MinDaysOnMarket', { MinDaysOnMarket: -1 }, 'MinDaysOnMarket: must be >= 0'],
  ])('%s invalid (%j) → 400', async (field, filter, message) => {
    const res = await post(t.app, LISTINGS.list, { SerialNumber: 'any', ...filter }, ws.auth);
    expectFailure(res, 400, field);
    expect(res.body.Message.startsWith(message), res.body.Message).toBe(true);
  });

  test('OpenAPI documents every criterion with a description and an example, and the sorts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = doc.paths[LISTINGS.list].post.requestBody.content['application/json'].schema;
    const criteria = ['MinArea', 'MaxArea', 'MinLot', 'MaxLot', 'MinYear', 'MaxYear', 'MaxHOA', 'NoHOA'];
    for (const name of [...criteria, 'Types', 'NotTypes', 'Features', 'NotFeatures']) {
      expect(body.properties[name]?.description, name).toMatch(/\w/);
      expect(body.properties[name]?.examples?.length, name).toBe(1);
    }
    expect(body.properties.Types.items.enum).toStrictEqual(['sfr', 'condo', 'town', 'multi', 'apt', 'land', 'other']);
    expect(body.properties.SortBy.enum).toContain('DaysOnMarketDesc');
    const record = doc.paths[LISTINGS.list].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(record.properties.Data.properties.List.items.properties).slice(-2)).toStrictEqual([
      'TypeFamily',
      'Features',
    ]);
  });

  test('either credential header; another workspace gets 404; none gets 401', async () => {
    const { sn, ids } = await botWith([{ PropertyType: 'Condo' }, { PropertyType: 'Single Family' }]);
    const criteria = { Types: ['condo'], SortBy: 'AreaDesc' };
    expect(await idsOf(sn, criteria)).toStrictEqual([ids[0]]);
    expect(await idsOf(sn, criteria, { 'chatrobot-sessionkey': ws.sessionKey })).toStrictEqual([ids[0]]);
    const other = await newWorkspace(t.db, 'Other Realty');
    expectFailure(await post(t.app, LISTINGS.list, { SerialNumber: sn, ...criteria }, other.auth), 404);
    expectFailure(await post(t.app, LISTINGS.list, { SerialNumber: sn, ...criteria }), 401);
  });
});
