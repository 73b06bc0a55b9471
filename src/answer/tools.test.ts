// The model's search_listings tool takes the shared listing search's criteria: its JSON Schema
// offers them (families, features and sorts by name), filterOf/pageOf map them onto
// ListingFilter and ListingPage, and a call runs them on a chatbot's real listings.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChatbot, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { requireChatbot } from '../chatbots/service.ts';
import { FEATURES, TYPE_FAMILIES } from '../listings/filter.ts';
import { SORTS } from '../listings/schemas.ts';
import type { AnswerRequest } from './engine.ts';
import { listingSearchFor } from './listing-search.ts';
import { filterOf, pageOf } from './tool-inputs.ts';
import { runTool, TOOL_DEFINITIONS } from './tools.ts';

describe('search_listings parameters', () => {
  test('the JSON Schema names every family, feature and sort', () => {
    const search = TOOL_DEFINITIONS.find((d) => d.function.name === 'search_listings');
    const parameters = search?.function.parameters as { properties: Record<string, { anyOf: unknown[] }> } | undefined;
    const p = parameters?.properties ?? {};
    const enumOf = (name: string) => {
      const schema = p[name]?.anyOf[0] as { enum?: string[]; items?: { enum: string[] } };
      return schema.items?.enum ?? schema.enum;
    };
    expect(enumOf('types')).toStrictEqual([...TYPE_FAMILIES]);
    expect(enumOf('notTypes')).toStrictEqual([...TYPE_FAMILIES]);
    expect(enumOf('features')).toStrictEqual([...FEATURES]);
    expect(enumOf('notFeatures')).toStrictEqual([...FEATURES]);
    expect(enumOf('sort')).toStrictEqual([...SORTS]);
    for (const name of ['minArea', 'maxArea', 'minLot', 'maxLot', 'minYear', 'maxYear', 'maxHoa', 'noHoa', 'page']) {
      expect(p[name], name).toBeDefined();
    }
  });

  test('filterOf maps every criterion; null, false and empty lists ask for nothing', () => {
    const input = {
      city: 'Tampa',
      maxBedrooms: 4,
      maxBathrooms: 3,
      minArea: 1800,
      maxArea: 2500,
      minLot: 5000,
      maxLot: 9000,
      minYear: 2015,
      maxYear: 2024,
      maxHoa: 300,
      noHoa: true,
      types: ['condo', 'town'] as ('condo' | 'town')[],
      notTypes: ['land'] as 'land'[],
      features: ['pool'] as 'pool'[],
      notFeatures: ['pets'] as 'pets'[],
    };
    expect(filterOf(input)).toMatchObject({ ...input, statuses: ['Active', 'PreOnMarket'] });
    const none = filterOf({ minArea: null, noHoa: false, types: [], features: null, notFeatures: [] });
    for (const key of ['minArea', 'noHoa', 'types', 'features', 'notFeatures'] as const) {
      expect(none[key], key).toBeUndefined();
    }
  });

  test('pageOf: Newest by default, the sort asked, pages of `limit` (1 to 10)', () => {
    expect(pageOf({})).toStrictEqual({ sort: 'Newest', offset: 0, limit: 5 });
    expect(pageOf({ sort: 'YearDesc', page: 3, limit: 4 })).toStrictEqual({ sort: 'YearDesc', offset: 8, limit: 4 });
    expect(pageOf({ sort: null, page: null, limit: 50 })).toStrictEqual({ sort: 'Newest', offset: 0, limit: 10 });
  });
});

describe('search_listings on real listings', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let req: AnswerRequest;
  const mls: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const listings = [
      { PropertyType: 'Condominium', YearBuilt: 2018, HOAMonth: 250, ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }] },
      { PropertyType: 'Townhome', YearBuilt: 2021, ExtensionColumn: [{ Key: 'Pool Features', value: 'In Ground' }] },
      { PropertyType: 'Condo', YearBuilt: 2019, HOAMonth: 500, ExtensionColumn: [{ Key: 'Pool', value: 'Yes' }] },
      { PropertyType: 'Single Family', YearBuilt: 2020, ExtensionColumn: [{ Key: 'Pool', value: 'No' }] },
    ];
    for (const l of listings) {
      const body = listingBody(serial, { ...l, Description: 'Quiet street.' });
      await createListing(t.app, ws.auth, body);
      mls.push(body.MLSNumber);
    }
    const bot = await requireChatbot({ db: t.db.kysely, workspaceId: ws.workspaceId, now: new Date() }, serial);
    req = { listings: listingSearchFor(t.db, ws.workspaceId, bot.id) } as AnswerRequest;
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (args: unknown) =>
    JSON.parse(await runTool(req, 'search_listings', JSON.stringify(args))) as {
      total: number;
      page: number;
      listings: { MLSNumber: string; YearBuilt: string; HOAMonth: string; Features: string[] }[];
      error?: string;
    };

  test('types, features, HOA and a sort select and order the listings', async () => {
    const r = await search({ types: ['condo', 'town'], features: ['pool'], maxHoa: 300, sort: 'YearDesc' });
    expect(r.total).toBe(2);
    expect(r.listings.map((l) => l.MLSNumber)).toStrictEqual([mls[1], mls[0]]);
    expect(r.listings[1]).toMatchObject({ YearBuilt: '2018', HOAMonth: '250', Features: ['pool'] });
  });

  test('notTypes, notFeatures, noHoa, minYear; page 2 shows the next ones', async () => {
    expect((await search({ notFeatures: ['pool'] })).listings.map((l) => l.MLSNumber)).toStrictEqual([mls[3]]);
    expect((await search({ noHoa: true, notTypes: ['sfr'] })).listings.map((l) => l.MLSNumber)).toStrictEqual([mls[1]]);
    const page2 = await search({ minYear: 2019, sort: 'YearAsc', limit: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect(page2.listings.map((l) => l.MLSNumber)).toStrictEqual([mls[1]]);
  });

  test('an unknown family, feature or sort goes back to the model as an error', async () => {
    expect((await search({ types: ['house'] })).error).toMatch(/types\.0 .*sfr, condo, town/);
    expect((await search({ features: ['sauna'] })).error).toMatch(/features\.0 .*pool, garage/);
    expect((await search({ sort: 'Cheapest' })).error).toMatch(/sort .*PriceAsc/);
    expect((await search({ page: 0 })).error).toMatch(/page must be >= 1/);
  });
});
