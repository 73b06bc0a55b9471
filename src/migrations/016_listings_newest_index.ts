import type { MigrationDb } from './columns.ts';

// listings_chatbot_id gains workspace_id (every listings query checks it), so that a chatbot's
// listings newest first, their count and a deep page's IDs are read from the index alone
// (PostgreSQL: an index-only scan). With (chatbot_id, id) PostgreSQL walked the primary key
// backwards and filtered every row: the page at offset 99,900 of 100,000 took 80 ms and the
// chatbot's count a sequential scan (bench/README.md, "Query plans").
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('listings_chatbot_id').execute();
  await db.schema
    .createIndex('listings_chatbot_id')
    .on('listings')
    .columns(['chatbot_id', 'workspace_id', 'id'])
    .execute();
}
