// buildTestApp: the app in-process on a fresh SQLite database, or on this run's
// PostgreSQL database (PARLOR_TEST_DB=postgres). Tests isolate by workspace: every
// test creates its own, and every query is scoped by workspace.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { defaultRegistry } from '../src/answer/default-registry.ts';
import type { EngineRegistry } from '../src/answer/registry.ts';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { connect, type Db } from '../src/db/connect.ts';
import type { Envelope } from '../src/http/envelope.ts';
import type { App } from '../src/http/types.ts';
import { migrate } from '../src/migrations/migrate.ts';
import { createWorkspace } from '../src/workspaces/repo.ts';
import { findTestFfmpeg } from './binaries.ts';

export const dbKind: 'sqlite' | 'postgres' = process.env.PARLOR_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * The abuse limits (abuse/) are off unless a test turns them on: tests open many sessions and
 * ask many questions from one address within seconds. test/abuse/ turns them on.
 */
export const ABUSE_LIMITS_OFF: Record<string, string> = {
  PARLOR_LIMIT_SESSIONS_PER_MINUTE: '0',
  PARLOR_LIMIT_SESSIONS_PER_HOUR: '0',
  PARLOR_LIMIT_QUESTIONS_PER_MINUTE: '0',
  PARLOR_LIMIT_CHATBOT_QUESTIONS_PER_MINUTE: '0',
  PARLOR_LIMIT_OPEN_STREAMS: '0',
  PARLOR_LIMIT_LEAD_WINDOW_MINUTES: '0',
  PARLOR_LIMIT_LEADS_PER_HOUR: '0',
  PARLOR_LIMIT_CHATBOT_LEADS_PER_HOUR: '0',
  PARLOR_LIMIT_ADDRESS_FILES_PER_HOUR: '0',
  PARLOR_LIMIT_ADDRESS_FILES_PER_DAY: '0',
  PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_HOUR: '0',
  PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_DAY: '0',
  PARLOR_LIMIT_WORKSPACE_FILES_PER_HOUR: '0',
  PARLOR_LIMIT_WORKSPACE_FILES_PER_DAY: '0',
  PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_HOUR: '0',
  PARLOR_LIMIT_WORKSPACE_UPLOAD_MB_PER_DAY: '0',
  PARLOR_LIMIT_API_REQUESTS_PER_MINUTE: '0',
  PARLOR_LIMIT_BOOKINGS_PER_HOUR: '0',
  PARLOR_LIMIT_CHATBOT_BOOKINGS_PER_HOUR: '0',
  PARLOR_LIMIT_MCP_WRITES_PER_HOUR: '0',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PARLOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'parlor-test-')),
    LOG_LEVEL: 'silent',
    ...ABUSE_LIMITS_OFF,
    ...env,
  });
}

/** A database for one test file: in-memory SQLite, or a pool on this run's PostgreSQL database. */
export async function openTestDb(): Promise<Db> {
  if (dbKind === 'postgres') return connect({ databaseUrl: inject('pgUrl'), dataDir: '', poolSize: 5 });
  const db = connect({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
  await migrate(db);
  return db;
}

export interface EmptyDb {
  db: Db;
  /** PostgreSQL: the database's URL (to open more pools on it); SQLite: null. */
  url: string | null;
  /** Closes the pool and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/**
 * A database holding no data, as a first start finds it (bootstrap needs one): a new SQLite
 * file in dataDir, or a new PostgreSQL database beside this run's.
 */
export async function openEmptyDb(dataDir: string): Promise<EmptyDb> {
  if (dbKind === 'sqlite') {
    const db = connect({ databaseUrl: null, dataDir });
    await migrate(db);
    return { db, url: null, drop: () => db.close() };
  }
  const url = new URL(inject('pgUrl'));
  const name = `parlor_boot_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const db = connect({ databaseUrl: url.toString(), dataDir, poolSize: 3 });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: inject('pgUrl') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A clock tests can move: `clock.set(date)`, `clock.advance(ms)`. */
export function testClock(start = new Date('2026-11-02T15:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.set = (d: Date) => {
    now = d.getTime();
  };
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

/** The engines of a test app: the configured catalogue with the real engine factories. */
export function testEngines(config: Config): EngineRegistry {
  return defaultRegistry(config, findTestFfmpeg());
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const db = overrides.db ?? (await openTestDb());
  const config = overrides.config ?? testConfig(overrides.env);
  const engines = overrides.engines ?? testEngines(config);
  const app = await buildApp({
    config,
    db,
    clock: overrides.clock ?? (() => new Date()),
    logger: false,
    ...overrides,
    // Background notification timers stay off unless a test asks for them: tests that
    // are about delivery drive the worker with a controlled clock.
    notify: { enabled: false, ...overrides.notify },
    // The retention sweep deletes across workspaces: tests that are about it run it themselves.
    retentionSweep: overrides.retentionSweep ?? false,
    engines,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (!overrides.db) await db.close();
    },
  };
}

export interface TestWorkspace {
  workspaceId: number;
  apiKey: string;
  sessionKey: string;
  /** Headers carrying the API key. */
  auth: Record<string, string>;
}

export async function newWorkspace(db: Db, name = 'Test Realty'): Promise<TestWorkspace> {
  const ws = await createWorkspace(db.kysely, name, new Date());
  return { ...ws, auth: { authorization: ws.apiKey } };
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

/** POSTs a JSON body (or a raw string) and parses the envelope. */
export async function post<T = unknown>(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

/** Asserts success and returns Data. */
export async function call<T = unknown>(app: App, path: string, body: unknown, headers: Record<string, string>) {
  const res = await post<T>(app, path, body, headers);
  if (res.status !== 200 || !res.body.Success) {
    throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.Data;
}
