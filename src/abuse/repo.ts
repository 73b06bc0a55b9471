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

/**
 * Counts a hit in its slice of a sliding window and answers null when the slices still in the
 * window (window_end after now) hold at most the ceiling, else the seconds until enough of them
 * have left it for one more. The upsert locks the slice's row until the transaction ends, so
 * concurrent attempts in one slice on any instance count each other; the caller rolls back a
 * refused attempt. At a slice's edge two attempts may each miss the other: one more at most.
 */
export async function slidingHits(db: Kysely<Database>, hit: Hit, nowSeconds: number): Promise<number | null> {
  await db
    .insertInto('abuse_counters')
    .values({ scope: hit.scope, window_end: hit.windowEnd, hits: 1, ceiling: hit.ceiling })
    .onConflict((oc) =>
      oc.columns(['scope', 'window_end']).doUpdateSet((eb) => ({ hits: eb('abuse_counters.hits', '+', 1) })),
    )
    .execute();
  const slices = await db
    .selectFrom('abuse_counters')
    .select(['window_end', 'hits'])
    .where('scope', '=', hit.scope)
    .where('window_end', '>', Math.floor(nowSeconds))
    .orderBy('window_end')
    .execute();
  let held = slices.reduce((n, s) => n + Number(s.hits), 0);
  if (held <= hit.ceiling) return null;
  // This attempt is rolled back: the next one fits once enough of the oldest slices have left.
  held -= 1;
  let wait = hit.windowEnd - nowSeconds;
  for (const s of slices) {
    held -= Number(s.hits);
    if (held + 1 <= hit.ceiling) {
      wait = Number(s.window_end) - nowSeconds;
      break;
    }
  }
  return Math.max(1, Math.ceil(wait));
}

/**
 * Adds `amount` to each hit's window, whatever its ceiling (bytes of an upload that was let in
 * by countHits: the window refuses the next one once it is full).
 */
export async function addToHits(db: Kysely<Database>, hits: readonly Hit[], amount: number): Promise<void> {
  if (hits.length === 0 || amount <= 0) return;
  await db
    .insertInto('abuse_counters')
    .values(hits.map((h) => ({ scope: h.scope, window_end: h.windowEnd, hits: amount, ceiling: h.ceiling })))
    .onConflict((oc) =>
      oc.columns(['scope', 'window_end']).doUpdateSet((eb) => ({ hits: eb('abuse_counters.hits', '+', amount) })),
    )
    .execute();
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
