// A transaction whose commit does not wait for its log to reach the disk: PostgreSQL's
// synchronous_commit off for that transaction alone; on SQLite, synchronous NORMAL until that
// transaction ends (sqlite.ts: the WAL is not fsynced at its COMMIT, every other commit still
// is). Only for work nobody is told about before a later, ordinary commit on the same database:
// that commit waits for the log up to itself, which holds everything before it (PostgreSQL's
// WAL flush, SQLite's fsync of the whole WAL file), so the work is on disk by the time anyone
// hears of it. A crash in between loses the work, never the data it kept; whoever does it must
// be able to do it again.
//
// Why: every commit that waits holds PostgreSQL's log writer for an fsync, and a question's commit
// arriving meanwhile waits for that one before its own (WALWrite in pg_stat_activity). On SQLite
// the fsync runs on the event loop, with the one connection held: every request waits for it.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './connect.ts';
import { COMMIT_WITHOUT_SYNC } from './sqlite.ts';
import type { Database } from './tables.ts';

/** Called first in the transaction. */
export async function commitWithoutWaitingForDisk(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`set local synchronous_commit = off`.execute(trx);
  else await sql.raw(COMMIT_WITHOUT_SYNC).execute(trx);
}
