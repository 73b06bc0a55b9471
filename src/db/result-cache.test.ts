import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChatbot, createListing, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, dbKind, newWorkspace, post, type TestApp } from '../../test/harness.ts';
import { migrate } from '../migrations/migrate.ts';
import { revokeKey, setSessionMessagesLimit } from '../workspaces/repo.ts';
import { connect, type Db } from './connect.ts';
import { coalesced, tablesWritten } from './pg-generations.ts';
import { createResultCache } from './result-cache.ts';

function fakeDb(initial: string | null) {
  const db = { generation: initial as string | null };
  return { db, handle: { dialect: 'sqlite', generation: () => db.generation } as unknown as Db };
}

describe('createResultCache', () => {
  it('answers from memory while the generation holds, and reads again once it changes', async () => {
    const { db, handle } = fakeDb('1:1');
    const cache = createResultCache<number>(handle, ['listings']);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('a', read)).toBe(1);
    expect(await cache.get('a', read)).toBe(1);
    expect(await cache.get('b', read)).toBe(2);
    db.generation = '2:1';
    expect(await cache.get('a', read)).toBe(3);
  });

  it('does not keep a page read while the data changed, nor cache when the generation is unknown', async () => {
    const { db, handle } = fakeDb('1:1');
    const cache = createResultCache<number>(handle, ['listings']);
    let reads = 0;
    const racing = async () => {
      db.generation = '2:1';
      return ++reads;
    };
    expect(await cache.get('a', racing)).toBe(1);
    expect(await cache.get('a', async () => ++reads)).toBe(2);
    db.generation = null;
    expect(await cache.get('a', async () => ++reads)).toBe(3);
    expect(await cache.get('a', async () => ++reads)).toBe(4);
  });
});

// A real SQLite file, so that a second connection can write to it (as the CLI does).
describe.skipIf(dbKind !== 'sqlite')('cached results on SQLite', () => {
  let db: Db;
  let t: TestApp;
  let other: Db;
  beforeEach(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-cache-'));
    db = connect({ databaseUrl: null, dataDir });
    await migrate(db);
    t = await buildTestApp({ db });
    other = connect({ databaseUrl: null, dataDir });
  });
  afterEach(async () => {
    await other.close();
    await t.close();
    await db.close();
  });

  it('sees every write at once: its own and another connection’s', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const list = () =>
      call<{ VirtualCount: number; List: { MLSNumber: string; Price: string }[] }>(
        t.app,
        '/chat/Chatbot/RealEstateList',
        { SerialNumber: serial },
        ws.auth,
      );
    const first = listingBody(serial);
    await createListing(t.app, ws.auth, first);
    expect((await list()).VirtualCount).toBe(1);
    expect((await list()).VirtualCount).toBe(1);

    await createListing(t.app, ws.auth, listingBody(serial));
    expect((await list()).VirtualCount).toBe(2);

    // Another connection changes a price behind the app's back.
    await other.kysely
      .updateTable('listings')
      .set({ price: 123, sale_price: 123 })
      .where('mls_number', '=', first.MLSNumber)
      .execute();
    const page = await list();
    expect(page.List.find((l) => l.MLSNumber === first.MLSNumber)?.Price).toBe('123');
  });

  it('keys on the tables a cache reads: a write elsewhere leaves it, one to them or by another connection not', async () => {
    const ws = await newWorkspace(t.db);
    const listings = db.generation(['listings']);
    const workspaces = db.generation(['workspaces']);
    await setSessionMessagesLimit(db.kysely, ws.workspaceId, 5);
    await db.kysely.selectFrom('workspaces').selectAll().execute(); // the write's batch committed
    expect(db.generation(['listings'])).toBe(listings);
    expect(db.generation(['workspaces'])).not.toBe(workspaces);
    await other.kysely.updateTable('workspaces').set({ session_messages_limit: 6 }).execute();
    expect(db.generation(['listings'])).not.toBe(listings);
  });

  it('refuses a revoked key at once, revoked here or by another connection (the CLI)', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth);
    const list = (auth: Record<string, string>) =>
      post(t.app, '/chat/Chatbot/RealEstateList', { SerialNumber: serial }, auth);
    const session = { 'chatrobot-sessionkey': ws.sessionKey };
    expect((await list(ws.auth)).status).toBe(200);
    expect((await list(session)).status).toBe(200);
    await revokeKey(t.db.kysely, ws.apiKey, new Date());
    expect((await list(ws.auth)).status).toBe(401);
    expect((await list(session)).status).toBe(200);
    await revokeKey(other.kysely, ws.sessionKey, new Date());
    expect((await list(session)).status).toBe(401);
  });
});

describe('PostgreSQL generations', () => {
  it('names the tracked tables a statement writes, and no others', () => {
    expect(tablesWritten('insert into "listings" ("a") values ($1) returning "id"')).toEqual(['listings']);
    expect(tablesWritten('update "chatbots" set "name" = $1')).toEqual(['chatbots']);
    expect(tablesWritten('delete from "sessions" where "id" = $1')).toEqual(['sessions:delete']);
    expect(tablesWritten('update "sessions" set "state" = $1')).toEqual([]);
    expect(tablesWritten('select * from "listings" where "id" = $1 for update')).toEqual([]);
    expect(tablesWritten('insert into "usage_counters" values ($1) on conflict do update set n = n + 1')).toEqual([]);
  });

  it('coalesces callers into runs that start after each of them called', async () => {
    const runs: string[][] = [];
    let release = () => {};
    const run = coalesced(async (keys) => {
      runs.push(keys);
      await new Promise<void>((r) => {
        release = r;
      });
      return runs.length;
    });
    const a = run(['x']);
    const b = run(['y']);
    await new Promise((r) => setTimeout(r, 5));
    // The first run is under way: a caller now waits for the next one.
    const c = run(['z']);
    const d = run(['x']);
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    release();
    expect(await c).toBe(2);
    expect(await d).toBe(2);
    expect(runs).toEqual([
      ['x', 'y'],
      ['x', 'z'],
    ]);
  });

  it.skipIf(dbKind !== 'postgres')(
    'change with each committed write of any connection, not with a rolled-back one or another table',
    async () => {
      const t = await buildTestApp();
      const reader = connect({ databaseUrl: t.db.url ?? '', dataDir: '' });
      try {
        const ws = await newWorkspace(t.db);
        const serial = await createChatbot(t.app, ws.auth);
        const before = await reader.generation(['listings']);
        const keys = await reader.generation(['api_keys']);
        await createListing(t.app, ws.auth, listingBody(serial));
        const after = await reader.generation(['listings']);
        expect(after).not.toBe(before);
        expect(await reader.generation(['api_keys'])).toBe(keys);
        await t.db.kysely
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable('listings').set({ price: 1 }).where('chatbot_id', '=', -1).execute();
            throw new Error('rolled back');
          })
          .catch(() => {});
        expect(await reader.generation(['listings'])).toBe(after);
        // A key revoked by another connection (another instance, the CLI) is refused at once.
        const list = () => post(t.app, '/chat/Chatbot/RealEstateList', { SerialNumber: serial }, ws.auth);
        expect((await list()).status).toBe(200);
        expect((await list()).status).toBe(200);
        await revokeKey(reader.kysely, ws.apiKey, new Date());
        expect((await list()).status).toBe(401);
      } finally {
        await reader.close();
        await t.close();
      }
    },
  );
});
