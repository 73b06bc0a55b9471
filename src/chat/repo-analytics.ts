// What analytics count (review/analytics.ts, docs/review.md): a chatbot's questions and
// answers per local day (each day's range of UTC given by the caller), and its conversations,
// ratings and handoffs in a time range grouped by ten-minute slices of UTC (the first 15
// characters of an ISO time). Slices fall wholly within one local day in every zone whose
// offset is a multiple of ten minutes, so the caller sums them into local days.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { messageSlices } from './repo-message-counts.ts';

export interface AnalyticsScope {
  workspaceId: number;
  chatbotId: number;
  from: string;
  to: string;
}

const slice = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 15)`;

const DAYS_PER_QUERY = 100;

/** A local day of the range: its name and the UTC instants it begins and ends at. */
export interface AnalyticsDay {
  day: string;
  from: string;
  to: string;
}

/** Whether an instant begins a ten-minute slice (as every local midnight does in most zones). */
const beginsSlice = (iso: string) => /0:00\.000Z$/.test(iso);

/**
 * The questions, answered answers and noAnswer answers of each day. When every day begins and
 * ends on a ten-minute slice, summed from the counts kept per slice (repo-message-counts.ts);
 * else (a zone whose offset is not a multiple of ten minutes) one count per day over its range
 * of the (chatbot_id, created_at, workspace_id, role, no_answer) index, so no row is read and
 * nothing is sorted.
 */
export async function messageDays(db: Kysely<Database>, s: AnalyticsScope, days: AnalyticsDay[]) {
  if (days.every((d) => beginsSlice(d.from) && beginsSlice(d.to))) return daysOfSlices(db, s, days);
  return daysOfIndex(db, s, days);
}

async function daysOfSlices(db: Kysely<Database>, s: AnalyticsScope, days: AnalyticsDay[]) {
  const out = days.map((d) => ({ day: d.day, questions: 0, answered: 0, noAnswer: 0 }));
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return out;
  const slices = await messageSlices(db, { ...s, from: first.from, to: last.to });
  for (const c of slices) {
    const d = out[dayHolding(days, `${c.slice}0:00.000Z`)];
    if (!d) continue;
    d.questions += c.questions;
    d.answered += c.answers - c.noAnswer;
    d.noAnswer += c.noAnswer;
  }
  return out;
}

/** The index of the day whose range holds the instant (the days in order), or -1. */
function dayHolding(days: AnalyticsDay[], iso: string): number {
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((days[mid]?.from ?? '') <= iso) lo = mid;
    else hi = mid - 1;
  }
  const d = days[lo];
  return d && d.from <= iso && iso < d.to ? lo : -1;
}

async function daysOfIndex(db: Kysely<Database>, s: AnalyticsScope, days: AnalyticsDay[]) {
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

/**
 * Conversations (sessions with at least one question) by the slice they began in, from the
 * counts kept per slice (repo-message-counts.ts); handoffs by when the lead was left.
 */
export async function sessionSlices(db: Kysely<Database>, s: AnalyticsScope) {
  const [counted, handoffs] = await Promise.all([
    messageSlices(db, s),
    db
      .selectFrom('sessions as s')
      .select((eb) => [slice('s.lead_at').as('slice'), eb.fn.countAll<number | string>().as('n')])
      .where('s.chatbot_id', '=', s.chatbotId)
      .where('s.workspace_id', '=', s.workspaceId)
      .where('s.lead_at', '>=', s.from)
      .where('s.lead_at', '<', s.to)
      .groupBy(slice('s.lead_at'))
      .execute(),
  ]);
  return {
    conversations: counted.filter((c) => c.conversations > 0).map((c) => ({ slice: c.slice, n: c.conversations })),
    handoffs: handoffs.map((r) => ({ slice: r.slice, n: Number(r.n) })),
  };
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
