import type { MigrationDb } from './columns.ts';

// Abuse limits (abuse/):
// - abuse_counters: one row per (scope, window), counted by one conditional upsert that only
//   increments below `ceiling`, so the limit holds across instances with no read-then-write.
//   `scope` names what is counted ("q:a:<chatbot>:<address>", …); `window_end` is the Unix
//   second the fixed window ends, which also says when the row can be swept.
// - sessions(created_at, id): the sweep of empty sessions pages through sessions by age;
//   leads(session_id): it keeps sessions that have a lead.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('abuse_counters')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('ceiling', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('abuse_counters_pk', ['scope', 'window_end'])
    .execute();
  await db.schema.createIndex('abuse_counters_window_end').on('abuse_counters').column('window_end').execute();
  await db.schema.createIndex('sessions_created').on('sessions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('leads_session').on('leads').column('session_id').execute();
}
