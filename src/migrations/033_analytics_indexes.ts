import { sql } from 'kysely';
import type { MigrationDb } from './columns.ts';

// The analytics page's counts (review/analytics.ts, docs/review.md "Analytics") read from
// indexes alone, not from the messages' rows:
// - messages(chatbot_id, created_at, workspace_id, role, no_answer): the questions and
//   answers of a chatbot by ten-minute slice.
// - messages(chatbot_id, created_at, workspace_id, question_id) of the answers with no answer
//   only: the unanswered questions, a small share of the answers.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('messages_chatbot_counts')
    .on('messages')
    .columns(['chatbot_id', 'created_at', 'workspace_id', 'role', 'no_answer'])
    .execute();
  await db.schema
    .createIndex('messages_chatbot_unanswered')
    .on('messages')
    .columns(['chatbot_id', 'created_at', 'workspace_id', 'question_id'])
    .where(sql<boolean>`role = 'assistant' and no_answer = 1`)
    .execute();
}
