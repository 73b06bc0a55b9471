import type { Dialect } from '../db/connect.ts';
import type { MigrationDb } from './columns.ts';

// cache_generations (db/pg-generations.ts): on PostgreSQL, a counter per table that result
// caches depend on, raised after every committed write to it by any instance. A cache entry
// read under one set of counters is answered only while they are unchanged. SQLite keeps its
// own token (the only writer, PRAGMA data_version) and never writes here.
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
}
