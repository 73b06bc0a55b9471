// How many messages each of the drain's transactions removes (docs/privacy.md "Speed"): as many as fit in
// a time budget on this database at the moment. A question can wait for the transaction running:
// on SQLite for the one writer (node:sqlite also runs each statement on the event loop), on
// PostgreSQL for the log the transaction wrote, which reaches the disk before the question's own
// commit does. A fixed count does not bound the time: PostgreSQL's removal of 2,000 ran for over
// 100 ms on a loaded machine.
import type { Db, Dialect } from '../db/connect.ts';

/**
 * The longest a transaction of the drain should take. SQLite's is shorter: its transaction runs
 * on the event loop, mostly without yielding, so every request waits for it whole; its commits
 * no longer wait for the disk (db/commit-later.ts), so more of them cost little.
 */
export const TRANSACTION_BUDGET_MS: Record<Dialect, number> = { sqlite: 10, postgres: 20 };

/**
 * The most messages per transaction. SQLite: its one writer is everyone's. PostgreSQL: each
 * commit waits for the disk, so that fewer would make a sweep of millions take half an hour.
 */
export const MOST_MESSAGES_PER_TRANSACTION: Record<Dialect, number> = { sqlite: 500, postgres: 2000 };

/** The fewest: below it the commits, not the rows, take the time. */
export const FEWEST_MESSAGES_PER_TRANSACTION = 50;

/** Per database, the count the last full transaction leads to (the next drain starts there). */
const fitted = new WeakMap<Db, number>();

export function messagesPerTransaction(db: Db): number {
  return fitted.get(db) ?? MOST_MESSAGES_PER_TRANSACTION[db.dialect];
}

/** The next count after a full transaction of `size` that took `ms`: half over the budget, twice under half of it. */
export function nextCount(size: number, ms: number, most: number, budget: number): number {
  if (ms > budget) return Math.max(FEWEST_MESSAGES_PER_TRANSACTION, Math.floor(size / 2));
  if (ms < budget / 2) return Math.min(most, size * 2);
  return size;
}

/** Records how long a full transaction of `size` took; answers the count for the next. */
export function fitTransaction(db: Db, size: number, ms: number): number {
  const next = nextCount(size, ms, MOST_MESSAGES_PER_TRANSACTION[db.dialect], TRANSACTION_BUDGET_MS[db.dialect]);
  fitted.set(db, next);
  return next;
}
