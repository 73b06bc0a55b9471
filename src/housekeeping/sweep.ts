// Housekeeping of the public endpoints: sessions that never asked anything are deleted after a
// day (with their visitor keys), and counters of ended windows are dropped. Safe on several
// instances at once: each delete re-checks its condition in the statement.
import type { Kysely } from 'kysely';
import { deleteEndedCounters } from '../abuse/index.ts';
import { deleteSessionsWithoutMessages, sessionsCreatedBefore } from '../chat/index.ts';
import type { Database } from '../db/tables.ts';
import { sessionsWithLeads } from '../leads/index.ts';
import { startPeriodic } from '../periodic.ts';
import { deleteVisitorKeys } from '../workspaces/index.ts';

export const EMPTY_SESSION_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 500;
/** Bounds one pass; the next pass goes on from where it stopped. */
const MAX_BATCHES = 200;

/** Where the previous pass stopped: sessions up to it were looked at already. */
export interface SweepCursor {
  after: { createdAt: string; id: number } | null;
}

/** One pass; answers how many sessions it deleted. */
export async function sweepEmptySessions(db: Kysely<Database>, now: Date, cursor: SweepCursor): Promise<number> {
  const before = new Date(now.getTime() - EMPTY_SESSION_AGE_MS).toISOString();
  let deleted = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = await sessionsCreatedBefore(db, before, cursor.after, BATCH);
    const last = batch[batch.length - 1];
    if (!last) break;
    // A session with a lead is a conversation even without a question: kept.
    const withLeads = await sessionsWithLeads(
      db,
      batch.map((s) => s.id),
    );
    const gone = await deleteSessionsWithoutMessages(
      db,
      batch.map((s) => s.id).filter((id) => !withLeads.has(id)),
    );
    await deleteVisitorKeys(db, gone);
    deleted += gone.length;
    cursor.after = { createdAt: last.created_at, id: last.id };
    if (batch.length < BATCH) break;
  }
  return deleted;
}

/** Runs the sweep every few minutes until the returned function is called. */
export function startAbuseSweeper(
  db: Kysely<Database>,
  clock: () => Date,
  onError: (err: unknown) => void,
): () => void {
  const cursor: SweepCursor = { after: null };
  return startPeriodic(
    async () => {
      const now = clock();
      await sweepEmptySessions(db, now, cursor);
      await deleteEndedCounters(db, now.getTime() / 1000);
    },
    SWEEP_EVERY_MS,
    onError,
  );
}
