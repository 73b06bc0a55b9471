// `listings import`: JSON and CSV rows validated exactly like RealEstateCreate, upserted by
// MLSNumber, good rows kept when others are rejected, each rejection with its row and reason.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListing } from '../../bench/make-listings.ts';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { countListings, findListingByKey } from '../listings/repo.ts';
import type { ImportSummary } from './listings-import.ts';
import { cliRunner, fileWriter, ownerOfSerial } from './test-io.ts';

let t: TestApp;
let ws: TestWorkspace;
const file = fileWriter('parlor-import-test-');

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A unique MLS prefix per test: the listings of a chatbot are the test's own anyway. */
const prefix = () => `C${randomBytes(3).toString('hex').toUpperCase()}`;

const ownerOf = (serial: string) => ownerOfSerial(t.db, serial);

async function importFile(path: string, serial: string, opts: { tty?: boolean } = {}) {
  const r = await cliRunner(t.db, t.config, opts)('listings', 'import', path, '--chatbot', serial, '--json');
  expect(r.code, r.stderr).toBe(0);
  return r.json<ImportSummary>();
}

describe('JSON import', () => {
  it('creates good rows and rejects bad ones with the API 400 message', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = prefix();
    const rows: unknown[] = [0, 1, 2, 3, 4].map((i) => makeListing(i, p));
    rows.splice(2, 0, { ...makeListing(10, p), Bedrooms: 'three' });
    rows.push('not a listing');
    rows.push({ ...makeListing(11, p), saletype: 'FOR_RENT', bedrooms: '4', RentPrice: '2100' });
    const summary = await importFile(file('a.json', JSON.stringify(rows)), serial);
    expect(summary).toMatchObject({ chatbot: serial, rows: 8, created: 6, updated: 0, rejected: 2 });
    expect(summary.rejections).toEqual([
      { file: expect.any(String), row: 3, errors: ['Bedrooms: must be a number'] },
      { file: expect.any(String), row: 7, errors: ['body: must be a JSON object'] },
    ]);
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(6);
    // Normalised like the API: case-insensitive names, numeric strings, enum case.
    const rent = await findListingByKey(t.db.kysely, await ownerOf(serial), 'MLSNumber', `${p}0000011`, false);
    expect(rent).toMatchObject({ sale_type: 'for_rent', bedrooms: 4, rent_price: 2100 });

    // The same body through the API gets the same message.
    const api = await post(
      t.app,
      '/chat/Chatbot/RealEstateCreate',
      { ...(rows[2] as object), SerialNumber: serial },
      ws.auth,
    );
    expect(api.body.Message).toBe('Bedrooms: must be a number');
  });

  it('upserts by MLSNumber: existing ones update, new ones insert, repeats in a file update', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = prefix();
    await importFile(file('first.json', JSON.stringify([0, 1, 2].map((i) => makeListing(i, p)))), serial);
    const second = [
      { ...makeListing(1, p), SalePrice: 123456, SaleType: 'for_sale' },
      makeListing(3, p),
      { ...makeListing(3, p), Description: 'Repeated in the same file.' },
    ];
    const summary = await importFile(file('second.json', JSON.stringify(second)), serial);
    expect(summary).toMatchObject({ rows: 3, created: 1, updated: 2, rejected: 0 });
    const owner = await ownerOf(serial);
    expect(await countListings(t.db.kysely, owner, {})).toBe(4);
    const one = await findListingByKey(t.db.kysely, owner, 'MLSNumber', `${p}0000001`, false);
    expect(one?.sale_price).toBe(123456);
    const three = await findListingByKey(t.db.kysely, owner, 'MLSNumber', `${p}0000003`, false);
    expect(three?.description).toBe('Repeated in the same file.');
  });

  it('a Url held by another listing rejects that row (409 wording) and keeps the rest of the batch', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = prefix();
    await importFile(file('first.json', JSON.stringify([makeListing(0, p), makeListing(1, p)])), serial);
    const owner = await ownerOf(serial);
    const holder = await findListingByKey(t.db.kysely, owner, 'MLSNumber', `${p}0000000`, false);
    const url = holder?.url ?? '';
    const rows = [
      makeListing(5, p),
      { ...makeListing(6, p), Url: url }, // new listing, taken Url
      { ...makeListing(1, p), Url: url }, // update to a taken Url
      makeListing(7, p),
    ];
    const summary = await importFile(file('dup.json', JSON.stringify(rows)), serial);
    expect(summary).toMatchObject({ created: 2, updated: 0, rejected: 2 });
    expect(summary.rejections).toEqual([
      { file: expect.any(String), row: 2, errors: [`Url: "${url}" already belongs to listing ${holder?.id}`] },
      { file: expect.any(String), row: 3, errors: [`Url: "${url}" already belongs to listing ${holder?.id}`] },
    ]);
    expect(await countListings(t.db.kysely, owner, {})).toBe(4);

    // A batch of new listings only (written in one statement when it can be) is no different.
    const fresh = [makeListing(8, p), { ...makeListing(9, p), Url: url }, makeListing(10, p)];
    const second = await importFile(file('fresh.json', JSON.stringify(fresh)), serial);
    expect(second).toMatchObject({ created: 2, updated: 0, rejected: 1 });
    expect(second.rejections).toEqual([
      { file: expect.any(String), row: 2, errors: [`Url: "${url}" already belongs to listing ${holder?.id}`] },
    ]);
    expect(await countListings(t.db.kysely, owner, {})).toBe(6);

    // Past the first multi-row statement: the rows before the taken Url stand, the rest follow.
    const many = Array.from({ length: 650 }, (_, i) => makeListing(100 + i, p));
    many[549] = { ...many[549], Url: url };
    const third = await importFile(file('many.json', JSON.stringify(many)), serial);
    expect(third).toMatchObject({ rows: 650, created: 649, updated: 0, rejected: 1 });
    expect(third.rejections).toEqual([
      { file: expect.any(String), row: 550, errors: [`Url: "${url}" already belongs to listing ${holder?.id}`] },
    ]);
    expect(await countListings(t.db.kysely, owner, {})).toBe(655);
  });

  it('prints a human summary naming each rejected row', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const rows = [makeListing(0, prefix()), { ...makeListing(1, prefix()), Status: 'Gone' }];
    const r = await cliRunner(t.db, t.config)(
      'listings',
      'import',
      file('h.json', JSON.stringify(rows)),
      '--chatbot',
      serial,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^Read 2 rows for chatbot ${serial} in [\\d.]+ s: imported 1 \\(created 1, updated 0, unchanged 0\\), skipped 0, rejected 1; listings removed 0\\n {2}[0-9a-f]{8}-h\\.json: 2 rows in Parlor's field names\\n {2}row 2: Status: must be one of: Active, PreOnMarket, Sold\\n$`,
      ),
    );
    expect(r.stderr).toBe('');
  });

  it('says what was read apart from what was imported: one rejected row reads as a failure', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const bad = file('one.json', JSON.stringify([{ ...makeListing(0, prefix()), Status: 'Gone' }]));
    const r = await cliRunner(t.db, t.config)('listings', 'import', bad, '--chatbot', serial);
    expect(r.code).toBe(1);
    const [first, ...rest] = r.stdout.trimEnd().split('\n');
    expect(first).toMatch(
      /^Read 1 row for chatbot \S+ in [\d.]+ s: imported 0 \(created 0, updated 0, unchanged 0\), skipped 0, rejected 1; listings removed 0$/,
    );
    expect(rest.at(-1)).toBe('Failed: no row was imported');
    const good = file('two.json', JSON.stringify([makeListing(0, prefix()), makeListing(1, prefix())]));
    const dry = await cliRunner(t.db, t.config)('listings', 'import', good, '--chatbot', serial, '--dry-run');
    expect(dry.stdout).toMatch(
      /^Checked 2 rows for chatbot \S+ \(dry run, nothing written\) in [\d.]+ s: would be imported 2 \(created 2, updated 0, unchanged 0\), skipped 0, rejected 0; listings would be removed 0\n/,
    );
  });
});

