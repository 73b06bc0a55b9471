import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// People in the console (users/invites.ts, console/people-routes.ts):
// - users.password_changed_at: when the user last chose their own password (null: still the
//   generated one), which the console's get-started checklist reads.
// - invites: an owner's invitation to join the workspace. Only the SHA-256 of the link's token
//   is kept; used_at marks it spent (a link works once), expires_at 72 hours after it was made.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();
  await withId(db.schema.createTable('invites'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('invites_workspace').on('invites').columns(['workspace_id', 'id']).execute();
}
