// A chatbot's questions, answers, answers with no answer and conversations per ten-minute slice
// of UTC (message_counts, migration 034): the analytics page's days sum these few rows (144 a
// day at most) instead of counting every message of the range. Questions and answers count by
// when they were written; a conversation (a session with at least one question) by when its
// session began, from its first question until its last one is removed. Added to in the
// message's own transaction and taken from in the one that removes it (an erasure, the
// retention sweep), so the counts always equal a count over the messages stored. A slice whose
// messages are all removed keeps its row, at zero: at most 144 rows a day.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AnalyticsScope } from './repo-analytics.ts';

const slice = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 15)`;

/** The questions and answers among the messages, counted by chatbot and slice. */
function messagesAmong(db: Kysely<Database>, messageIds: number[]) {
  return db
    .selectFrom('messages as m')
    .select((eb) => [
      'm.chatbot_id',
      slice('m.created_at').as('slice'),
      'm.workspace_id',
      eb.fn.countAll<number>().filterWhere('m.role', '=', 'user').as('questions'),
      eb.fn.countAll<number>().filterWhere('m.role', '=', 'assistant').as('answers'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('m.role', '=', 'assistant'), f('m.no_answer', '=', 1)]))
        .as('no_answer'),
      sql<number>`0`.as('conversations'),
    ])
    .where('m.id', 'in', messageIds)
    .where('m.role', 'in', ['user', 'assistant'])
    .groupBy(['m.chatbot_id', slice('m.created_at'), 'm.workspace_id']);
}

/**
 * The sessions whose every question is among the messages (a conversation these messages begin,
 * or end when removed), counted by chatbot and the slice their session began in.
 */
function conversationsAmong(db: Kysely<Database>, messageIds: number[]) {
  return db
    .selectFrom('sessions as s')
    .select((eb) => [
      's.chatbot_id',
      slice('s.created_at').as('slice'),
      's.workspace_id',
      sql<number>`0`.as('questions'),
      sql<number>`0`.as('answers'),
      sql<number>`0`.as('no_answer'),
      eb.fn.countAll<number>().as('conversations'),
    ])
    .where('s.id', 'in', (eb) =>
      eb
        .selectFrom('messages as q')
        .select('q.session_id')
        .where('q.id', 'in', messageIds)
        .where('q.role', '=', 'user'),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as o')
            .select('o.id')
            .whereRef('o.session_id', '=', 's.id')
            .where('o.role', '=', 'user')
            .where('o.id', 'not in', messageIds),
        ),
      ),
    )
    .groupBy(['s.chatbot_id', slice('s.created_at'), 's.workspace_id']);
}

const COLUMNS = ['chatbot_id', 'slice', 'workspace_id', 'questions', 'answers', 'no_answer', 'conversations'] as const;

/** Counts the messages just stored (call it in their transaction). */
export async function countMessages(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  for (const among of [messagesAmong, conversationsAmong]) {
    await db
      .insertInto('message_counts')
      .columns(COLUMNS)
      .expression(among(db, messageIds))
      .onConflict((oc) =>
        oc.columns(['chatbot_id', 'slice']).doUpdateSet({
          questions: sql<number>`message_counts.questions + excluded.questions`,
          answers: sql<number>`message_counts.answers + excluded.answers`,
          no_answer: sql<number>`message_counts.no_answer + excluded.no_answer`,
          conversations: sql<number>`message_counts.conversations + excluded.conversations`,
        }),
      )
      .execute();
  }
}

/** Takes the messages about to be removed out of the counts (call it in their transaction). */
export async function uncountMessages(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  for (const among of [messagesAmong, conversationsAmong]) {
    await db
      .updateTable('message_counts as c')
      .from(among(db, messageIds).as('r'))
      .set((eb) => ({
        questions: eb('c.questions', '-', eb.ref('r.questions')),
        answers: eb('c.answers', '-', eb.ref('r.answers')),
        no_answer: eb('c.no_answer', '-', eb.ref('r.no_answer')),
        conversations: eb('c.conversations', '-', eb.ref('r.conversations')),
      }))
      .whereRef('c.chatbot_id', '=', 'r.chatbot_id')
      .whereRef('c.slice', '=', 'r.slice')
      .execute();
  }
}

/** The counts of each slice in the range (slices wholly in it: the range begins and ends on a slice). */
export async function messageSlices(db: Kysely<Database>, s: AnalyticsScope) {
  const rows = await db
    .selectFrom('message_counts')
    .select(['slice', 'questions', 'answers', 'no_answer', 'conversations'])
    .where('chatbot_id', '=', s.chatbotId)
    .where('workspace_id', '=', s.workspaceId)
    .where('slice', '>=', s.from.slice(0, 15))
    .where('slice', '<', s.to.slice(0, 15))
    .execute();
  return rows.map((r) => ({
    slice: r.slice,
    questions: Number(r.questions),
    answers: Number(r.answers),
    noAnswer: Number(r.no_answer),
    conversations: Number(r.conversations),
  }));
}
