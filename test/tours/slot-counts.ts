// The invariant tours/repo.ts keeps: tour_slot_counts holds, per chatbot and interval, the number
// of booked appointments. Checked at the end of the suites that book, cancel and move showings.
import { expect } from 'vitest';
import type { Db } from '../../src/db/connect.ts';

export async function expectSlotCountsMatch(db: Db, workspaceId: number): Promise<void> {
  const booked = await db.kysely
    .selectFrom('appointments')
    .select(['chatbot_id', 'start_at', 'end_at', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', '=', 'booked')
    .where('workspace_id', '=', workspaceId)
    .groupBy(['chatbot_id', 'start_at', 'end_at'])
    .execute();
  const chatbots = await db.kysely
    .selectFrom('chatbots')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .execute();
  const counts = await db.kysely
    .selectFrom('tour_slot_counts')
    .select(['chatbot_id', 'start_at', 'end_at', 'booked'])
    .where('booked', '>', 0)
    .where('chatbot_id', 'in', chatbots.length ? chatbots.map((c) => c.id) : [-1])
    .execute();
  const key = (r: { chatbot_id: number; start_at: string; end_at: string }) =>
    `${r.chatbot_id} ${r.start_at} ${r.end_at}`;
  expect(new Map(counts.map((r) => [key(r), Number(r.booked)]))).toEqual(
    new Map(booked.map((r) => [key(r), Number(r.n)])),
  );
}
