// RealEstateCreate input rules (docs/api.md "API overview"; listings/README.md): every 400 names the field first.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createChatbot,
  createListing,
  expectFailure,
  LISTINGS,
  listingBody,
  listListings,
  REQUIRED_LISTING_FIELDS,
} from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';

let t: TestApp;
let ws: TestWorkspace;
let sn: string;

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  sn = await createChatbot(t.app, ws.auth);
});
afterAll(async () => {
  await t.close();
});

const create = (body: unknown) => post(t.app, LISTINGS.create, body, ws.auth);

async function recordOf(mls: string) {
  const page = await listListings(t.app, ws.auth, { SerialNumber: sn, MLSNumber: mls });
  expect(page.VirtualCount).toBe(1);
  return page.List[0];
}

describe('RealEstateCreate validation', () => {
  test.each(REQUIRED_LISTING_FIELDS)('%s missing → 400 "%s: is required"', async (field) => {
    const body: Record<string, unknown> = listingBody(sn);
    delete body[field];
    const res = await create(body);
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(`${field}: is required`);
  });

  test.each([
    ['SaleType', 'auction'],
    ['Status', 'Pending'],
    ['AreaUnit', 'Acres'],
    ['Tours', 'Video'],
    ['SpaceType', 'Garage'],
  ])('%s = %j is not one of the allowed values → 400', async (field, value) => {
    const res = await create(listingBody(sn, { [field]: value }));
    expectFailure(res, 400, field);
    expect(res.body.Message).toMatch(/must be one of: /);
  });

  test.each([
    ['Bedrooms', 'three', 'must be a number'],
    ['Bathrooms', true, 'must be a number'],
    ['YearBuilt', 1998.5, 'must be an integer'],
    ['LotArea', [5000], 'must be a number'],
    ['MLSNumber', 12345, 'must be a string'],
    ['PropertyType', { name: 'House' }, 'must be a string'],
    ['Images', { url: 'x' }, 'must be an array or null'],
    ['Images', 'https://img.example.com/1.jpg', 'must be an array or null'],
    ['Images[0]', [1], 'must be a string'],
    ['ExtensionColumn', 'Pool: Yes', 'must be an array or null'],
    ['ExtensionColumn[0].value', [{ Key: 'Pool', value: 1 }], 'must be a string'],
    ['ExtensionColumn[0].Key', [{ value: 'Yes' }], 'is required'],
    ['Latitude', 'north', 'must be a number or null'],
    ['Latitude', 91, 'must be <= 90'],
    ['Longitude', -181, 'must be >= -180'],
    ['SalePrice', -1, 'must be >= 0'],
    ['Url', 'ftp://homes.example.com/1', 'must be an http(s) URL'],
    ['Description', 'x'.repeat(20_001), 'must be at most 20000 characters'],
    ['MLSNumber', '   ', 'must not be blank or contain NUL characters'],
    ['Description', 'a\u0000b', 'must not contain NUL characters'],
    ['SerialNumber', '', 'must not be empty'],
  ])('%s = %j → 400 "%s"', async (field, value, rule) => {
    const top = field.replace(/[[.].*$/, '');
    const res = await create(listingBody(sn, { [top]: value }));
    expectFailure(res, 400, field);
    expect(res.body.Message).toBe(`${field}: ${rule}`);
  });

  test('Images over 100 items → 400', async () => {
    const res = await create(listingBody(sn, { Images: Array.from({ length: 101 }, (_, i) => `https://i/${i}`) }));
    expectFailure(res, 400, 'Images');
  });

  test.each([
    ['null', 'body: must be a JSON object'],
    ['[1, 2]', 'body: must be a JSON object'],
    ['"text"', 'body: must be a JSON object'],
    ['42', 'body: must be a JSON object'],
    ['{"SerialNumber": ', 'body: must be valid JSON'],
  ])('body %s → 400', async (raw, message) => {
    const res = await create(raw);
    expectFailure(res, 400, 'body');
    expect(res.body.Message).toBe(message);
  });

  test('numeric strings are accepted for number fields', async () => {
    const body = listingBody(sn, { Bedrooms: '3', Bathrooms: '2.5', YearBuilt: '2001', SalePrice: ' 450000 ' });
    await createListing(t.app, ws.auth, body);
    expect(await recordOf(body.MLSNumber)).toMatchObject({
      Bedrooms: '3',
      Bathrooms: '2.5',
      YearBuilt: '2001',
      SalePrice: '450000',
      Price: '450000',
    });
  });

  test('field names and enum values match case-insensitively; enums are stored canonical', async () => {
    const body = listingBody(sn, {
      SaleType: 'FOR_RENT',
      Status: 'preonmarket',
      AreaUnit: 'square METERS',
      Tours: 'openhouse',
      SpaceType: 'ROOM',
      RentPrice: 1800,
    });
    const shouted = Object.fromEntries(
      Object.entries(body).map(([k, v], i) => [i % 2 ? k.toLowerCase() : k.toUpperCase(), v]),
    );
    await createListing(t.app, ws.auth, shouted);
    expect(await recordOf(body.MLSNumber)).toMatchObject({
      SaleType: 'For Rent',
      Status: 'PreOnMarket',
      AreaUnit: 'Square Meters',
      Tours: 'OpenHouse',
      SpaceType: 'Room',
      Price: '1800',
    });
  });

  test('nested field names match case-insensitively too (ExtensionColumn items)', async () => {
    const body = listingBody(sn, { ExtensionColumn: [{ KEY: 'Garage', VALUE: 'Yes' }] });
    await createListing(t.app, ws.auth, body);
    expect((await recordOf(body.MLSNumber)).ExtensionColumn).toBe('[{"Key":"Garage","value":"Yes"}]');
  });

  test('`Tour` is accepted for `Tours`', async () => {
    const body = listingBody(sn, { tour: '3d' });
    await createListing(t.app, ws.auth, body);
    expect((await recordOf(body.MLSNumber)).Tours).toBe('3D');
  });

  test('unknown fields are ignored', async () => {
    const body = listingBody(sn, { Garage: 'yes', ID: 99999 });
    const id = await createListing(t.app, ws.auth, body);
    const record = await recordOf(body.MLSNumber);
    expect(record.ID).toBe(id);
    expect(record).not.toHaveProperty('Garage');
  });
});
