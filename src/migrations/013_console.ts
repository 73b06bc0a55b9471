import { sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// The console and the human side (console/, users/, chat/agent-reply.ts):
// - users: a workspace's staff. Email is unique across workspaces (sign-in asks only for it),
//   stored lower-cased; password_hash is scrypt's (users/passwords.ts); role owner | agent.
// - console_sessions: a signed-in browser. Only the SHA-256 of its cookie token is kept;
//   csrf_token goes back in the X-CSRF-Token header of every state-changing request.
//   last_seen_at gives the idle expiry, expires_at the absolute one.
// - sessions.last_activity_at: the last question or agent reply (null until the first), which
//   orders the console's inbox; (workspace_id, last_activity_at, id) and (chatbot_id, …) serve
//   its first page with 100,000 sessions. sessions.mode gains 'agent' (with a person).
// - sessions.lead_at: when the visitor last asked for a person (the inbox's "has a lead").
// - messages.user_id: the staff member who wrote an agent reply (role 'agent').
// - leads: a status (new → contacted → closed), a note and who follows it up.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_workspace').on('users').columns(['workspace_id', 'id']).execute();

  await withId(db.schema.createTable('console_sessions'), dialect)
    .addColumn('user_id', 'integer', ref('users'))
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_user').on('console_sessions').column('user_id').execute();
  await db.schema.createIndex('console_sessions_expires').on('console_sessions').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('last_activity_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('lead_at', 'text').execute();
  // Conversations from before this migration show in the inbox at their last question, and
  // those with a lead under "has a lead".
  await sql`update sessions set last_activity_at = (select max(m.created_at) from messages m where m.session_id = sessions.id and m.role = 'user')`.execute(
    db,
  );
  await sql`update sessions set lead_at = (select max(l.created_at) from leads l where l.session_id = sessions.id)`.execute(
    db,
  );
  await db.schema
    .createIndex('sessions_inbox')
    .on('sessions')
    .columns(['workspace_id', 'last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sessions_inbox_chatbot')
    .on('sessions')
    .columns(['chatbot_id', 'last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('sessions_inbox_mode')
    .on('sessions')
    .columns(['workspace_id', 'mode', 'last_activity_at'])
    .execute();

  await db.schema.alterTable('messages').addColumn('user_id', 'integer').execute();

  await db.schema
    .alterTable('leads')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('leads').addColumn('assigned_user_id', 'integer').execute();
  await db.schema.alterTable('leads').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('leads_workspace').on('leads').columns(['workspace_id', 'created_at']).execute();
}
