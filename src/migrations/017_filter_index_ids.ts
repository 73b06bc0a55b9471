import { sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { MigrationDb } from './columns.ts';

// PostgreSQL: the two wide filter indexes end with id, so that a page sorted by price, area,
// year… finds its listings' IDs from the index alone (an index-only scan and a sort of the
// matches' values), then reads only those rows (listings/repo.ts). Before, a city's page by
// price read all of the city's rows: 115 ms at 1,000,000 listings (20,000 in the city;
// bench/README.md, "Query plans"). SQLite's indexes already hold the rowid, which id is.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const name of ['listings_city_filter', 'listings_sale_filter']) {
    const rows = await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = ${name}`.execute(
      db,
    );
    const def = rows.rows[0]?.def;
    if (!def || /\bid\)$/.test(def)) continue;
    await db.schema.dropIndex(name).execute();
    await sql.raw(def.replace(/\)$/, ', id)')).execute(db);
  }
}
