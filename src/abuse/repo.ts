// Counters of the abuse limits: the only module that touches abuse_counters.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** One hit in one fixed window of one limit. */
export interface Hit {
  scope: string;
  /** Unix second the window ends. */
  windowEnd: number;
  /** The most hits the window allows (≥ 1). */
  ceiling: number;
}

/**
 * Counts each hit in its window with one statement, and answers the hits refused: those
 * whose window was already at its ceiling. The upsert increments only below the ceiling
 * and locks the row until the transaction ends, so concurrent callers on any instance
 * count each other; a refused caller rolls its transaction back, which also undoes the
 * increments of its other hits. Scopes must be distinct within one call.
 */
export async function countHits(db: Kysely<Database>, hits: readonly Hit[]): Promise<Hit[]> {
  if (hits.length === 0) return [];
  const rows = await db
    .insertInto('abuse_counters')
    .values(hits.map((h) => ({ scope: h.scope, window_end: h.windowEnd, hits: 1, ceiling: h.ceiling })))
    .onConflict((oc) =>
      oc
        .columns(['scope', 'window_end'])
        .doUpdateSet((eb) => ({ hits: eb('abuse_counters.hits', '+', 1), ceiling: eb.ref('excluded.ceiling') }))
        .whereRef('abuse_counters.hits', '<', 'excluded.ceiling'),
    )
    .returning('scope')
    .execute();
  const counted = new Set(rows.map((r) => r.scope));
  return hits.filter((h) => !counted.has(h.scope));
}

/** Takes back one counted hit of each (a sign-in counted before its password was checked). */
export async function uncountHits(db: Kysely<Database>, hits: readonly Hit[]): Promise<void> {
  for (const h of hits) {
    await db
      .updateTable('abuse_counters')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('scope', '=', h.scope)
      .where('window_end', '=', h.windowEnd)
      .where('hits', '>', 0)
      .execute();
  }
}

/** Removes the counters of windows that have ended; answers how many. */
export async function deleteEndedCounters(db: Kysely<Database>, nowSeconds: number): Promise<number> {
  const r = await db.deleteFrom('abuse_counters').where('window_end', '<=', Math.floor(nowSeconds)).executeTakeFirst();
  return Number(r.numDeletedRows);
}
