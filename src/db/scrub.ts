// What keeps removed rows from lingering in the database's files (docs/privacy.md). SQLite runs
// with secure_delete (sqlite.ts), which overwrites deleted content with zeros in the pages it
// changes; the pages that held it before stay in the WAL until a checkpoint copies the new ones
// back and TRUNCATE empties the log. PostgreSQL keeps dead rows until VACUUM reclaims them
// (autovacuum; README says what an operator does about it and about backups).
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** Checkpoints and empties SQLite's WAL after an erasure; nothing on PostgreSQL. */
export async function checkpointAfterErasure(db: Db): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
}
