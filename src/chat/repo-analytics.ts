// What analytics count from the messages, sessions and ratings themselves (review/analytics.ts,
// docs/review.md): a chatbot's questions and answers per local day where the days do not begin
// on a ten-minute slice (each day's range of UTC given by the caller), and its ratings and
// handoffs in a time range grouped by ten-minute slices of UTC (the first 15 characters of an
// ISO time). Slices fall wholly within one local day in every zone whose offset is a multiple
// of ten minutes, so the caller sums them into local days. The questions, answers and
// conversations of such days are counted as they are written (repo-message-counts.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AnalyticsDay } from './analytics-days.ts';

export interface AnalyticsScope {
  workspaceId: number;
  chatbotId: number;
  from: string;
  to: string;
}

const slice = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 15)`;

const DAYS_PER_QUERY = 100;

/**
 * The questions, answered answers and noAnswer answers of each day, for days that do not begin
 * on a ten-minute slice (the others sum message_counts: review/analytics.ts): one count per day
 * over its range of the (chatbot_id, created_at, workspace_id, role, no_answer) index, so no row
 * is read and nothing is sorted.
 */
export async function messageDays(db: Kysely<Database>, s: AnalyticsScope, days: AnalyticsDay[]) {
  const ofDay = (d: AnalyticsDay) =>
    db
      .selectFrom('messages as m')
      .select((eb) => [
        sql<string>`cast(${d.day} as text)`.as('day'),
        eb.fn.countAll<number | string>().filterWhere('m.role', '=', 'user').as('questions'),
        eb.fn.countAll<number | string>().filterWhere('m.role', '=', 'assistant').as('answers'),
        eb.fn
          .countAll<number | string>()
          .filterWhere((f) => f.and([f('m.role', '=', 'assistant'), f('m.no_answer', '=', 1)]))
          .as('noAnswer'),
      ])
      .where('m.chatbot_id', '=', s.chatbotId)
      .where('m.workspace_id', '=', s.workspaceId)
      .where('m.created_at', '>=', d.from)
      .where('m.created_at', '<', d.to);
  // One statement per hundred days: SQLite joins at most 500 selects in one.
  const batches = [];
  for (let i = 0; i < days.length; i += DAYS_PER_QUERY) {
    const [first, ...rest] = days.slice(i, i + DAYS_PER_QUERY).map(ofDay);
    if (first) batches.push(rest.reduce((q, next) => q.unionAll(next), first).execute());
  }
  const rows = (await Promise.all(batches)).flat();
  return rows.map((r) => ({
    day: r.day,
    questions: Number(r.questions),
    answered: Number(r.answers) - Number(r.noAnswer),
    noAnswer: Number(r.noAnswer),
  }));
}

/** Handoffs by the slice the lead was left in. */
export async function handoffSlices(db: Kysely<Database>, s: AnalyticsScope) {
  const rows = await db
    .selectFrom('sessions as s')
    .select((eb) => [slice('s.lead_at').as('slice'), eb.fn.countAll<number | string>().as('n')])
    .where('s.chatbot_id', '=', s.chatbotId)
    .where('s.workspace_id', '=', s.workspaceId)
    .where('s.lead_at', '>=', s.from)
    .where('s.lead_at', '<', s.to)
    .groupBy(slice('s.lead_at'))
    .execute();
  return rows.map((r) => ({ slice: r.slice, n: Number(r.n) }));
}

/** Ratings by the slice of their last change. */
export async function ratingSlices(db: Kysely<Database>, s: AnalyticsScope) {
  const rows = await db
    .selectFrom('answer_ratings as r')
    .select((eb) => [slice('r.updated_at').as('slice'), 'r.rating', eb.fn.countAll<number | string>().as('n')])
    .where('r.chatbot_id', '=', s.chatbotId)
    .where('r.workspace_id', '=', s.workspaceId)
    .where('r.updated_at', '>=', s.from)
    .where('r.updated_at', '<', s.to)
    .groupBy([slice('r.updated_at'), 'r.rating'])
    .execute();
  return rows.map((r) => ({ slice: r.slice, rating: r.rating, n: Number(r.n) }));
}
