import type { MigrationDb } from './columns.ts';

// Visitor keys by their session: the retention sweep, an erasure and the empty-session sweep
// remove the keys of the sessions they remove (workspaces/repo.ts deleteVisitorKeys). Without
// it each batch of 100 sessions read every key of every workspace, one per visitor.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('api_keys_session').on('api_keys').column('session_id').execute();
}
