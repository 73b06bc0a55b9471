// The console's listings import, on SQLite and PostgreSQL: the CLI's reader (aliases, every
// problem of every row), a dry run that writes nothing, create then update by MLS number, the
// progress lines of a real import (of 100,000 rows too, and one cancelled part way), refusals
// (too large before the body is read, not text, not a CSV or JSON name, another workspace's
// chatbot), and the CSV template the reader accepts.
import { afterAll, describe, expect, it } from 'vitest';
import { templateCsv } from '../../src/console/listings-routes.ts';
import { BATCH_SIZE, importFiles, listingsFileOf } from '../../src/listings/index.ts';
import { createChatbot } from '../factories.ts';
import { buildTestApp, call, newWorkspace } from '../harness.ts';
import { staffOf } from './staff.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const a = await newWorkspace(t.db, 'A Realty');
const b = await newWorkspace(t.db, 'B Realty');
const owner = await staffOf(t.app, t.db, a.workspaceId, 'owner');
const agent = await staffOf(t.app, t.db, a.workspaceId, 'agent');

let n = 0;
const tag = () => `CI${process.pid}${++n}x`;

const HEAD = 'MLS#,Type,Status,SaleType,Price,Beds,Baths,SqFt,Url,YearBuilt,DaysOnMarket,Lot,Parking,Currency,City';
const line = (mls: string, price: string, beds = '3', url = `https://h.example.com/${mls}`) =>
  `${mls},Condo,Active,for_sale,${price},${beds},2,1200,${url},2001,3,0,1,$,Austin`;

function upload(serial: string, name: string, body: string | Buffer, dryRun?: boolean, headers = owner.write) {
  const query = new URLSearchParams({ chatbot: serial, name });
  if (dryRun !== undefined) query.set('dryRun', String(dryRun));
  return t.app.inject({
    method: 'POST',
    url: `/console/api/listings/import?${query}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: body,
  });
}

async function listed(serial: string, mls: string) {
  const data = await call<{ List: Record<string, unknown>[] }>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: serial, MLSNumber: mls },
    a.auth,
  );
  return data.List[0];
}

/** The stream's lines: progress, then the summary. */
function lines(body: string) {
  return body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { Done?: number; Total?: number; Summary?: Record<string, unknown> });
}

describe('import through the console', () => {
  it('checks first (nothing written), then creates; a second file updates by MLS number', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const [one, two, bad] = [tag(), tag(), tag()];
    const csv = [HEAD, line(one, '250000'), line(two, '300000'), line(bad, 'cheap', 'three', 'nope')].join('\n');

    const dry = await upload(serial, 'homes.csv', csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const summary = dry.json().Data;
    expect(summary).toMatchObject({ DryRun: true, Rows: 3, Created: 2, Updated: 0, Rejected: 1 });
    // Every problem of the row at once, named as the file names the column.
    expect(summary.Rejections).toHaveLength(1);
    expect(summary.Rejections[0].Row).toBe(3);
    expect(summary.Rejections[0].Errors).toEqual(
      expect.arrayContaining([
        'Beds (Bedrooms): must be a number',
        'Url: must be an http(s) URL',
        expect.stringMatching(/^Price \(SalePrice\): must be a number/),
      ]),
    );
    expect(await listed(serial, one)).toBeUndefined();

    const real = await upload(serial, 'homes.csv', csv, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const out = lines(real.body);
    expect(out.at(0)).toEqual({ Done: 2, Total: 2 });
    expect(out.at(-1)?.Summary).toMatchObject({ DryRun: false, Created: 2, Rejected: 1, Cancelled: false });
    expect(await listed(serial, one)).toMatchObject({ SalePrice: '250000', City: 'Austin' });

    const again = await upload(serial, 'homes.csv', [HEAD, line(one, '239000'), line(two, '300000')].join('\n'), false);
    expect(lines(again.body).at(-1)?.Summary).toMatchObject({ Created: 0, Updated: 1, Unchanged: 1 });
    expect(await listed(serial, one)).toMatchObject({ SalePrice: '239000' });
  });

  it('the CSV template is read by the importer as one good listing', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const res = await t.app.inject({ url: '/console/api/listings/template.csv', headers: owner.read });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="listings-template\.csv"/);
    expect(res.body).toBe(templateCsv());
    const dry = await upload(serial, 'listings-template.csv', res.body, true);
    expect(dry.json().Data).toMatchObject({ Rows: 1, Created: 1, Rejected: 0, IgnoredColumns: [] });
  });

  it('JSON (an array, or a RESO export) is read too', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const mls = tag();
    const rows = [
      {
        MLSNumber: mls,
        Url: `https://h.example.com/${mls}`,
        SaleType: 'for_rent',
        Status: 'Active',
        PropertyType: 'Apartment',
        CurrencySymbol: '$',
        RentPrice: 2100,
        Bedrooms: 1,
        Bathrooms: 1,
        YearBuilt: 2010,
        DaysOnMarket: 1,
        LotArea: 0,
        BuildingArea: 700,
        AreaUnit: 'Square Feet',
        ParkingSpots: 0,
      },
    ];
    const res = await upload(serial, 'feed.json', JSON.stringify(rows), false);
    expect(lines(res.body).at(-1)?.Summary).toMatchObject({ Created: 1 });
    expect(await listed(serial, mls)).toMatchObject({ RentPrice: '2100' });
  });
});

