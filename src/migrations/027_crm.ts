import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref } from './columns.ts';

// Qualified leads and the CRM (leads/qualification.ts, crm/, docs/crm.md):
// - leads: what a brokerage qualifies on. intent buy | sell | rent | invest | '';
//   timeline now | 1-3 months | 3-6 months | 6-12 months | later | ''; pre_approved yes | no | '';
//   budget_min/budget_max in the chatbot's currency (null = not known); areas a JSON array of
//   strings; property_type; mls_number the listing asked about ('' = none).
// - crm_settings: one row per workspace that connects a CRM (provider FollowUpBoss), with its
//   API key (write-only: never returned by the API), the system name and system key sent as
//   X-System / X-System-Key.
// - outbox.outcome: what a receiver said of a sent row beyond "sent" (Follow Up Boss's 204:
//   'archived', the lead flow is archived).
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  const text = (name: string) =>
    db.schema
      .alterTable('leads')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await text('intent');
  await text('timeline');
  await text('pre_approved');
  await db.schema.alterTable('leads').addColumn('budget_min', 'double precision').execute();
  await db.schema.alterTable('leads').addColumn('budget_max', 'double precision').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('areas', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await text('property_type');
  await text('mls_number');

  await db.schema
    .createTable('crm_settings')
    .addColumn('workspace_id', 'integer', (c) => ref('workspaces')(c).primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('system_name', 'text', (c) => c.notNull())
    .addColumn('system_key', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('outbox').addColumn('outcome', 'text').execute();
}
