import type { MigrationDb } from './columns.ts';

// Answers that hold a conversation:
// - messages.listings: the listing cards an answer showed (JSON array, listings/card.ts), kept
//   as shown so that GetMessages and a reloaded widget show the same cards after the listing
//   changed or went away; null for questions and for answers that showed none.
// - sessions.state: the conversation's state (JSON: the last search's criteria, the listings
//   it showed in order, the page reached), in the database so that follow-ups work across
//   instances and restarts; null before the first search.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('messages').addColumn('listings', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('state', 'text').execute();
}
