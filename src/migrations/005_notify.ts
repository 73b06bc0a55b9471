import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('leads'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_chatbot').on('leads').columns(['chatbot_id', 'id']).execute();
  // Daily lead digests read a chatbot's leads of one day.
  await db.schema.createIndex('leads_chatbot_created').on('leads').columns(['chatbot_id', 'created_at']).execute();

  await withId(db.schema.createTable('outbox'), dialect)
    .addColumn('workspace_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  // A claimed row whose worker died is found again by its expired lock.
  await db.schema.createIndex('outbox_locked').on('outbox').columns(['status', 'locked_until']).execute();

  await withId(db.schema.createTable('webhooks'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // SetWebhook registers a URL once per workspace; registering it again replaces its events.
  await db.schema.createIndex('webhooks_url').on('webhooks').columns(['workspace_id', 'url']).unique().execute();
}
