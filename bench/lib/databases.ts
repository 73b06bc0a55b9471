// The databases a benchmark runs on: a fresh SQLite file in a temporary data directory, or
// a PostgreSQL database created for the run and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { insertSession, setSessionMode } from '../../src/chat/repo.ts';
import { insertChatbot } from '../../src/chatbots/repo.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/chatbots/settings.ts';
import { connect, type Db, type Dialect } from '../../src/db/connect.ts';
import type { Owner } from '../../src/listings/repo.ts';
import { insertChecked } from '../../src/listings/service.ts';
import { migrate } from '../../src/migrations/migrate.ts';
import { createWorkspace } from '../../src/workspaces/repo.ts';
import { benchListing } from './listing-fields.ts';

/** Where a server process finds the database (see startParlor). */
export interface Target {
  dataDir?: string;
  databaseUrl?: string;
}

export interface BenchDb {
  kind: Dialect;
  target: Target;
  /** Opens a connection (the caller closes it before a server starts on SQLite). */
  open(): Db;
  /** Removes the database. */
  drop(): Promise<void>;
}

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createBenchDb(kind: Dialect): Promise<BenchDb> {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-bench-'));
    const bench: BenchDb = {
      kind,
      target: { dataDir },
      open: () => connect({ databaseUrl: null, dataDir, sqliteFile: 'parlor.db' }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
    const db = bench.open();
    await migrate(db);
    await db.close();
    return bench;
  }
  const name = `parlor_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const bench: BenchDb = {
    kind,
    target: { databaseUrl },
    open: () => connect({ databaseUrl, dataDir: '' }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
  const db = bench.open();
  await migrate(db);
  await db.close();
  return bench;
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Whether the PostgreSQL server answers at all (the bench skips it otherwise). */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

export interface BenchTenant {
  apiKey: string;
  serial: string;
  owner: Owner;
}

/** A workspace and one chatbot with the default settings, or these changed. */
export async function createTenant(db: Db, settings: Partial<Settings> = {}): Promise<BenchTenant> {
  const now = new Date();
  const ws = await createWorkspace(db.kysely, 'Bench Realty', now);
  const bot = await insertChatbot(db.kysely, ws.workspaceId, 0, { ...DEFAULT_SETTINGS, ...settings }, now);
  return { apiKey: ws.apiKey, serial: bot.serialNumber, owner: { workspaceId: ws.workspaceId, chatbotId: bot.id } };
}

/**
 * Inserts `count` listings in transactions of `batch`, through the service's checked insert.
 * Four transactions run at once: PostgreSQL spreads them over its pool (round trips dominate
 * there); SQLite serializes them on its one connection.
 */
export async function seedListings(db: Db, owner: Owner, count: number, batch = 2000): Promise<void> {
  const now = new Date();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const start = next;
      const end = Math.min(count, start + batch);
      next = end;
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = start; i < end; i++) await insertChecked(trx, owner, benchListing(i, 'S'), now);
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** `count` sessions on the tenant's chatbot, made directly in the database; 'human' ones get the handoff notice. */
export async function createSessions(db: Db, owner: Owner, count: number, mode: 'bot' | 'human' = 'bot') {
  const now = new Date();
  return db.kysely.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = await insertSession(trx, owner.workspaceId, owner.chatbotId, now);
      if (mode === 'human') await setSessionMode(trx, owner.workspaceId, id, 'human');
      ids.push(id);
    }
    return ids;
  });
}
