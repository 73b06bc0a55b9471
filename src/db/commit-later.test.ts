// commitWithoutWaitingForDisk: the transaction it runs first in commits without waiting for the
// disk (PostgreSQL's synchronous_commit off; SQLite's synchronous NORMAL), its rows committed as
// usual, and only that transaction: the connection's next commits wait for the disk again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, openTestDb } from '../../test/harness.ts';
import { commitWithoutWaitingForDisk } from './commit-later.ts';
import { connect, type Db } from './connect.ts';

let db: Db;
beforeAll(async () => {
  // SQLite in a file (WAL), as in production; PostgreSQL on the run's database.
  db =
    dbKind === 'sqlite'
      ? connect({ databaseUrl: null, dataDir: mkdtempSync(join(tmpdir(), 'parlor-commit-later-')) })
      : await openTestDb();
  await sql`create table commit_later_notes (body text not null)`.execute(db.kysely);
});
afterAll(async () => {
  await sql`drop table commit_later_notes`.execute(db.kysely);
  await db.close();
});

/** Whether a commit on `on` would wait for the disk. */
async function waitsForDisk(on: typeof db.kysely): Promise<boolean> {
  if (dbKind === 'postgres') {
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on);
    return rows[0].synchronous_commit === 'on';
  }
  const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(on);
  return rows[0].synchronous === 2;
}

const notes = async () =>
  (await sql<{ n: number }>`select count(*) as n from commit_later_notes`.execute(db.kysely)).rows[0].n;

describe('commitWithoutWaitingForDisk', () => {
  it('relaxes its own transaction only, which commits its rows', async () => {
    expect(await waitsForDisk(db.kysely)).toBe(true);
    await db.kysely.transaction().execute(async (trx) => {
      await commitWithoutWaitingForDisk(trx);
      expect(await waitsForDisk(trx)).toBe(false);
      await sql`insert into commit_later_notes (body) values ('kept')`.execute(trx);
    });
    expect(await notes()).toBe(1);
    expect(await waitsForDisk(db.kysely)).toBe(true);
    await db.kysely.transaction().execute(async (trx) => {
      expect(await waitsForDisk(trx)).toBe(true);
    });
  });

  it('ends with a transaction rolled back too', async () => {
    const failed = db.kysely.transaction().execute(async (trx) => {
      await commitWithoutWaitingForDisk(trx);
      await sql`insert into commit_later_notes (body) values ('undone')`.execute(trx);
      throw new Error('undo');
    });
    await expect(failed).rejects.toThrow('undo');
    expect(await waitsForDisk(db.kysely)).toBe(true);
    expect(await notes()).toBe(1);
  });

  it.skipIf(dbKind !== 'sqlite')('on SQLite, is refused after a statement of the transaction', async () => {
    const late = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into commit_later_notes (body) values ('late')`.execute(trx);
      await commitWithoutWaitingForDisk(trx);
    });
    await expect(late).rejects.toThrow(/only first in an explicit transaction/);
    expect(await waitsForDisk(db.kysely)).toBe(true);
    expect(await notes()).toBe(1);
  });
});
