// What a chatbot's analytics count of its showings (review/analytics.ts, docs/review.md): the
// showings booked in a time range (cancelled since or not) by ten-minute slices of UTC (as
// chat's counts), and how many conversations booked one.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';

interface Scope {
  workspaceId: number;
  chatbotId: number;
  from: string;
  to: string;
}

export async function showingSlices(db: Kysely<Database>, s: Scope) {
  const slice = sql<string>`substr(${sql.ref('a.created_at')}, 1, 15)`;
  const inRange = db
    .selectFrom('appointments as a')
    .where('a.chatbot_id', '=', s.chatbotId)
    .where('a.workspace_id', '=', s.workspaceId)
    .where('a.created_at', '>=', s.from)
    .where('a.created_at', '<', s.to)
    .where('a.mls_number', '!=', '');
  const [slices, sessions] = await Promise.all([
    inRange
      .select((eb) => [slice.as('slice'), eb.fn.countAll<number | string>().as('n')])
      .groupBy(slice)
      .execute(),
    inRange.select((eb) => eb.fn.count<number | string>('a.session_id').distinct().as('n')).executeTakeFirst(),
  ]);
  return { slices: slices.map((r) => ({ slice: r.slice, n: Number(r.n) })), sessions: Number(sessions?.n ?? 0) };
}

/** The showings the sessions booked (newest first): a conversation export's appointment. */
export async function showingsOfSessions(db: Kysely<Database>, workspaceId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('appointments')
    .select(['session_id', 'start_at', 'status', 'address', 'mls_number'])
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .orderBy('id', 'desc')
    .execute();
}
