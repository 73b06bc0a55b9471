// How many times each question text was asked of a chatbot on each day of UTC, and how many of
// its answers that day had no answer (question_counts, migration 034): the analytics page's top
// questions and top unanswered ones read these few rows instead of every question of the range.
// A count is added to in the message's own transaction and taken from in the transaction that
// removes the message (an erasure, the retention sweep), so it always equals a count over the
// messages stored: an answer with no answer counts while both it and its question are stored.
import { type AliasableExpression, type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AnalyticsScope } from './repo-analytics.ts';

/**
 * A question's text as counted: lower-cased, its first 500 characters (a PostgreSQL index
 * entry holds about 2,700 bytes; two questions alike in their first 500 characters are one).
 * Lower-cased by the database, as migration 034 did, so every count of a text has one key.
 */
const questionKey = (column: string) => sql<string>`substr(lower(${sql.ref(column)}), 1, 500)`;
const utcDay = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The questions among the messages, one row each. */
function questionsAmong(db: Kysely<Database>, messageIds: number[]) {
  return db
    .selectFrom('messages as m')
    .select([
      'm.chatbot_id',
      utcDay('m.created_at').as('day'),
      questionKey('m.content').as('question'),
      'm.workspace_id',
      sql<number>`1`.as('asked'),
      sql<number>`0`.as('unanswered'),
    ])
    .where('m.id', 'in', messageIds)
    .where('m.role', '=', 'user');
}

/**
 * The answers with no answer that the messages store or remove with their question, one row
 * each: those among the messages, and those whose question is among them (in its session).
 */
function unansweredAmong(db: Kysely<Database>, messageIds: number[]) {
  const pairs = db
    .selectFrom('messages as a')
    .innerJoin('messages as q', 'q.id', 'a.question_id')
    .select([
      'a.chatbot_id',
      utcDay('a.created_at').as('day'),
      questionKey('q.content').as('question'),
      'a.workspace_id',
      sql<number>`0`.as('asked'),
      sql<number>`1`.as('unanswered'),
    ])
    .where('a.role', '=', 'assistant')
    .where('a.no_answer', '=', 1);
  return pairs.where('a.id', 'in', messageIds).unionAll(
    pairs
      .where('q.id', 'in', messageIds)
      .where('a.id', 'not in', messageIds)
      .where('a.session_id', 'in', (eb) =>
        eb.selectFrom('messages as s').select('s.session_id').where('s.id', 'in', messageIds),
      ),
  );
}

/** What the messages add to or take from the counts, by chatbot, day and question. */
function countsAmong(db: Kysely<Database>, messageIds: number[]) {
  return db
    .selectFrom(questionsAmong(db, messageIds).unionAll(unansweredAmong(db, messageIds)).as('r'))
    .select((eb) => [
      'r.chatbot_id',
      'r.day',
      'r.question',
      'r.workspace_id',
      eb.fn.sum<number>('r.asked').as('asked'),
      eb.fn.sum<number>('r.unanswered').as('unanswered'),
    ])
    .groupBy(['r.chatbot_id', 'r.day', 'r.question', 'r.workspace_id']);
}

/** Counts the questions and answers among the messages just stored (call it in their transaction). */
export async function countQuestions(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .insertInto('question_counts')
    .columns(['chatbot_id', 'day', 'question', 'workspace_id', 'asked', 'unanswered'])
    .expression(countsAmong(db, messageIds))
    .onConflict((oc) =>
      oc.columns(['chatbot_id', 'day', 'question']).doUpdateSet({
        asked: sql<number>`question_counts.asked + excluded.asked`,
        unanswered: sql<number>`question_counts.unanswered + excluded.unanswered`,
      }),
    )
    .execute();
}

