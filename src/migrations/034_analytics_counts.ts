import { sql } from 'kysely';
import type { MigrationDb } from './columns.ts';

// The analytics page (docs/review.md "Analytics") reads counts kept on write instead of every
// message of its range; chat/ adds to them in the message's transaction and takes away from
// them with its removal (an erasure, the retention sweep). The messages already stored are
// counted here.
// - question_counts: how many times each question text was asked of a chatbot on each day of
//   UTC, and how many of the answers that day to a question of that text had no answer (while
//   the question is stored too), for the top questions and the top unanswered ones. The text is the question's key (chat/repo-question-counts.ts,
//   the same expression): lower-cased, its first 500 characters, which keeps the key within
//   what a PostgreSQL index entry holds.
// - message_counts: a chatbot's questions, answers, answers with no answer and conversations
//   per ten-minute slice of UTC (chat/repo-message-counts.ts), for the days' series.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('question_counts')
    .addColumn('chatbot_id', 'integer', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('asked', 'integer', (c) => c.notNull())
    .addColumn('unanswered', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_counts_key', ['chatbot_id', 'day', 'question'])
    .execute();
  await sql`
    insert into question_counts (chatbot_id, day, question, workspace_id, asked, unanswered)
    select chatbot_id, substr(created_at, 1, 10), substr(lower(content), 1, 500), workspace_id, count(*), 0
    from messages where role = 'user'
    group by chatbot_id, substr(created_at, 1, 10), substr(lower(content), 1, 500), workspace_id`.execute(db);
  await sql`
    insert into question_counts (chatbot_id, day, question, workspace_id, asked, unanswered)
    select a.chatbot_id, substr(a.created_at, 1, 10), substr(lower(q.content), 1, 500), a.workspace_id, 0, count(*)
    from messages a join messages q on q.id = a.question_id
    where a.role = 'assistant' and a.no_answer = 1
    group by a.chatbot_id, substr(a.created_at, 1, 10), substr(lower(q.content), 1, 500), a.workspace_id
    on conflict (chatbot_id, day, question) do update set unanswered = excluded.unanswered`.execute(db);
  await db.schema
    .createTable('message_counts')
    .addColumn('chatbot_id', 'integer', (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('slice', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('questions', 'integer', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('no_answer', 'integer', (c) => c.notNull())
    .addColumn('conversations', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_counts_key', ['chatbot_id', 'slice'])
    .execute();
  await sql`
    insert into message_counts (chatbot_id, slice, workspace_id, questions, answers, no_answer, conversations)
    select chatbot_id, substr(created_at, 1, 15), workspace_id,
      sum(case when role = 'user' then 1 else 0 end),
      sum(case when role = 'assistant' then 1 else 0 end),
      sum(case when role = 'assistant' and no_answer = 1 then 1 else 0 end),
      0
    from messages where role in ('user', 'assistant')
    group by chatbot_id, substr(created_at, 1, 15), workspace_id`.execute(db);
  await sql`
    insert into message_counts (chatbot_id, slice, workspace_id, questions, answers, no_answer, conversations)
    select s.chatbot_id, substr(s.created_at, 1, 15), s.workspace_id, 0, 0, 0, count(*)
    from sessions s
    where exists (select 1 from messages q where q.session_id = s.id and q.role = 'user')
    group by s.chatbot_id, substr(s.created_at, 1, 15), s.workspace_id
    on conflict (chatbot_id, slice) do update set conversations = excluded.conversations`.execute(db);
}
