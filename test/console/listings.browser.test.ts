// The listings page in Chromium, on a desktop and on a 390×844 phone: a listing added by the
// form and one updated by re-importing a CSV both show in RealEstateList; the import checks
// first and lists every problem of every row; a file of 50 MB or more, or one that is not CSV,
// is refused before any of it is sent; an import in progress can be cancelled; edit through the
// form; delete of the selected listings and of all that match the filters, each confirmed.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let serial = '';
let auth: Record<string, string> = {};
let owner = { email: '', password: '' };
const dir = mkdtempSync(join(tmpdir(), 'parlor-listings-'));

beforeAll(async () => {
  t = await buildTestApp();
  const { keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@listings.example`);
  serial = keys.serialNumber;
  auth = { authorization: keys.apiKey };
  owner = { email: keys.ownerEmail, password: keys.ownerPassword };
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SIZES: [string, { width: number; height: number }][] = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

async function signedIn(size: { width: number; height: number }): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(size);
  await signInOwner(page, base, owner.email, owner.password);
  await page.goto(`${base}/console#/listings`);
  await page.getByText(/listings match/).waitFor();
  return page;
}

async function listed(mls: string) {
  const data = await call<{ List: Record<string, unknown>[] }>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: serial, MLSNumber: mls },
    auth,
  );
  return data.List[0];
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

const HEAD = 'MLS#,Type,Status,SaleType,Price,Beds,Baths,SqFt,Url,YearBuilt,DaysOnMarket,Lot,Parking,Currency,City';
const row = (mls: string, price: string, beds = '2', city = 'Austin') =>
  `${mls},Condo,Active,for_sale,${price},${beds},1,900,https://homes.example.com/${mls.toLowerCase()},2001,3,0,1,$,${city}`;

describe.each(SIZES)('on a %s', (size, viewport) => {
  const mls = `FORM${size.toUpperCase()}${process.pid}`;

  it('a listing added by the form shows in RealEstateList, with its photo and features; then edited', async () => {
    const page = await signedIn(viewport);
    await page.getByRole('button', { name: 'Add a listing' }).click();
    const form = page.locator('form.listing-form');
    await form.getByRole('heading', { name: 'Add a listing' }).waitFor();
    // Required fields left empty are each named at once, nothing sent.
    await form.getByRole('button', { name: 'Save listing' }).click();
    await expect.poll(() => form.locator('#lf-MLSNumber-error').textContent()).toBe('Required');
    expect(await form.locator('#lf-Url-error').textContent()).toBe('Required');
    expect(await form.locator('#lf-Bedrooms-error').textContent()).toBe('Required');
    expect(await form.locator('#lf-MLSNumber').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('MLS number').fill(mls);
    await form.getByLabel('Listing page (URL)').fill(`https://homes.example.com/${mls.toLowerCase()}`);
    await form.getByLabel('Property type').fill('Townhouse');
    await form.getByLabel('Sale price').fill('489000');
    await expect
      .poll(() => form.getByText(/^Shown to visitors as/).textContent())
      .toBe('Shown to visitors as $489,000');
    await form.getByLabel('Area unit').selectOption('Square Meters');
    expect(await form.locator('label[for=lf-BuildingArea]').textContent()).toContain('(m²)');
    await form.getByLabel('Bedrooms').fill('3');
    await form.getByLabel('Bathrooms').fill('2.5');
    await form.getByLabel('Living area').fill('160');
    await form.getByLabel('Year built').fill('2015');
    await form.getByLabel('Street address').fill('9 Rosewood Ct');
    await form.getByLabel('City', { exact: true }).fill('Austin');
    await form.getByLabel('Description').fill('Corner townhouse near the park.');
    // A photo by URL, shown as a thumbnail; a bad address is refused at the field.
    await form.getByLabel('Photo address (URL)').fill('not a url');
    await form.getByRole('button', { name: 'Add photo' }).click();
    await expect.poll(() => form.locator('#lf-photo-error').textContent()).toMatch(/https:\/\//);
    await form.getByLabel('Photo address (URL)').fill(`${base}/favicon.ico`);
    await form.getByRole('button', { name: 'Add photo' }).click();
    await form.getByRole('img', { name: 'Photo 1' }).waitFor();
    await form.getByRole('button', { name: 'Add feature' }).click();
    await form.getByLabel('Feature', { exact: true }).fill('Pool');
    await form.getByLabel('Value', { exact: true }).fill('Yes');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `console-listing-form-${size}.png`);
    await form.getByRole('button', { name: 'Save listing' }).click();
    await form.getByText('Added').waitFor();

    await expect.poll(async () => (await listed(mls))?.City).toBe('Austin');
    const record = await listed(mls);
    expect(record).toMatchObject({
      PropertyType: 'Townhouse',
      SalePrice: '489000',
      Bedrooms: '3',
      Bathrooms: '2.5',
      AreaUnit: 'Square Meters',
      BuildingArea: '160',
      YearBuilt: '2015',
      Address: '9 Rosewood Ct',
      Description: 'Corner townhouse near the park.',
    });
    expect(JSON.parse(String(record?.Images))).toEqual([`${base}/favicon.ico`]);
    expect(JSON.parse(String(record?.ExtensionColumn))).toEqual([{ Key: 'Pool', value: 'Yes' }]);

    // The table reads in plain words; Edit fills the form with the listing.
    await page.getByLabel('MLS number', { exact: true }).first().fill(mls);
    await page.getByRole('button', { name: 'Search' }).click();
    const line = page.locator('table.grid tbody tr', { hasText: mls });
    await expect.poll(() => line.locator('.price-words').textContent()).toBe('$489,000');
    await line.getByRole('button', { name: `Edit ${mls}` }).click();
    await form.getByRole('heading', { name: `Edit listing ${mls}` }).waitFor();
    expect(await form.getByLabel('Bathrooms').inputValue()).toBe('2.5');
    expect(await form.getByRole('img', { name: 'Photo 1' }).count()).toBe(1);
    await form.getByLabel('Sale price').fill('475000');
    await form.getByLabel('Status').selectOption('PreOnMarket');
    // A value out of range is named at its field, and nothing is saved until it is right.
    await form.getByLabel('Latitude').fill('91');
    await form.getByRole('button', { name: 'Save listing' }).click();
    await expect.poll(() => form.locator('#lf-Latitude-error').textContent()).toBe('Must be at most 90');
    await form.getByLabel('Latitude').fill('30.25');
    await form.getByRole('button', { name: 'Save listing' }).click();
    await form.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(async () => (await listed(mls))?.SalePrice).toBe('475000');
    expect(await listed(mls)).toMatchObject({ Status: 'PreOnMarket', LATITUDE: 30.25 });
    await expect.poll(() => line.locator('td').nth(7).textContent()).toBe('Coming soon');
    await page.close();
  });

  it('a listing updated by re-importing a CSV shows in RealEstateList; every problem of every row is listed', async () => {
    const page = await signedIn(viewport);
    const created = `IMP${size.toUpperCase()}${process.pid}`;
    const first = [HEAD, row(created, '310000')].join('\n');
    // The template is a download beside the file input.
    const template = page.getByRole('link', { name: 'Download the CSV template' });
    expect(await template.getAttribute('download')).toBe('listings-template.csv');
    const csv = await page.evaluate(
      async (href) => {
        const res = await fetch(href);
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      },
      String(await template.getAttribute('href')),
    );
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.text).toMatch(/^MLSNumber,Url,/);
    const input = page.getByLabel('Import CSV or JSON (under 50 MB)');
    await input.setInputFiles({ name: 'homes.csv', mimeType: 'text/csv', buffer: Buffer.from(first) });
    await page.getByText(/^Checked 1 rows .*1 would be new/).waitFor();
    expect(await listed(created)).toBeUndefined();
    await page.getByRole('button', { name: 'Import 1 listings' }).click();
    await page.getByText(/^Imported 1 rows: 1 new/).waitFor();
    expect(await listed(created)).toMatchObject({ SalePrice: '310000' });

    const second = [HEAD, row(created, '299000'), row(`BAD${created}`, 'cheap', 'three')].join('\n');
    await input.setInputFiles({ name: 'homes.csv', mimeType: 'text/csv', buffer: Buffer.from(second) });
    await page.getByText(/^Checked 2 rows .*1 would be updated.*1 with problems/).waitFor();
    const problem = page.locator('.import .report li');
    expect(await problem.count()).toBe(1);
    const text = await problem.textContent();
    expect(text).toMatch(/^Row 2: /);
    expect(text).toContain('Beds (Bedrooms): must be a number');
    expect(text).toContain('Price (SalePrice): must be a number');
    await page.getByRole('link', { name: 'Download every problem (CSV)' }).waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, `console-listings-import-${size}.png`);
    await page.getByRole('button', { name: 'Import 1 listings' }).click();
    await page.getByText(/^Imported 2 rows: 0 new, 1 updated/).waitFor();
    expect(await listed(created)).toMatchObject({ SalePrice: '299000' });
    await page.close();
  });
});