it('a cancelled import stops between batches: the batches written stay, the rest is not written', async () => {
  const serial = await createChatbot(t.app, a.auth);
  const p = tag();
  const rows = Array.from({ length: BATCH_SIZE + 50 }, (_, i) => line(`${p}-${i}`, String(100_000 + i)));
  const file = listingsFileOf('big.csv', [HEAD, ...rows].join('\n'));
  const stop = new AbortController();
  const seen: number[] = [];
  const summary = await importFiles(
    t.db.kysely,
    [file],
    serial,
    { dryRun: false, strict: false, prune: false },
    {
      now: () => new Date(),
      signal: stop.signal,
      progress(done) {
        seen.push(done);
        stop.abort();
      },
    },
  );
  expect(seen).toEqual([BATCH_SIZE]);
  expect(summary).toMatchObject({ cancelled: true, created: BATCH_SIZE });
  expect(summary.failure).toMatch(/^cancelled/);
  const list = await call<{ VirtualCount: number }>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: serial },
    a.auth,
  );
  expect(list.VirtualCount).toBe(BATCH_SIZE);
});

describe('refused, with the field named', () => {
  it('a file of 50 MB or more: 413 from its declared length, before the body is read', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/api/listings/import?chatbot=${serial}&name=big.csv&dryRun=true`,
      headers: { ...owner.write, 'content-type': 'text/csv', 'content-length': String(50 * 1024 * 1024) },
      payload: 'MLSNumber\n',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Success: false, Code: 413 });
    expect(res.json().Message).toMatch(/^body: larger than/);
  });

  it('a name that is not .csv or .json, a binary file, an empty one, broken CSV', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const xlsx = await upload(serial, 'homes.xlsx', 'PK\u0003\u0004', true);
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().Message).toMatch(/^querystring\/name|^name/);
    const binary = await upload(serial, 'homes.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), true);
    expect(binary.statusCode).toBe(415);
    expect(binary.json().Message).toMatch(/^file: homes\.csv is not a text file/);
    const empty = await upload(serial, 'homes.csv', ' \n', true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('file: homes.csv: the file is empty');
    const broken = await upload(serial, 'homes.csv', 'MLSNumber,Url\n"A1,https://x', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().Message).toMatch(/^file: homes\.csv: not valid CSV/);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/console/api/listings/import?name=a.csv',
      headers: { ...owner.write, 'content-type': 'text/csv' },
      payload: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toMatch(/chatbot/);
  });

  it("another workspace's chatbot: 404, nothing written; an agent: 403", async () => {
    const other = await createChatbot(t.app, b.auth);
    const mls = tag();
    const res = await upload(other, 'homes.csv', [HEAD, line(mls, '1')].join('\n'), false);
    expect(res.statusCode).toBe(404);
    const list = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: other },
      b.auth,
    );
    expect(list.VirtualCount).toBe(0);
    const serial = await createChatbot(t.app, a.auth);
    const byAgent = await upload(serial, 'homes.csv', [HEAD, line(tag(), '1')].join('\n'), true, agent.write);
    expect(byAgent.statusCode).toBe(403);
  });
});

describe('a file of 100,000 rows', () => {
  const ROWS = 100_000;
  const big = (p: string) => [HEAD, ...Array.from({ length: ROWS }, (_, i) => line(`${p}-${i}`, String(100_000 + i)))];

  it('imports through the console with a progress line per batch, up to every row', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const csv = big(tag()).join('\n');
    const res = await upload(serial, 'large.csv', csv, false);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const out = lines(res.body);
    const progress = out.filter((l) => l.Done !== undefined);
    expect(progress.length).toBe(Math.ceil(ROWS / BATCH_SIZE));
    expect(progress.every((l) => l.Total === ROWS)).toBe(true);
    expect(progress.map((l) => l.Done)).toEqual(
      Array.from({ length: progress.length }, (_, i) => Math.min((i + 1) * BATCH_SIZE, ROWS)),
    );
    expect(out.at(-1)?.Summary).toMatchObject({ Created: ROWS, Updated: 0 });
    const list = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: serial },
      a.auth,
    );
    expect(list.VirtualCount).toBe(ROWS);
  }, 300_000);

  it('cancelled after three batches: those stay, none of the rest is written', async () => {
    const serial = await createChatbot(t.app, a.auth);
    const stop = new AbortController();
    const seen: number[] = [];
    const summary = await importFiles(
      t.db.kysely,
      [listingsFileOf('large.csv', big(tag()).join('\n'))],
      serial,
      { dryRun: false, strict: false, prune: false },
      {
        now: () => new Date(),
        signal: stop.signal,
        progress(done) {
          seen.push(done);
          if (seen.length === 3) stop.abort();
        },
      },
    );
    expect(seen).toEqual([BATCH_SIZE, 2 * BATCH_SIZE, 3 * BATCH_SIZE]);
    expect(summary).toMatchObject({ cancelled: true, created: 3 * BATCH_SIZE });
    const list = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: serial },
      a.auth,
    );
    expect(list.VirtualCount).toBe(3 * BATCH_SIZE);
  }, 300_000);
});