describe('CSV import', () => {
  it('reads API field names in any case, | lists, Key=value features and empty cells as unset', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = prefix();
    const csv = [
      'mlsnumber,SALETYPE,status,CurrencySymbol,PropertyType,Bedrooms,Bathrooms,Url,YearBuilt,DaysOnMarket,LotArea,BuildingArea,AreaUnit,ParkingSpots,City,SalePrice,RentPrice,Images,ExtensionColumn,Description',
      `${p}1,for_sale,active,$,Condo,2,1.5,https://h.example.com/${p}1,2001,3,0,900,square feet,1,Austin,250000,,https://i.example.com/1.jpg|https://i.example.com/2.jpg,Pool=Yes|Garage=No,"Nice, bright condo"`,
      `${p}2,for_rent,Active,$,Apartment,three,1,https://h.example.com/${p}2,1990,3,0,700,Square Feet,0,Dallas,,1500,,,`,
      `${p}3,for_rent,Active,$,Apartment,1,1,https://h.example.com/${p}3,1990,3,0,700,Square Feet,0,Dallas,,1400,"[""https://i.example.com/3.jpg""]","[{""Key"":""Gym"",""value"":""Yes""}]",`,
      `${p}4,to_let,Active,$,Apartment,1,1,https://h.example.com/${p}4,1990,3,0,700,Square Feet,0,Dallas,,1400,,,`,
    ].join('\n');
    const summary = await importFile(file('l.csv', csv), serial);
    expect(summary).toMatchObject({ rows: 4, created: 2, updated: 0, rejected: 2 });
    expect(summary.rejections).toEqual([
      { file: expect.any(String), row: 2, errors: ['Bedrooms: must be a number'] },
      { file: expect.any(String), row: 4, errors: ['SaleType: must be one of: for_sale, for_rent'] },
    ]);
    const owner = await ownerOf(serial);
    const one = await findListingByKey(t.db.kysely, owner, 'MLSNumber', `${p}1`, false);
    expect(one).toMatchObject({
      status: 'Active',
      area_unit: 'Square Feet',
      bathrooms: 1.5,
      rent_price: null,
      description: 'Nice, bright condo',
      images: JSON.stringify(['https://i.example.com/1.jpg', 'https://i.example.com/2.jpg']),
      extension_column: JSON.stringify([
        { Key: 'Pool', value: 'Yes' },
        { Key: 'Garage', value: 'No' },
      ]),
    });
    const three = await findListingByKey(t.db.kysely, owner, 'MLSNumber', `${p}3`, false);
    expect(three).toMatchObject({
      images: JSON.stringify(['https://i.example.com/3.jpg']),
      extension_column: JSON.stringify([{ Key: 'Gym', value: 'Yes' }]),
      description: null,
    });
  });
});

