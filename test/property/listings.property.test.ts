// Property: whatever body reaches a listings endpoint (valid, mistyped, incomplete,
// oversized, odd unicode, extra keys, keys in any case, JSON that is not an object, not
// JSON at all), the answer is the envelope with Code = HTTP status, and never a 500.
// Valid bodies against the caller's own chatbot succeed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChatbot, createListing, LISTINGS, listingBody } from '../factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';

const RUNS = 2000;
const TIMEOUT_MS = 120_000;

let t: TestApp;
let ws: TestWorkspace;
let serials: Record<'mine' | 'theirs' | 'unknown', string>;
let listingIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  const other = await newWorkspace(t.db, 'Other');
  serials = {
    mine: await createChatbot(t.app, ws.auth),
    theirs: await createChatbot(t.app, other.auth),
    unknown: 'no-such-chatbot',
  };
  listingIds = [];
  for (let i = 0; i < 3; i++) listingIds.push(await createListing(t.app, ws.auth, listingBody(serials.mine)));
});
afterAll(async () => {
  await t.close();
});

// ---- values -------------------------------------------------------------------------
const ODD_UNITS = ['\ud800', '\udfff', '\u0000', '\u202e', '\u200f', '\ufeff', 'e\u0301', '👨‍👩‍👧', 'ש', '\n', ' '];
const oddUnit = fc.oneof(fc.constantFrom(...ODD_UNITS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const oddString = fc.string({ unit: oddUnit, maxLength: 24 });
/** Odd unicode a valid body may carry: everything but NUL and lone surrogates, which are a 400 by design. */
const oddText = oddString.map((s) => s.replaceAll('\u0000', '').toWellFormed());
/** The same for a single-line field (Address, City, keys…), which refuses control characters by design. */
const oddLine = oddText.map((s) => s.replace(/[\p{Cc}\u2028\u2029]/gu, ''));
const oversized = fc.oneof(
  fc
    .tuple(fc.constantFrom('x', 'é', '😀', ' ', '\ud800'), fc.integer({ min: 65, max: 25_000 }))
    .map(([c, n]) => c.repeat(n)),
  fc.integer({ min: 101, max: 1200 }).map((n) => Array.from({ length: n }, (_, i) => String(i + 1))),
  fc.constant('x'.repeat(1_100_000)),
);
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: oddString },
  { weight: 1, arbitrary: oversized },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 2, arbitrary: fc.constantFrom('3', '2.5', ' 7 ', '1e3', '-0', 'NaN', 'Infinity', '0x10', '') },
);
const caseOf = (s: string, mode: number) => (mode === 1 ? s.toLowerCase() : mode === 2 ? s.toUpperCase() : s);
const anyCase = (values: readonly string[]) =>
  fc.tuple(fc.constantFrom(...values), fc.integer({ min: 0, max: 2 })).map(([v, m]) => caseOf(v, m));

// ---- bodies -------------------------------------------------------------------------
type Endpoint = keyof typeof LISTINGS;
type Body = Record<string, unknown>;

const LISTING_FIELDS = Object.keys(listingBody('x', { Tours: '3D', SpaceType: 'Room', RentPrice: 1, Location: 'x' }));
const FIELDS: Record<Endpoint, string[]> = {
  create: [...LISTING_FIELDS, 'Tour'],
  update: [...LISTING_FIELDS, 'Tour', 'Key', 'KeyType'],
  list: [
    ...['SerialNumber', 'CityName', 'SaleType', 'MLSNumber', 'PageNumber', 'PageSize', 'Status', 'PropertyType'],
    ...['MinPrice', 'MaxPrice', 'MinBedrooms', 'MinBathrooms', 'Keyword', 'SortBy', 'Near'],
  ],
  delete: ['SerialNumber', 'Keys', 'KeyType'],
};

/** Valid variations per endpoint (the base body is valid already). */
const VALID: Record<Endpoint, fc.Arbitrary<Body>> = {
  create: fc.record(
    {
      SaleType: anyCase(['for_sale', 'for_rent']),
      Status: anyCase(['Active', 'PreOnMarket', 'Sold']),
      AreaUnit: anyCase(['Square Feet', 'Square Meters']),
      Tour: anyCase(['OpenHouse', '3D']),
      Bedrooms: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom('3', ' 4 ', '2.0')),
      Description: oddText,
      City: oddLine,
      Address: oddLine,
      SalePrice: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1e12, noNaN: true })),
      ExtensionColumn: fc.array(fc.record({ Key: oddLine.map((s) => `k${s}`), value: oddText }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
  update: fc.record(
    {
      KeyType: fc.constantFrom('NewOaks', 'newoaks'),
      Status: anyCase(['Active', 'PreOnMarket', 'Sold']),
      Description: fc.oneof(oddText, fc.constant(null)),
      HOAMonth: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 5000 })),
      Images: fc.oneof(fc.constant(null), fc.array(oddLine, { maxLength: 3 })),
    },
    { requiredKeys: ['KeyType'] },
  ),
  list: fc.record(
    {
      CityName: oddLine,
      SaleType: anyCase(['for_sale', 'for_rent']),
      // PageNumber × PageSize at most 100,000 (deeper pages are a 400: MAX_PAGED).
      PageNumber: fc.integer({ min: 1, max: 1_000 }),
      PageSize: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom('20', '100')),
      Keyword: oddLine,
      SortBy: anyCase(['Newest', 'PriceAsc', 'PriceDesc']),
      MinBedrooms: fc.integer({ min: 0, max: 10 }),
      Near: fc.record({
        Latitude: fc.double({ min: -90, max: 90, noNaN: true }),
        Longitude: fc.double({ min: -180, max: 180, noNaN: true }),
        RadiusKm: fc.double({ min: 0.001, max: 20_000, noNaN: true }),
      }),
    },
    { requiredKeys: [] },
  ),
  delete: fc.record({
    KeyType: anyCase(['NewOaks', 'MLSNumber', 'URL']),
    Keys: fc.array(fc.oneof(oddLine, fc.nat().map(String)), { minLength: 1, maxLength: 20 }),
  }),
};