describe('refused or cancelled before it is done', () => {
  it('a non-CSV file and a 50 MB one are refused without sending a byte', async () => {
    const page = await signedIn({ width: 1280, height: 800 });
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/listings/import') && sent.push(r.url()));
    const input = page.getByLabel('Import CSV or JSON (under 50 MB)');
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) });
    await expect
      .poll(() => page.locator('.import .error').textContent())
      .toBe('photo.png is not a CSV or JSON file (its name must end in .csv or .json).');
    await input.setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from([0x50, 0x4b, 0, 4]) });
    await expect.poll(() => page.locator('.import .error').textContent()).toMatch(/^sheet\.csv is not a text file/);
    const big = join(dir, 'big.csv');
    writeFileSync(big, `${HEAD}\n`);
    truncateSync(big, 50 * 1024 * 1024);
    await input.setInputFiles(big);
    await expect
      .poll(() => page.locator('.import .error').textContent())
      .toBe('big.csv is 50.0 MB; files must be under 50 MB. Split it into smaller files.');
    expect(sent).toEqual([]);
    await page.close();
  });

  it('an import in progress is cancelled by its button', async () => {
    const page = await signedIn({ width: 1280, height: 800 });
    // The import itself (not the check) never answers: only Cancel ends it.
    await page.route(
      (url) => url.pathname.endsWith('/listings/import') && url.searchParams.get('dryRun') === 'false',
      () => {},
    );
    const mls = `CAN${process.pid}`;
    await page.getByLabel('Import CSV or JSON (under 50 MB)').setInputFiles({
      name: 'homes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([HEAD, row(mls, '1')].join('\n')),
    });
    await page.getByRole('button', { name: 'Import 1 listings' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await page.getByText('Import cancelled; the listings written before it stopped are kept.').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await page.close();
  });
});

