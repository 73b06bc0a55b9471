// The conversation set's 211 listings (test/fixtures/eval/conversations), written as feeds write
// them, loaded through RealEstateCreate: what Parlor reads from each (its type family and the
// features it states) agrees with the set's `facts` on every listing, and RealEstateList's
// criteria select exactly the listings the facts say fit.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChatbot, createListing, listListings } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';

interface Fact {
  city: string;
  sale: string;
  status: string;
  kind: string;
  price: number;
  area: number;
  lot: number;
  year: number;
  hoa: number | null;
  dom: number;
  features: Record<string, boolean>;
}

const dir = new URL('../../test/fixtures/eval/conversations/', import.meta.url);
const listings = JSON.parse(readFileSync(new URL('listings.json', dir), 'utf8')) as Record<string, unknown>[];
const { facts } = JSON.parse(readFileSync(new URL('conversations.json', dir), 'utf8')) as {
  facts: Record<string, Fact>;
};

let t: TestApp;
let ws: TestWorkspace;
let serial: string;
/** Every listing's record as RealEstateList returns it, by MLS number. */
const records = new Map<string, { ID: number; TypeFamily: string; Features: string }>();

async function list(criteria: Record<string, unknown>): Promise<{ ID: number; MLSNumber: string }[]> {
  const out: { ID: number; MLSNumber: string }[] = [];
  for (let PageNumber = 1; PageNumber <= 5; PageNumber++) {
    const page = await listListings(t.app, ws.auth, { SerialNumber: serial, PageSize: 100, PageNumber, ...criteria });
    out.push(...(page.List as unknown as { ID: number; MLSNumber: string }[]));
    if (out.length >= page.VirtualCount) break;
  }
  return out;
}

const mlsOf = async (criteria: Record<string, unknown>) => (await list(criteria)).map((r) => r.MLSNumber).sort();
const fitting = (fits: (f: Fact) => boolean) =>
  Object.entries(facts)
    .filter(([, f]) => fits(f))
    .map(([mls]) => mls)
    .sort();

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth);
  for (const l of listings) await createListing(t.app, ws.auth, { SerialNumber: serial, ...l });
  const page = await list({});
  for (const r of page as unknown as { ID: number; MLSNumber: string; TypeFamily: string; Features: string }[]) {
    records.set(r.MLSNumber, r);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the conversation set read on write', () => {
  test('all 211 listings load, and each has a fact', () => {
    expect(listings).toHaveLength(211);
    expect(records.size).toBe(211);
    expect([...records.keys()].sort()).toStrictEqual(Object.keys(facts).sort());
  });

  test("every listing's type family is the facts' kind", () => {
    const wrong = [...records].filter(([mls, r]) => r.TypeFamily !== facts[mls]?.kind);
    expect(wrong.map(([mls, r]) => `${mls}: ${r.TypeFamily} ≠ ${facts[mls]?.kind}`)).toStrictEqual([]);
  });

  test("every listing states yes exactly the facts' features (negatives, languages and Poole Rd included)", () => {
    const wrong: string[] = [];
    for (const [mls, r] of records) {
      const stated = new Set(JSON.parse(r.Features) as string[]);
      for (const [feature, yes] of Object.entries(facts[mls]?.features ?? {})) {
        if (stated.has(feature) !== yes) wrong.push(`${mls}: ${feature} should be ${yes}`);
      }
    }
    expect(wrong).toStrictEqual([]);
    // The set holds both answers for every feature, so the check above can fail either way.
    for (const feature of Object.keys(facts[listings[0]?.MLSNumber as string]?.features ?? {})) {
      const yes = Object.values(facts).filter((f) => f.features[feature]).length;
      expect(yes, feature).toBeGreaterThan(0);
      expect(yes, feature).toBeLessThan(211);
    }
  });
});

describe('RealEstateList criteria agree with the facts', () => {
  const FEATURES = ['pool', 'garage', 'pets', 'furnished', 'basement', 'finishedBasement', 'fireplace', 'waterfront'];
  test.each(FEATURES)('Features [%s] and NotFeatures [%s]', async (feature) => {
    expect(await mlsOf({ Features: [feature] })).toStrictEqual(fitting((f) => f.features[feature] === true));
    expect(await mlsOf({ NotFeatures: [feature] })).toStrictEqual(fitting((f) => f.features[feature] !== true));
  });

  test.each(['sfr', 'condo', 'town', 'multi', 'apt', 'land'])('Types [%s] and NotTypes [%s]', async (kind) => {
    expect(await mlsOf({ Types: [kind] })).toStrictEqual(fitting((f) => f.kind === kind));
    expect(await mlsOf({ NotTypes: [kind] })).toStrictEqual(fitting((f) => f.kind !== kind));
  });

  test.each([
    ['MaxHOA 300', { MaxHOA: 300 }, (f: Fact) => (f.hoa ?? 0) <= 300],
    ['NoHOA', { NoHOA: true }, (f: Fact) => (f.hoa ?? 0) === 0],
    ['MinArea 1800', { MinArea: 1800 }, (f: Fact) => f.area >= 1800],
    ['MaxArea 1000', { MaxArea: 1000 }, (f: Fact) => f.area > 0 && f.area <= 1000],
    ['MinYear 2015', { MinYear: 2015 }, (f: Fact) => f.year >= 2015],
    ['MaxYear 1999', { MaxYear: 1999 }, (f: Fact) => f.year > 0 && f.year <= 1999],
    ['MinLot 10000', { MinLot: 10000 }, (f: Fact) => f.lot >= 10000],
    ['MaxLot 5000', { MaxLot: 5000 }, (f: Fact) => f.lot > 0 && f.lot <= 5000],
    [
      'Nashville houses for sale under $700,000 with a garage and no pool',
      {
        CityName: 'Nashville',
        SaleType: 'for_sale',
        Types: ['sfr', 'town'],
        Features: ['garage'],
        NotFeatures: ['pool'],
        MaxPrice: 700000,
      },
      (f: Fact) =>
        f.city === 'Nashville' &&
        f.sale === 'for_sale' &&
        ['sfr', 'town'].includes(f.kind) &&
        f.features.garage === true &&
        f.features.pool !== true &&
        f.price <= 700000,
    ],
  ])('%s', async (_name, criteria, fits) => {
    const want = fitting(fits);
    expect(want.length).toBeGreaterThan(0);
    expect(await mlsOf(criteria)).toStrictEqual(want);
  });

  test.each([
    ['YearDesc', (f: Fact) => f.year || null, 'desc'],
    ['LotAsc', (f: Fact) => f.lot || null, 'asc'],
    ['AreaDesc', (f: Fact) => f.area || null, 'desc'],
    ['DaysOnMarketAsc', (f: Fact) => f.dom, 'asc'],
  ] as const)('SortBy %s: unset values last, ties newest first', async (SortBy, value, dir) => {
    const got = (await list({ SortBy })).map((r) => r.MLSNumber);
    const id = (mls: string) => records.get(mls)?.ID ?? 0;
    const want = Object.keys(facts).sort((a, b) => {
      const [va, vb] = [value(facts[a] as Fact), value(facts[b] as Fact)];
      if (va !== vb) {
        if (va === null) return 1;
        if (vb === null) return -1;
        return dir === 'asc' ? va - vb : vb - va;
      }
      return id(b) - id(a);
    });
    expect(got).toStrictEqual(want);
  });
});
