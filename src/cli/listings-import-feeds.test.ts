// `listings import` of real feeds: RESO Data Dictionary CSVs and RESO Web API exports, common
// column aliases, every error of a row in one run, sync (unchanged, --prune), --dry-run,
// --strict, and files that are broken or belong to another chatbot.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resoCsv, resoListing } from '../../bench/lib/reso-listings.ts';
import { makeListing } from '../../bench/make-listings.ts';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { countListings, findListingByKey } from '../listings/repo.ts';
import { mlsNumbersOf } from '../listings/repo-feed.ts';
import type { ImportSummary } from './listings-import.ts';
import { cliRunner, fileWriter, ownerOfSerial } from './test-io.ts';

let t: TestApp;
let ws: TestWorkspace;
const file = fileWriter('parlor-feed-test-');

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
});
afterAll(async () => {
  await t.close();
});

const tag = () => `R${randomBytes(3).toString('hex').toUpperCase()}`;

const ownerOf = (serial: string) => ownerOfSerial(t.db, serial);

async function run(...args: string[]) {
  const r = await cliRunner(t.db, t.config)('listings', 'import', ...args, '--json');
  return { code: r.code, stderr: r.stderr, summary: r.code === 0 || r.stdout ? r.json<ImportSummary>() : null };
}

async function listing(serial: string, mls: string) {
  return findListingByKey(t.db.kysely, await ownerOf(serial), 'MLSNumber', mls, false);
}

/** 1,000 records: 625 marketable (Active, Coming Soon, Closed), 125 each of three skipped statuses. */
const records = (p: string) => Array.from({ length: 1000 }, (_, i) => resoListing(i, p));
const id = (p: string, i: number) => `${p}${String(i).padStart(6, '0')}`;

/** What the records' values must become, worked out here by hand rather than by the mapping. */
async function expectMapped(serial: string, p: string) {
  // Quarterly 300 → 100 a month; lot in Square Feet as it is; Active.
  expect(await listing(serial, id(p, 1))).toMatchObject({
    status: 'Active',
    sale_type: 'for_sale',
    sale_price: 205_000,
    hoa_month: 100,
    lot_area: 6000,
    building_area: 930,
    area_unit: 'Square Feet',
    bedrooms: 2,
    bathrooms: 2,
    property_type: 'Condominium',
    city: 'Dallas',
    state: 'TX',
    address: '101 Oak St',
    url: `https://homes.example.com/listing/${id(p, 1)}`,
  });
  // Annually 300 → 25 a month; a pool stated yes; photos in their Order.
  const two = await listing(serial, id(p, 2));
  expect(two).toMatchObject({ hoa_month: 25, features: '|pool|' });
  expect(JSON.parse(two?.images ?? '[]')).toEqual([
    `https://img.example.com/${id(p, 2)}/1.jpg`,
    `https://img.example.com/${id(p, 2)}/2.jpg`,
  ]);
  // Coming Soon → PreOnMarket; 0.25 acres → 10,890 square feet; Monthly 300 stays 300.
  expect(await listing(serial, id(p, 3))).toMatchObject({ status: 'PreOnMarket', lot_area: 10_890, hoa_month: 300 });
  // Closed → Sold at its ClosePrice; no association fee.
  expect(await listing(serial, id(p, 4))).toMatchObject({ status: 'Sold', sale_price: 210_000, hoa_month: null });
  // A lease is for rent at its ListPrice.
  expect(await listing(serial, id(p, 9))).toMatchObject({ sale_type: 'for_rent', rent_price: 1950, sale_price: null });
  // Pending, Active Under Contract and Withdrawn are not written.
  for (const i of [5, 6, 7]) expect(await listing(serial, id(p, i))).toBeUndefined();
}

const skippedReasons = {
  'status "Pending" is not marketable': 125,
  'status "Active Under Contract" is not marketable': 125,
  'status "Withdrawn" is not marketable': 125,
};

