// Finds the Chromium the browser tests launch (test/binaries.ts), once for the run.
// With PARLOR_TEST_DB=postgres, creates one fresh database for this run (migrated once),
// hands its URL to the test files, and drops it at the end. An unreachable server fails
// the run: a set PARLOR_TEST_PG_URL is a promise to test on PostgreSQL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/migrations/migrate.ts';
import { findChromium } from './binaries.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** The browser for the browser tests, or why there is none (they fail with it). */
    chromium: { path: string } | { error: string };
  }
}

export default async function setup(project: TestProject) {
  project.provide('chromium', await findChromium());
  if (process.env.PARLOR_TEST_DB !== 'postgres') return;
  const base = process.env.PARLOR_TEST_PG_URL;
  if (!base) throw new Error('PARLOR_TEST_DB=postgres needs PARLOR_TEST_PG_URL');
  const name = `parlor_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = connect({ databaseUrl: url.toString(), dataDir: '' });
  await migrate(db);
  await db.close();
  project.provide('pgUrl', url.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