describe('column names that are Object.prototype members', () => {
  // A column named `constructor` was looked up in the alias table as a plain object's key
  // (Object's constructor function) and aborted the run with a TypeError.
  it.each([
    ['CSV', 'c.csv'],
    ['JSON', 'c.json'],
  ])('%s: constructor, toString and __proto__ columns are ignored like any unknown column', async (_, name) => {
    const serial = await createChatbot(t.app, ws.auth);
    const p = prefix();
    const rows = [makeListing(0, p), makeListing(1, p)].map((l) => ({
      ...l,
      constructor: 'x',
      toString: 'y',
      hasOwnProperty: 'z',
    }));
    const text = name.endsWith('.json')
      ? JSON.stringify(
          rows.map((r) => JSON.parse(JSON.stringify(r).replace('"constructor"', '"__proto__":"w","constructor"'))),
        )
      : [
          [...Object.keys(rows[0] ?? {}), '__proto__'].join(','),
          ...rows.map((r) =>
            [
              ...Object.values(r).map((v) =>
                JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v)).replace(/\\"/g, '""'),
              ),
              'w',
            ].join(','),
          ),
        ].join('\n');
    const summary = await importFile(file(name, text), serial);
    expect(summary).toMatchObject({ rows: 2, created: 2, rejected: 0 });
    expect(await countListings(t.db.kysely, await ownerOf(serial), {})).toBe(2);
  });
});

describe('progress and failures', () => {
  it('draws a progress bar on a terminal, never with --json or when piped', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const path = file('p.json', JSON.stringify([makeListing(0, prefix())]));
    const tty = await cliRunner(t.db, t.config, { tty: true })('listings', 'import', path, '--chatbot', serial);
    expect(tty.stderr).toContain('\r[##############################] 100% 1/1 rows');
    const json = await cliRunner(t.db, t.config, { tty: true })(
      'listings',
      'import',
      path,
      '--chatbot',
      serial,
      '--json',
    );
    expect(json.stderr).toBe('');
    const piped = await cliRunner(t.db, t.config)('listings', 'import', path, '--chatbot', serial);
    expect(piped.stderr).toBe('');
  });

  it('an unknown chatbot, a missing file or a non-array exits 1; a bad extension exits 2', async () => {
    const serial = await createChatbot(t.app, ws.auth);
    const cli = cliRunner(t.db, t.config);
    const good = file('g.json', '[]');
    expect(await cli('listings', 'import', good, '--chatbot', 'nope')).toMatchObject({
      code: 1,
      stderr: 'parlor: chatbot "nope" not found\n',
    });
    expect((await cli('listings', 'import', join(dirname(good), 'missing.json'), '--chatbot', serial)).code).toBe(1);
    const obj = await cli('listings', 'import', file('o.json', '{"a":1}'), '--chatbot', serial);
    expect(obj.code).toBe(1);
    expect(obj.stderr).toContain('must hold a JSON array of listings');
    expect((await cli('listings', 'import', file('x.txt', ''), '--chatbot', serial)).code).toBe(2);
    expect((await cli('listings', 'import', good)).code).toBe(2);
  });
});
