import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// Privacy (privacy/, docs/privacy.md):
// - privacy_audit: one row per erasure of a visitor and per retention pass of a chatbot: when,
//   who (an API key, a console user, or the retention sweep), the chatbot when there is one,
//   and what was removed as counts (JSON). Never the person's e-mail, phone, name or session.
// - retention_sweeps: one row per chatbot the retention sweep has looked at: claimed_until is
//   the lease of the instance sweeping it (so that two never sweep one chatbot at once), swept_at
//   when its last pass ended.
// - sessions(chatbot_id, created_at): the sweep's batches read a chatbot's oldest sessions from
//   an index (leads have theirs since 005).
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('privacy_audit'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_audit_workspace').on('privacy_audit').columns(['workspace_id', 'id']).execute();

  await db.schema
    .createTable('retention_sweeps')
    .addColumn('chatbot_id', 'integer', (c) => c.primaryKey().references('chatbots.id').onDelete('cascade'))
    .addColumn('claimed_until', 'text')
    .addColumn('swept_at', 'text')
    .execute();

  await db.schema
    .createIndex('sessions_chatbot_created')
    .on('sessions')
    .columns(['chatbot_id', 'created_at'])
    .execute();
}
