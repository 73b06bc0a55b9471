import type { MigrationDb } from './columns.ts';

// A name for each API key, given by the owner who creates it on the console's Keys page ("Zapier",
// "our website"), so that a list of keys says which is which before one is revoked. Keys made
// before, and those made by the CLI or at first start, have an empty name.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
