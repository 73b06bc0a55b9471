// The PostgreSQL live bus survives losing its LISTEN connection: subscribers are told to
// re-read (a resync), it reconnects, and later events arrive again. PostgreSQL only (SQLite's
// bus is in-process).
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type LiveEvent, postgresBus } from '../../src/live/bus.ts';
import { dbKind, openTestDb } from '../harness.ts';

const onPostgres = dbKind === 'postgres';
const db = await openTestDb();
afterAll(() => db.close());

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it.skipIf(!onPostgres)('a dropped LISTEN connection resyncs subscribers, reconnects, and delivers again', async () => {
  const name = `parlor-live-test-${process.pid}`;
  const bus = postgresBus(db, db.url ?? '', 200, name);
  const seen: (LiveEvent | null)[] = [];
  const workspaceId = 900_000 + Math.floor(Math.random() * 1000);
  const off = bus.subscribe(workspaceId, (e) => seen.push(e));
  try {
    await until(() => seen.includes(null), 5000); // connected: the first resync
    await bus.publish({ workspaceId, sessionId: 1 });
    await until(() => seen.some((e) => e?.sessionId === 1), 2000);

    const before = seen.filter((e) => e === null).length;
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid)) as n from pg_stat_activity
      where application_name = ${name}`.execute(db.kysely);
    expect(Number(killed.rows[0]?.n)).toBeGreaterThan(0);
    // Told to re-read at once, and again once the new connection listens.
    await until(() => seen.filter((e) => e === null).length >= before + 2, 5000);
    await bus.publish({ workspaceId, sessionId: 2 });
    await until(() => seen.some((e) => e?.sessionId === 2), 2000);
    // Other workspaces' events never reach this subscriber.
    await bus.publish({ workspaceId: workspaceId + 1, sessionId: 3 });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.some((e) => e?.sessionId === 3)).toBe(false);
  } finally {
    off();
    await bus.close();
  }
});
