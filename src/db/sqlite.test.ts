// The SQLite driver's ConnectionLock (sqlite-driver.ts): writes that arrive together share one
// batch, and an explicit transaction has the connection to itself meanwhile.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKind } from '../../test/harness.ts';
import { connect, type Db } from './connect.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

describe.skipIf(dbKind !== 'sqlite')('SQLite group commit and transactions', () => {
  let db: Db;
  let other: Db;
  beforeEach(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-sqlite-'));
    db = connect({ databaseUrl: null, dataDir });
    other = connect({ databaseUrl: null, dataDir });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    await sql`create table counter (n integer not null)`.execute(db.kysely);
    await sql`insert into counter (n) values (0)`.execute(db.kysely);
  });
  afterEach(async () => {
    await other.close();
    await db.close();
  });

  const count = async (from: Db, body: string) =>
    (await sql<{ n: number }>`select count(*) as n from notes where body = ${body}`.execute(from.kysely)).rows[0].n;

  it('writes that arrive together commit together: when the first is acknowledged, another connection sees all', async () => {
    const writes = Array.from({ length: 20 }, () => sql`insert into notes (body) values ('plain')`.execute(db.kysely));
    await Promise.race(writes);
    expect(await count(other, 'plain')).toBe(20);
    await Promise.all(writes);
  });

  it('keeps other statements out of an explicit transaction, and a rollback undoes only its own writes', async () => {
    const bump = () =>
      db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        await pause();
        await sql`update counter set n = ${rows[0].n + 1}`.execute(trx);
      });
    const undone = () =>
      db.kysely
        .transaction()
        .execute(async (trx) => {
          await sql`insert into notes (body) values ('undone')`.execute(trx);
          await pause();
          throw new Error('undo');
        })
        .catch((err: Error) => expect(err.message).toBe('undo'));
    const plain = () => sql`insert into notes (body) values ('plain')`.execute(db.kysely);
    await Promise.all(Array.from({ length: 20 }, (_, i) => [bump(), plain(), i % 4 === 0 ? undone() : null]).flat());
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(db.kysely);
    expect(rows[0].n).toBe(20);
    expect(await count(db, 'plain')).toBe(20);
    expect(await count(db, 'undone')).toBe(0);
  });
});
