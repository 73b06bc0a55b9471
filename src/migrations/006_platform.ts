import type { Dialect } from '../db/connect.ts';
import type { MigrationDb } from './columns.ts';

export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  // The page a conversation started on (ChatContentHistory's URI); null when unknown.
  await db.schema.alterTable('sessions').addColumn('uri', 'text').execute();
  // SetSessionMessagesLimit: the most questions one session may ask; -1 = unlimited.
  await db.schema
    .alterTable('workspaces')
    .addColumn('session_messages_limit', 'integer', (c) => c.notNull().defaultTo(-1))
    .execute();
}
