// A PostgreSQL session-level advisory lock held on one pinned connection while `fn` runs, for
// work that opens transactions of its own (first-run setup: several instances may start
// together). SQLite has one writer process and needs none: `fn` gets the database as it is.
import { type Kysely, sql } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './tables.ts';

export async function underSessionLock<T>(db: Db, key: number, fn: (k: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return fn(db.kysely);
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
