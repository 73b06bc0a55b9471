import { sql } from 'kysely';
import type { MigrationDb } from './columns.ts';

// The analytics page's top questions (docs/review.md "Analytics") read counts kept on write,
// not every question of the range: how many times each question text was asked of a chatbot
// on each day of UTC. The text is the question's key (chat/repo-question-counts.ts, the same
// expression): lower-cased, its first 500 characters, which keeps the key within what a
// PostgreSQL index entry holds. chat/ adds to a count in the question's transaction and takes
// away from it with the question's removal (an erasure, the retention sweep); the questions
// already stored are counted here.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('question_counts')
    .addColumn('chatbot_id', 'integer', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('asked', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_counts_key', ['chatbot_id', 'day', 'question'])
    .execute();
  await sql`
    insert into question_counts (chatbot_id, day, question, workspace_id, asked)
    select chatbot_id, substr(created_at, 1, 10), substr(lower(content), 1, 500), workspace_id, count(*)
    from messages where role = 'user'
    group by chatbot_id, substr(created_at, 1, 10), substr(lower(content), 1, 500), workspace_id`.execute(db);
}
