import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// Ratings of answers and the review queue (chat/, docs/review.md):
// - answer_ratings: a visitor's (or an API client's) rating of one answer, up or down with an
//   optional reason; one row per answer (message_id unique), changed in place. Keyed by
//   workspace and session like the messages, so that erasing a session removes its ratings
//   (and removing the answer or the session removes them by cascade).
// - review_resolutions: an item of the review queue marked resolved: kind 'answer' (ref_id the
//   answer's message ID: rated down, noAnswer or a knowledge miss) or 'handoff' (the session's ID),
//   who resolved it and, when fixed, the Q&A entry written into the chatbot's knowledge.
// - messages.knowledge_miss: for an answer, 1 when it looked in the chatbot's knowledge and
//   found no passage (the review queue's "knowledge" items).
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('answer_ratings'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer', ref('sessions'))
    .addColumn('message_id', 'integer', (c) => c.notNull().unique().references('messages.id').onDelete('cascade'))
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answer_ratings_chatbot')
    .on('answer_ratings')
    .columns(['chatbot_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('answer_ratings_session').on('answer_ratings').column('session_id').execute();

  await withId(db.schema.createTable('review_resolutions'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer', ref('sessions'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('resolved_by', 'text', (c) => c.notNull())
    .addColumn('qa_question', 'text')
    .addColumn('qa_answer', 'text')
    .addColumn('resolved_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_resolutions_item', ['workspace_id', 'kind', 'ref_id'])
    .execute();
  await db.schema.createIndex('review_resolutions_session').on('review_resolutions').column('session_id').execute();

  await db.schema
    .alterTable('messages')
    .addColumn('knowledge_miss', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
