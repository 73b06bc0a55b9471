import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('files'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('mime', 'text')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text')
    .addColumn('chatbot_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_status').on('files').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('files_chatbot').on('files').columns(['chatbot_id']).execute();
}
