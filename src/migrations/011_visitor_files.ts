import type { MigrationDb } from './columns.ts';

// Visitor files (files/): a file a widget visitor uploads belongs to that visitor's session.
// - files.session_id: the session whose visitor key uploaded it (null for the workspace's own
//   files). Only that session may ask about it, and it goes when the session goes.
// - files(session_id): the sweep finds files whose session is gone, and the session quota counts
//   a session's files.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('files').addColumn('session_id', 'integer').execute();
  await db.schema.createIndex('files_session').on('files').column('session_id').execute();
}
