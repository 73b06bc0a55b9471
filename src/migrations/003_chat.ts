import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('bot'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_chatbot').on('sessions').columns(['chatbot_id', 'id']).execute();

  await withId(db.schema.createTable('messages'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer', ref('sessions'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ask_type', 'text', (c) => c.notNull())
    .addColumn('file_ids', 'text')
    .addColumn('question_id', 'integer')
    .addColumn('total_token', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_answer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('engine', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Rate limits count a session's recent questions; history reads a session in order.
  await db.schema
    .createIndex('messages_session')
    .on('messages')
    .columns(['session_id', 'role', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_chatbot').on('messages').columns(['chatbot_id', 'created_at']).execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['chatbot_id', 'period'])
    .execute();
}
