// How many times each question text was asked of a chatbot on each day of UTC (question_counts,
// migration 034): the analytics page's top questions read these few rows instead of every
// question of the range. A count is added to in the question's own transaction and taken from
// in the transaction that removes the question (an erasure, the retention sweep), so it always
// equals a count over the questions stored.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AnalyticsScope } from './repo-analytics.ts';

/**
 * A question's text as counted: lower-cased, its first 500 characters (a PostgreSQL index
 * entry holds about 2,700 bytes; two questions alike in their first 500 characters are one).
 * Lower-cased by the database, as migration 034 did, so every count of a text has one key.
 */
const questionKey = (column: string) => sql<string>`substr(lower(${sql.ref(column)}), 1, 500)`;
const utcDay = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The questions among the messages, counted by chatbot, day and key. */
function questionsAmong(db: Kysely<Database>, messageIds: number[]) {
  return db
    .selectFrom('messages as m')
    .select((eb) => [
      'm.chatbot_id',
      utcDay('m.created_at').as('day'),
      questionKey('m.content').as('question'),
      'm.workspace_id',
      eb.fn.countAll<number>().as('asked'),
    ])
    .where('m.id', 'in', messageIds)
    .where('m.role', '=', 'user')
    .groupBy(['m.chatbot_id', utcDay('m.created_at'), questionKey('m.content'), 'm.workspace_id']);
}

/** Counts the questions among the messages just stored (call it in their transaction). */
export async function countQuestions(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .insertInto('question_counts')
    .columns(['chatbot_id', 'day', 'question', 'workspace_id', 'asked'])
    .expression(questionsAmong(db, messageIds))
    .onConflict((oc) =>
      oc
        .columns(['chatbot_id', 'day', 'question'])
        .doUpdateSet({ asked: sql<number>`question_counts.asked + excluded.asked` }),
    )
    .execute();
}

/** Takes the questions among the messages about to be removed out of the counts (call it in their transaction). */
export async function uncountQuestions(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .updateTable('question_counts as c')
    .from(questionsAmong(db, messageIds).as('r'))
    .set((eb) => ({ asked: eb('c.asked', '-', eb.ref('r.asked')) }))
    .whereRef('c.chatbot_id', '=', 'r.chatbot_id')
    .whereRef('c.day', '=', 'r.day')
    .whereRef('c.question', '=', 'r.question')
    .execute();
  await db
    .deleteFrom('question_counts')
    .where('asked', '<=', 0)
    .where((eb) =>
      eb(
        eb.refTuple('chatbot_id', 'day', 'question'),
        'in',
        eb
          .selectFrom('messages as m')
          .select(['m.chatbot_id', utcDay('m.created_at').as('day'), questionKey('m.content').as('question')])
          .where('m.id', 'in', messageIds)
          .where('m.role', '=', 'user')
          .$asTuple('chatbot_id', 'day', 'question'),
      ),
    )
    .execute();
}

/**
 * The most asked question texts (lower-cased) in the range, most first; the caller merges
 * near-identical ones. The whole days of UTC in the range are read from the counts; the hours
 * before the first and after the last (a local day begins at another hour of UTC) from the
 * questions themselves.
 */
export async function questionTexts(db: Kysely<Database>, s: AnalyticsScope, limit: number) {
  const nextDay = (iso: string) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString();
  const firstWhole = s.from.slice(11) === '00:00:00.000Z' ? s.from : nextDay(s.from);
  const endWhole = `${s.to.slice(0, 10)}T00:00:00.000Z`;
  const asked = (from: string, to: string) =>
    db
      .selectFrom('messages as m')
      // Typed as the counts' column, to join their union; read through Number() below.
      .select((eb) => [questionKey('m.content').as('question'), eb.fn.countAll<number>().as('asked')])
      .where('m.chatbot_id', '=', s.chatbotId)
      .where('m.workspace_id', '=', s.workspaceId)
      .where('m.created_at', '>=', from)
      .where('m.created_at', '<', to)
      .where('m.role', '=', 'user')
      .groupBy(questionKey('m.content'));
  // A range shorter than a whole day of UTC is read from the questions alone.
  const parts =
    firstWhole >= endWhole
      ? asked(s.from, s.to)
      : db
          .selectFrom('question_counts as c')
          .select(['c.question', 'c.asked'])
          .where('c.chatbot_id', '=', s.chatbotId)
          .where('c.workspace_id', '=', s.workspaceId)
          .where('c.day', '>=', firstWhole.slice(0, 10))
          .where('c.day', '<', endWhole.slice(0, 10))
          .unionAll(asked(s.from, firstWhole))
          .unionAll(asked(endWhole, s.to));
  const rows = await db
    .selectFrom(parts.as('p'))
    .select((eb) => ['p.question', eb.fn.sum<number | string>('p.asked').as('n')])
    .groupBy('p.question')
    .orderBy('n', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ text: r.question, n: Number(r.n) }));
}
