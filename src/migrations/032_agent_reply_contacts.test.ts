// Migration 031 on a database with agents' replies from before it: a reply where the agent
// wrote a visitor's e-mail or phone is recorded in message_contacts, as a question's contacts
// are; the chatbot's own answers (which carry listing agents' numbers) are not.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmptyDb, openEmptyDb, testConfig } from '../../test/harness.ts';
import { contactHash } from '../contact.ts';
import * as m032 from './032_agent_reply_contacts.ts';
import type { MigrationDb } from './columns.ts';

let empty: EmptyDb;

beforeAll(async () => {
  empty = await openEmptyDb(testConfig().dataDir);
});

afterAll(async () => {
  await empty?.drop();
});

test('records the contacts agents wrote in replies already stored, and not those in answers', async () => {
  const m = empty.db.kysely as unknown as MigrationDb;
  const t0 = '2026-01-01T00:00:00.000Z';
  await sql`insert into workspaces (name, signing_secret, created_at) values ('Old', 's', ${t0})`.execute(m);
  await sql`insert into chatbots (workspace_id, serial_number, type, settings, created_at, updated_at)
    values (1, 'old-bot', 0, '{}', ${t0}, ${t0})`.execute(m);
  for (let i = 1; i <= 2; i++) {
    await sql`insert into sessions (workspace_id, chatbot_id, mode, created_at) values (1, 1, 'agent', ${t0})`.execute(
      m,
    );
  }
  const msg = (session: number, role: string, content: string) =>
    sql`insert into messages (workspace_id, chatbot_id, session_id, role, content, ask_type, status, created_at)
      values (1, 1, ${session}, ${role}, ${content}, 'Text', 'complete', ${t0})`.execute(m);
  await msg(1, 'agent', 'Sent the list to Ana.Old@Example.com, or call 303.555.0142');
  await msg(2, 'assistant', 'Call the listing agent on (512) 555-0188');
  await m032.up(m, empty.db.dialect);
  const rows = await empty.db.kysely
    .selectFrom('message_contacts')
    .select(['session_id', 'contact_hash'])
    .orderBy('contact_hash')
    .execute();
  const expected = ['email:ana.old@example.com', 'phone:+13035550142'].map((k) => ({
    session_id: 1,
    contact_hash: contactHash(k),
  }));
  expect(rows).toEqual(expected.sort((a, b) => a.contact_hash.localeCompare(b.contact_hash)));
  // Run again (an upgrade that restarts): nothing twice.
  await m032.up(m, empty.db.dialect);
  expect(await empty.db.kysely.selectFrom('message_contacts').select('session_id').execute()).toHaveLength(2);
});
