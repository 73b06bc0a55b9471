// Migration 013 on a database with conversations from before it: each session with a question
// gets its last question's time as its last activity (so it shows in the console's inbox), and
// each session with a lead gets lead_at; empty sessions stay out. SQLite, and PostgreSQL in a
// schema of its own in the PostgreSQL run.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { dbKind } from '../../test/harness.ts';
import { connect, type Db } from '../db/connect.ts';
import * as m001 from './001_core.ts';
import * as m002 from './002_listings.ts';
import * as m003 from './003_chat.ts';
import * as m004 from './004_files.ts';
import * as m005 from './005_notify.ts';
import * as m006 from './006_platform.ts';
import * as m007 from './007_file_rejections.ts';
import * as m008 from './008_listing_features.ts';
import * as m009 from './009_conversation.ts';
import * as m010 from './010_abuse_limits.ts';
import * as m011 from './011_visitor_files.ts';
import * as m012 from './012_street_number_index.ts';
import * as m013 from './013_console.ts';
import type { MigrationDb } from './columns.ts';

const BEFORE = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012];

describe.each(dbKind === 'postgres' ? ['sqlite', 'postgres'] : ['sqlite'])('013_console on %s', (kind) => {
  let db: Db;
  let schema: string | null = null;
  let rows: { id: number; last_activity_at: string | null; lead_at: string | null; mode: string }[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      schema = `m013_${randomBytes(4).toString('hex')}`;
      const url = new URL(inject('pgUrl'));
      url.searchParams.set('options', `-c search_path=${schema}`);
      db = connect({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
    } else {
      db = connect({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
    }
    const m = db.kysely as unknown as MigrationDb;
    if (schema) await sql.raw(`create schema ${schema}`).execute(m);
    for (const mig of BEFORE) await mig.up(m, db.dialect);
    const t0 = '2026-01-01T00:00:00.000Z';
    await sql`insert into workspaces (name, signing_secret, created_at) values ('Old', 's', ${t0})`.execute(m);
    await sql`insert into chatbots (workspace_id, serial_number, type, settings, created_at, updated_at)
      values (1, 'old-bot', 0, '{}', ${t0}, ${t0})`.execute(m);
    for (let i = 1; i <= 3; i++) {
      await sql`insert into sessions (workspace_id, chatbot_id, mode, created_at) values (1, 1, ${i === 2 ? 'human' : 'bot'}, ${t0})`.execute(
        m,
      );
    }
    const msg = (session: number, role: string, at: string) =>
      sql`insert into messages (workspace_id, chatbot_id, session_id, role, content, ask_type, status, created_at)
        values (1, 1, ${session}, ${role}, 'x', 'Text', 'complete', ${at})`.execute(m);
    await msg(1, 'user', '2026-01-02T10:00:00.000Z');
    await msg(1, 'assistant', '2026-01-02T10:00:01.000Z');
    await msg(1, 'user', '2026-01-03T10:00:00.000Z');
    await msg(2, 'user', '2026-01-04T10:00:00.000Z');
    await sql`insert into leads (workspace_id, chatbot_id, session_id, name, email, phone, message, source, created_at)
      values (1, 1, 2, 'Jane', 'jane@example.com', '', '', 'widget', '2026-01-04T10:01:00.000Z')`.execute(m);
    await m013.up(m, db.dialect);
    rows = (
      await sql<(typeof rows)[number]>`select id, last_activity_at, lead_at, mode from sessions order by id`.execute(m)
    ).rows;
  }, 60_000);

  afterAll(async () => {
    if (schema) await sql.raw(`drop schema ${schema} cascade`).execute(db.kysely);
    await db.close();
  });

  test('last activity is the last question; lead_at the lead; an empty session stays out', () => {
    expect(rows).toEqual([
      { id: 1, last_activity_at: '2026-01-03T10:00:00.000Z', lead_at: null, mode: 'bot' },
      { id: 2, last_activity_at: '2026-01-04T10:00:00.000Z', lead_at: '2026-01-04T10:01:00.000Z', mode: 'human' },
      { id: 3, last_activity_at: null, lead_at: null, mode: 'bot' },
    ]);
  });

  test('leads get status new and an empty note', async () => {
    const lead = await sql<{ status: string; note: string }>`select status, note from leads`.execute(db.kysely);
    expect(lead.rows).toEqual([{ status: 'new', note: '' }]);
  });
});