describe('RESO feeds', () => {
  it('a RESO-named CSV of 1,000 listings: prices, statuses, fees and areas, skips counted by reason', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const r = await run(file('feed.csv', resoCsv(records(p))), '--chatbot', serial);
    expect(r.code).toBe(0);
    expect(r.summary).toMatchObject({
      rows: 1000,
      created: 625,
      updated: 0,
      skipped: 375,
      rejected: 0,
      skippedReasons,
    });
    expect(r.summary?.files).toEqual([
      {
        file: expect.stringMatching(/feed\.csv$/),
        format: 'RESO Data Dictionary names',
        rows: 1000,
        ignoredColumns: ['ListAgentFullName', 'ModificationTimestamp'],
      },
    ]);
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(625);
    await expectMapped(serial, p);
  });

  it('a RESO Web API export in two pages (the nextLink page as a second file) is taken as it is', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const all = records(p);
    const context = { '@odata.context': 'https://api.example.com/$metadata#Property' };
    const page1 = file(
      'p1.json',
      JSON.stringify({
        ...context,
        value: all.slice(0, 500).map((r) => ({ '@odata.id': 'x', ...r })),
        '@odata.nextLink': 'https://api.example.com/Property?$skip=500',
      }),
    );
    const page2 = file('p2.json', JSON.stringify({ ...context, value: all.slice(500) }));
    const r = await run(page1, page2, '--chatbot', serial);
    expect(r.code).toBe(0);
    expect(r.summary).toMatchObject({ rows: 1000, created: 625, skipped: 375, rejected: 0, skippedReasons });
    expect(r.summary?.files.map((f) => [f.format, f.rows])).toEqual([
      ['RESO Data Dictionary names', 500],
      ['RESO Data Dictionary names', 500],
    ]);
    await expectMapped(serial, p);

    // The nightly re-run: nothing changed, nothing written.
    const again = await run(page1, page2, '--chatbot', serial);
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 625, removed: 0 });
  });

  it('a feed without ListingURL names the fix; --url-template gives each listing its page', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const rows = records(p)
      .slice(0, 3)
      .map(({ ListingURL: _, ...r }) => r);
    const path = file('nourl.json', JSON.stringify({ value: rows }));
    const text = await cliRunner(t.db, t.config)('listings', 'import', path, '--chatbot', serial);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('row 1: ListingURL (Url): is required');
    expect(text.stdout).toContain('--url-template');
    const r = await run(path, '--chatbot', serial, '--url-template', 'https://realty.example.com/l/{MLSNumber}');
    expect(r.summary).toMatchObject({ created: 3 });
    expect((await listing(serial, id(p, 0)))?.url).toBe(`https://realty.example.com/l/${id(p, 0)}`);
  });
});