function baseBody(endpoint: Endpoint, serial: string, keyIndex: number): Body {
  const key = String(listingIds[keyIndex % listingIds.length]);
  if (endpoint === 'create') return listingBody(serial);
  if (endpoint === 'update') return { SerialNumber: serial, Key: key, KeyType: 'NewOaks', Bedrooms: 4 };
  if (endpoint === 'list') return { SerialNumber: serial };
  return { SerialNumber: serial, Keys: ['999999999'], KeyType: 'NewOaks' };
}

const plan = (endpoint: Endpoint) =>
  fc.record({
    kind: fc.oneof(
      { weight: 3, arbitrary: fc.constant('valid' as const) },
      { weight: 5, arbitrary: fc.constant('mutated' as const) },
      { weight: 2, arbitrary: fc.constant('raw' as const) },
    ),
    serial: fc.constantFrom('mine', 'mine', 'mine', 'theirs', 'unknown') as fc.Arbitrary<keyof typeof serials>,
    keyIndex: fc.nat(),
    valid: VALID[endpoint],
    set: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS[endpoint]), fc.string({ maxLength: 8 })), anyValue), {
      maxLength: 3,
    }),
    drop: fc.array(fc.constantFrom(...FIELDS[endpoint]), { maxLength: 3 }),
    extra: fc.dictionary(fc.string({ unit: oddUnit, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    casing: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 40 }),
    raw: fc.oneof(
      fc.json({ maxDepth: 2 }),
      fc.string({ unit: oddUnit, maxLength: 20 }),
      fc.constantFrom('null', '[]', '[{}]', '0', '-1.5', '"x"', 'true', '', '{', '{"SerialNumber":', '\u0000'),
    ),
  });
type Plan = ReturnType<typeof plan> extends fc.Arbitrary<infer P> ? P : never;

function payloadOf(endpoint: Endpoint, p: Plan): string {
  if (p.kind === 'raw') return p.raw;
  const body: Body = { ...baseBody(endpoint, serials[p.serial], p.keyIndex), ...p.valid };
  if (p.kind === 'mutated') {
    Object.assign(body, p.extra);
    for (const field of p.drop) delete body[field];
    for (const [field, value] of p.set) body[field] = value;
  }
  const cased = Object.entries(body).map(([k, v], i) => [caseOf(k, p.casing[i] ?? 0), v]);
  return JSON.stringify(Object.fromEntries(cased));
}

// ---- the property -------------------------------------------------------------------
const ENVELOPE_KEYS = ['Code', 'Data', 'Message', 'Success', 'Version'];

describe.each(Object.keys(LISTINGS) as Endpoint[])('%s: every body gets an envelope, never a 500', (endpoint) => {
  test(
    `${RUNS} generated bodies`,
    async () => {
      const codes = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(plan(endpoint), async (p) => {
          const res = await t.app.inject({
            method: 'POST',
            url: LISTINGS[endpoint],
            payload: payloadOf(endpoint, p),
            headers: { 'content-type': 'application/json', ...ws.auth },
          });
          const body = res.json() as Record<string, unknown>;
          expect(Object.keys(body).sort()).toStrictEqual(ENVELOPE_KEYS);
          expect(body.Code).toBe(res.statusCode);
          expect(res.statusCode).toBeLessThan(500);
          expect(body.Version).toBe('1.0.0');
          expect(body.Success).toBe(res.statusCode === 200);
          if (res.statusCode === 200) {
            expect(body.Message).toBe('');
          } else {
            expect(body.Data).toBeNull();
            // Every 4xx names the field (or the body, or the credential) before a colon.
            expect(body.Message).toMatch(/^\S[^:]*: |not found$/);
          }
          if (p.kind === 'valid' && p.serial === 'mine') expect(res.statusCode, String(body.Message)).toBe(200);
          codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
        }),
        { numRuns: RUNS },
      );
      // The generator reaches both the database and the validator.
      expect(codes.get(200) ?? 0).toBeGreaterThan(RUNS / 10);
      expect(codes.get(400) ?? 0).toBeGreaterThan(RUNS / 10);
      expect(codes.get(404) ?? 0).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