/** Takes the questions and answers among the messages about to be removed out of the counts (in their transaction). */
export async function uncountQuestions(db: Kysely<Database>, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .updateTable('question_counts as c')
    .from(countsAmong(db, messageIds).as('r'))
    .set((eb) => ({
      asked: eb('c.asked', '-', eb.ref('r.asked')),
      unanswered: eb('c.unanswered', '-', eb.ref('r.unanswered')),
    }))
    .whereRef('c.chatbot_id', '=', 'r.chatbot_id')
    .whereRef('c.day', '=', 'r.day')
    .whereRef('c.question', '=', 'r.question')
    .execute();
  await db
    .deleteFrom('question_counts')
    .where('asked', '<=', 0)
    .where('unanswered', '<=', 0)
    .where((eb) =>
      eb(
        eb.refTuple('chatbot_id', 'day', 'question'),
        'in',
        countsAmong(db, messageIds)
          .clearSelect()
          .select(['r.chatbot_id', 'r.day', 'r.question'])
          .$asTuple('chatbot_id', 'day', 'question'),
      ),
    )
    .execute();
}

/** The whole days of UTC in the range ([first, end) by name), and the hours before and after them. */
function splitRange(s: AnalyticsScope) {
  const nextDay = (iso: string) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString();
  const first = s.from.slice(11) === '00:00:00.000Z' ? s.from : nextDay(s.from);
  const end = `${s.to.slice(0, 10)}T00:00:00.000Z`;
  return first < end ? { first, end } : null;
}

/**
 * The texts counted most in the range (lower-cased), most first; the caller merges near-identical
 * ones. The whole days of UTC in the range are read from the counts; the hours before the first
 * and after the last (a local day begins at another hour of UTC), or a range shorter than a day,
 * from the messages (`counted`, over a time range).
 */
async function mostCounted(
  db: Kysely<Database>,
  s: AnalyticsScope,
  limit: number,
  column: 'asked' | 'unanswered',
  counted: (from: string, to: string) => AliasableExpression<{ question: string; n: number }>,
) {
  const days = splitRange(s);
  const parts = days
    ? db
        .selectFrom('question_counts as c')
        .select(['c.question', `c.${column} as n`])
        .where('c.chatbot_id', '=', s.chatbotId)
        .where('c.workspace_id', '=', s.workspaceId)
        .where('c.day', '>=', days.first.slice(0, 10))
        .where('c.day', '<', days.end.slice(0, 10))
        .where(`c.${column}`, '>', 0)
        .unionAll(counted(s.from, days.first))
        .unionAll(counted(days.end, s.to))
    : counted(s.from, s.to);
  const rows = await db
    .selectFrom(parts.as('p'))
    .select((eb) => ['p.question', eb.fn.sum<number | string>('p.n').as('n')])
    .groupBy('p.question')
    .orderBy('n', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ text: r.question, n: Number(r.n) }));
}

/** The questions asked in a time range, by text (typed as the counts' column, to join their union). */
function askedIn(db: Kysely<Database>, s: AnalyticsScope, from: string, to: string) {
  return db
    .selectFrom('messages as m')
    .select((eb) => [questionKey('m.content').as('question'), eb.fn.countAll<number>().as('n')])
    .where('m.chatbot_id', '=', s.chatbotId)
    .where('m.workspace_id', '=', s.workspaceId)
    .where('m.created_at', '>=', from)
    .where('m.created_at', '<', to)
    .where('m.role', '=', 'user')
    .groupBy(questionKey('m.content'));
}

/** The questions whose answer in a time range had no answer, by text. */
function unansweredIn(db: Kysely<Database>, s: AnalyticsScope, from: string, to: string) {
  return db
    .selectFrom('messages as a')
    .innerJoin('messages as q', 'q.id', 'a.question_id')
    .select((eb) => [questionKey('q.content').as('question'), eb.fn.countAll<number>().as('n')])
    .where('a.chatbot_id', '=', s.chatbotId)
    .where('a.workspace_id', '=', s.workspaceId)
    .where('a.created_at', '>=', from)
    .where('a.created_at', '<', to)
    .where('a.role', '=', 'assistant')
    .where('a.no_answer', '=', 1)
    .groupBy(questionKey('q.content'));
}

/** The most asked question texts (lower-cased), most first. */
export function questionTexts(db: Kysely<Database>, s: AnalyticsScope, limit: number) {
  return mostCounted(db, s, limit, 'asked', (from, to) => askedIn(db, s, from, to));
}

/** The question texts (lower-cased) whose answer in the range was noAnswer, most first. */
export function unansweredTexts(db: Kysely<Database>, s: AnalyticsScope, limit: number) {
  return mostCounted(db, s, limit, 'unanswered', (from, to) => unansweredIn(db, s, from, to));
}