describe('every error of every row, in one run', () => {
  it("aliases in Parlor's names, every problem of a row, unknown columns listed once, Pending skipped", async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const head =
      'MLS#,Type,Status,SaleType,Price,Beds,Baths,SqFt,Url,YearBuilt,DaysOnMarket,Lot,Parking,Currency,City,Agent Notes';
    const csv = [
      head,
      `${p}1,Single Family,Active,for_sale,450000,3,2,1800,https://h.example.com/${p}1,2001,3,5000,2,$,Austin,call Pat`,
      `${p}2,Condo,Active,For Rent,2100,2,1,900,https://h.example.com/${p}2,1999,8,0,1,$,Austin,`,
      `${p}3,Condo,Pending,for_sale,300000,2,1,900,https://h.example.com/${p}3,1999,8,0,1,$,Austin,`,
      `${p}4,Condo,Gone,for_sale,cheap,three,,900,not-a-url,1999,8,0,1,$,Austin,`,
      `${p}5,Condo,Active,to_let,300000,2,1,900,https://h.example.com/${p}5,year,8,0,1,$,Austin,`,
    ].join('\n');
    const r = await run(file('mixed.csv', csv), '--chatbot', serial);
    expect(r.code).toBe(0);
    expect(r.summary).toMatchObject({ rows: 5, created: 2, skipped: 1, rejected: 2 });
    expect(r.summary?.files[0]).toMatchObject({ format: "Parlor's field names", ignoredColumns: ['Agent Notes'] });
    expect(r.summary?.skippedReasons).toEqual({ 'status "Pending" is not marketable': 1 });
    const [four, five] = r.summary?.rejections ?? [];
    expect(four).toMatchObject({ row: 4 });
    expect(four?.errors).toEqual(
      expect.arrayContaining([
        'Bathrooms: is required',
        'Status: must be one of: Active, PreOnMarket, Sold',
        'Beds (Bedrooms): must be a number',
        'Url: must be an http(s) URL',
        expect.stringMatching(/^Price \(SalePrice\): must be a number/),
      ]),
    );
    expect(four?.errors).toHaveLength(5);
    expect(five).toMatchObject({ row: 5 });
    expect(five?.errors).toEqual(
      expect.arrayContaining(['SaleType: must be one of: for_sale, for_rent', 'YearBuilt: must be an integer']),
    );
    expect(await listing(serial, `${p}1`)).toMatchObject({ sale_price: 450_000, bedrooms: 3, building_area: 1800 });
    expect(await listing(serial, `${p}2`)).toMatchObject({ sale_type: 'for_rent', rent_price: 2100, sale_price: null });
  });

  it('a file where every row is bad exits 1 and writes nothing', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const rows = [
      { ...makeListing(0, tag()), Bedrooms: 'x' },
      { ...makeListing(1, tag()), Url: 'nope' },
    ];
    const r = await run(file('bad.json', JSON.stringify(rows)), '--chatbot', serial);
    expect(r.code).toBe(1);
    expect(r.summary).toMatchObject({ created: 0, rejected: 2, failure: 'no row was imported' });
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(0);
    const text = await cliRunner(t.db, t.config)(
      'listings',
      'import',
      file('bad.json', JSON.stringify(rows)),
      '--chatbot',
      serial,
    );
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Failed: no row was imported');
  });

  it('--strict: one rejected row fails the run and nothing is written', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const rows = [makeListing(0, p), { ...makeListing(1, p), Bedrooms: -1 }];
    const r = await run(file('s.json', JSON.stringify(rows)), '--chatbot', serial, '--strict');
    expect(r.code).toBe(1);
    expect(r.summary).toMatchObject({ created: 0, rejected: 1 });
    expect(r.summary?.failure).toMatch(/^--strict/);
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(0);
    const ok = await run(file('s.json', JSON.stringify(rows.slice(0, 1))), '--chatbot', serial, '--strict');
    expect(ok).toMatchObject({ code: 0, summary: { created: 1 } });
  });
});