describe('bulk delete', () => {
  it('deletes the selected listings, then all that match the filters, each confirmed', async () => {
    const p = `BULK${process.pid}`;
    const city = `Bulkville${process.pid}`;
    const csv = [HEAD, ...[1, 2, 3, 4, 5].map((i) => row(`${p}${i}`, String(200_000 + i), '2', city))].join('\n');
    const page = await signedIn({ width: 390, height: 844 });
    await page
      .getByLabel('Import CSV or JSON (under 50 MB)')
      .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import 5 listings' }).click();
    await page.getByText(/^Imported 5 rows/).waitFor();
    await page.getByLabel('City', { exact: true }).first().fill(city);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.locator('p.muted', { hasText: 'listings match' }).textContent())
      .toBe('5 listings match');

    const dialogs: string[] = [];
    let answer = false;
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    await page.getByLabel(`Select ${p}1`).check();
    await page.getByLabel(`Select ${p}2`).check();
    // Dismissed: nothing deleted.
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Delete 2 selected listings? This cannot be undone.');
    expect(await listed(`${p}1`)).toBeDefined();
    answer = true;
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await page.getByText('Deleted 2 listings.').waitFor();
    expect(await listed(`${p}1`)).toBeUndefined();
    expect(await listed(`${p}2`)).toBeUndefined();
    await expect
      .poll(() => page.locator('p.muted', { hasText: 'listings match' }).textContent())
      .toBe('3 listings match');

    await page.getByRole('button', { name: 'Delete all 3 matching' }).click();
    await page.getByText('Deleted 3 listings.').waitFor();
    expect(dialogs.at(-1)).toBe('Delete all 3 listings that match the filters? This cannot be undone.');
    for (const i of [3, 4, 5]) expect(await listed(`${p}${i}`)).toBeUndefined();
    // Listings outside the filter are kept.
    const rest = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: serial },
      auth,
    );
    expect(rest.VirtualCount).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    await page.close();
  });
});

describe('at phone width (390 px, under 480)', () => {
  it('shows each listing as a card: no header row, one cell under another, all within the screen', async () => {
    const page = await signedIn({ width: 390, height: 844 });
    const table = page.locator('table.grid');
    const first = table.locator('tbody tr').first();
    await first.waitFor();
    expect(await table.locator('thead').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    expect(await first.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    const cells = await first.locator('td').evaluateAll((tds) =>
      tds
        .filter((td) => td.getBoundingClientRect().height > 0)
        .map((td) => {
          const r = td.getBoundingClientRect();
          return { top: r.top, right: r.right, label: td.getAttribute('data-label') };
        }),
    );
    expect(cells.length).toBeGreaterThan(4);
    for (let i = 1; i < cells.length; i++) expect(cells[i].top).toBeGreaterThan(cells[i - 1].top);
    for (const c of cells) expect(c.right).toBeLessThanOrEqual(390);
    // A bare number says what it is.
    expect(cells.map((c) => c.label)).toEqual(expect.arrayContaining(['MLS', 'Price', 'Beds', 'Status']));
    const beds = first.locator('td[data-label=Beds]');
    expect(await beds.evaluate((td) => getComputedStyle(td, '::before').content)).not.toBe('none');
    const mls = await first.locator('td[data-label=MLS]').textContent();
    const del = first.getByRole('button', { name: `Delete ${mls}` });
    const box = await del.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await noSidewaysScroll(page);
    await screenshot(page, 'console-listings-cards-phone.png');

    // On a desktop the same page is a table.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await first.evaluate((el) => getComputedStyle(el).display)).toBe('table-row');
    expect(await table.locator('thead').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(10);
    await page.close();
  });
});
