// What a chatbot's analytics count of its leads (review/analytics.ts, docs/review.md): the
// leads left in a time range by ten-minute slices of UTC (as chat's counts), and how many
// conversations left one (a booked showing leaves a lead too).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';

interface Scope {
  workspaceId: number;
  chatbotId: number;
  from: string;
  to: string;
}

export async function leadSlices(db: Kysely<Database>, s: Scope) {
  const slice = sql<string>`substr(${sql.ref('l.created_at')}, 1, 15)`;
  const inRange = db
    .selectFrom('leads as l')
    .where('l.chatbot_id', '=', s.chatbotId)
    .where('l.workspace_id', '=', s.workspaceId)
    .where('l.created_at', '>=', s.from)
    .where('l.created_at', '<', s.to);
  const [slices, sessions] = await Promise.all([
    inRange
      .select((eb) => [slice.as('slice'), eb.fn.countAll<number | string>().as('n')])
      .where('l.type', '=', 'Lead')
      .groupBy(slice)
      .execute(),
    inRange.select((eb) => eb.fn.count<number | string>('l.session_id').distinct().as('n')).executeTakeFirst(),
  ]);
  return { slices: slices.map((r) => ({ slice: r.slice, n: Number(r.n) })), sessions: Number(sessions?.n ?? 0) };
}