describe('sync', () => {
  it('--prune removes exactly the listings the file no longer holds, and --dry-run writes nothing', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const other = await createChatbot(t.app, ws.auth);
    const p = tag();
    const ten = Array.from({ length: 10 }, (_, i) => makeListing(i, p));
    await run(file('all.json', JSON.stringify(ten)), '--chatbot', serial);
    await run(file('all.json', JSON.stringify(ten)), '--chatbot', other);
    const owner = await ownerOf(serial);

    // Tonight's feed: 0–2 gone, 3 changed, 4–9 as they were, 10 new.
    const tonight = [...ten.slice(3), makeListing(10, p)];
    tonight[0] = { ...tonight[0], SalePrice: 999_000, SaleType: 'for_sale' };
    const path = file('tonight.json', JSON.stringify(tonight));
    const before = (await mlsNumbersOf(t.db.kysely, owner)).sort();
    const dry = await run(path, '--chatbot', serial, '--prune', '--dry-run');
    expect(dry).toMatchObject({
      code: 0,
      summary: { dryRun: true, created: 1, updated: 1, unchanged: 6, removed: 3, rejected: 0 },
    });
    expect((await mlsNumbersOf(t.db.kysely, owner)).sort()).toEqual(before);
    expect((await listing(serial, `${p}0000003`))?.sale_price).not.toBe(999_000);

    const real = await run(path, '--chatbot', serial, '--prune');
    expect(real.summary).toMatchObject({ dryRun: false, created: 1, updated: 1, unchanged: 6, removed: 3 });
    expect((await mlsNumbersOf(t.db.kysely, owner)).sort()).toEqual(tonight.map((l) => l.MLSNumber).sort());
    expect((await listing(serial, `${p}0000003`))?.sale_price).toBe(999_000);
    // The other chatbot's copies are untouched.
    expect(await countListings(t.db.kysely, await ownerOf(other), {})).toBe(10);
  });

  it('a rejected row keeps its listing; an all-bad feed prunes nothing', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = tag();
    const three = [0, 1, 2].map((i) => makeListing(i, p));
    await run(file('three.json', JSON.stringify(three)), '--chatbot', serial);
    const owner = await ownerOf(serial);
    const feed = [three[0], { ...three[1], Bedrooms: 'many' }];
    const r = await run(file('feed.json', JSON.stringify(feed)), '--chatbot', serial, '--prune');
    expect(r.summary).toMatchObject({ unchanged: 1, rejected: 1, removed: 1 });
    expect((await mlsNumbersOf(t.db.kysely, owner)).sort()).toEqual([three[0]?.MLSNumber, three[1]?.MLSNumber].sort());

    const allBad = await run(file('bad.json', JSON.stringify([{ Bedrooms: 'x' }])), '--chatbot', serial, '--prune');
    expect(allBad).toMatchObject({ code: 1, summary: { removed: 0 } });
    expect(await countListings(t.db.kysely, owner, {})).toBe(2);
  });

  it("a file of another chatbot's listings cannot touch this chatbot's rows", async () => {
    const mine = await createChatbot(t.app, ws.auth);
    const theirs = await createChatbot(t.app, ws.auth);
    const p = tag();
    await run(file('mine.json', JSON.stringify([makeListing(0, p), makeListing(1, p)])), '--chatbot', mine);
    const export_ = [makeListing(0, p), makeListing(5, p)].map((l) => ({ ...l, SerialNumber: theirs, SalePrice: 1 }));
    const r = await run(file('theirs.json', JSON.stringify(export_)), '--chatbot', mine, '--prune');
    expect(r).toMatchObject({ code: 1, summary: { created: 0, updated: 0, removed: 0, rejected: 2 } });
    expect(r.summary?.rejections[0]?.errors[0]).toBe(
      `SerialNumber: "${theirs}" is another chatbot; this import is into ${mine}`,
    );
    expect(await countListings(t.db.kysely, await ownerOf(mine), {})).toBe(2);
    expect((await listing(mine, `${p}0000000`))?.sale_price).not.toBe(1);
  });
});

describe('broken files: a clear message naming where, and nothing written', () => {
  it('an empty file, a broken CSV quote, JSON that is neither an array nor {value}', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const good = file('good.json', JSON.stringify([makeListing(0, tag())]));
    const cli = cliRunner(t.db, t.config);
    const cases: [string, string, RegExp][] = [
      ['empty.csv', '', /empty\.csv: the file is empty/],
      ['header.csv', 'MLSNumber,Status\n', /header\.csv: holds no listings/],
      ['quote2.csv', 'MLSNumber,City\nA1,Aus"tin\n', /quote2\.csv: not valid CSV \(.*line 2/],
      ['quote.csv', 'MLSNumber,City\nA1,"Austin\nA2,Dallas\n', /quote\.csv: not valid CSV \(.*line \d+/],
      ['obj.json', '{"items": []}', /obj\.json: must hold a JSON array of listings or a RESO Web API export/],
      ['num.json', '42', /num\.json: .*not a number/],
      ['trunc.json', '[{"MLSNumber": "A1",', /trunc\.json: not valid JSON \(.*position/],
    ];
    for (const [name, content, message] of cases) {
      // The good file first: a broken file anywhere stops the run before any write.
      const r = await cli('listings', 'import', good, file(name, content), '--chatbot', serial);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
    }
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(0);
  });
});
