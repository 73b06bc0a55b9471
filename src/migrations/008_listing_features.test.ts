// Migration 008 on a database that holds listings written before it: the new columns are
// filled for every existing row (in several batches), on SQLite and, in the PostgreSQL run,
// on PostgreSQL (in a schema of its own, so the run's migrated tables stay as they are).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { dbKind } from '../../test/harness.ts';
import { connect, type Db } from '../db/connect.ts';
import * as m001 from './001_core.ts';
import * as m002 from './002_listings.ts';
import * as m008 from './008_listing_features.ts';
import type { MigrationDb } from './columns.ts';

/** More rows than one backfill batch (500) holds, so that the batches join up. */
const ROWS = 1203;

interface Backfilled {
  mls_number: string;
  type_family: string;
  features: string;
}

/** The i-th old listing: its property type, ExtensionColumn and description cycle through a few feeds' ways. */
function oldListing(i: number) {
  const ways = [
    ['Single Family Residence', [{ Key: 'Pool', value: 'Yes' }], 'Attached two-car garage.'],
    ['Condominium', [{ Key: 'Pets Allowed', value: 'Not allowed' }], 'No pool, but a big fenced yard.'],
    ['Lots/Land', null, null],
    ['Townhome', [{ Key: 'Garage Spaces', value: '0' }], 'Piscine privée dans le jardin.'],
  ] as const;
  const [type, ec, description] = ways[i % ways.length] ?? ways[0];
  return { type, ec: ec ? JSON.stringify(ec) : null, description };
}

async function oldDatabase(db: Db, schema: string | null): Promise<void> {
  const m = db.kysely as unknown as MigrationDb;
  if (schema) await sql.raw(`create schema ${schema}`).execute(m);
  await m001.up(m, db.dialect);
  await m002.up(m, db.dialect);
  const now = '2026-01-01T00:00:00.000Z';
  await sql`insert into workspaces (name, signing_secret, created_at) values ('Old', 's', ${now})`.execute(m);
  await sql`insert into chatbots (workspace_id, serial_number, type, settings, created_at, updated_at)
    values (1, 'old-bot', 0, '{}', ${now}, ${now})`.execute(m);
  for (let start = 0; start < ROWS; start += 200) {
    const rows = [];
    for (let i = start; i < Math.min(ROWS, start + 200); i++) {
      const l = oldListing(i);
      rows.push(sql`(1, 1, ${`OLD${i}`}, ${`https://old.example.com/${i}`}, 'for_sale', 'Active', '$', ${l.type},
        ${l.type.toLowerCase()}, 3, 2, 1999, 5, 5000, 1500, 'Square Feet', 1, ${l.ec}, ${l.description}, '', ${now}, ${now})`);
    }
    await sql`insert into listings (workspace_id, chatbot_id, mls_number, url, sale_type, status, currency_symbol,
      property_type, property_type_key, bedrooms, bathrooms, year_built, days_on_market, lot_area, building_area,
      area_unit, parking_spots, extension_column, description, search_text, created_at, updated_at)
      values ${sql.join(rows)}`.execute(m);
  }
}

describe.each(dbKind === 'postgres' ? ['sqlite', 'postgres'] : ['sqlite'])('008_listing_features on %s', (kind) => {
  let db: Db;
  let schema: string | null = null;
  let rows: Backfilled[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      schema = `m008_${randomBytes(4).toString('hex')}`;
      const url = new URL(inject('pgUrl'));
      url.searchParams.set('options', `-c search_path=${schema}`);
      db = connect({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
    } else {
      db = connect({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
    }
    await oldDatabase(db, schema);
    await m008.up(db.kysely as unknown as MigrationDb, db.dialect);
    const result = await sql<Backfilled>`select mls_number, type_family, features from listings order by id`.execute(
      db.kysely,
    );
    rows = result.rows;
  }, 60_000);

  afterAll(async () => {
    if (schema) await sql.raw(`drop schema ${schema} cascade`).execute(db.kysely);
    await db.close();
  });

  test('every existing listing gets its type family and features', () => {
    expect(rows).toHaveLength(ROWS);
    const want = [
      ['sfr', '|pool|garage|'],
      ['condo', '|yard|'],
      ['land', ''],
      ['town', '|pool|yard|'],
    ];
    const wrong = rows.filter((r, i) => {
      const [family, features] = want[i % want.length] ?? [];
      return r.mls_number !== `OLD${i}` || r.type_family !== family || r.features !== features;
    });
    expect(wrong).toStrictEqual([]);
  });

  test('a search by the new columns counts through the filter index', async () => {
    const n = await sql<{ n: number }>`select count(*) as n from listings
      where chatbot_id = 1 and workspace_id = 1 and type_family = 'sfr' and features like '%|pool|%'`.execute(
      db.kysely,
    );
    expect(Number(n.rows[0]?.n)).toBe(Math.ceil(ROWS / 4));
    if (kind === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select count(*) from listings
        where chatbot_id = 1 and workspace_id = 1 and type_family = 'sfr'`.execute(db.kysely);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/COVERING INDEX listings_sale_filter/);
    }
  });
});
