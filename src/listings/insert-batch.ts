// PostgreSQL: Creates arriving together are written by one INSERT (a group commit made by
// Parlor). Each INSERT on its own costs a round trip, a plan and a commit that waits for its WAL
// flush, on a machine whose cores PostgreSQL shares with Parlor. Here a Create joins the next
// batch, which starts as soon as one of the batches in flight is done: alone, a Create is
// written at once; under load, dozens share one statement and one flush.
//
// A batch is one statement, so it is written whole or not at all. When it fails (a duplicate
// MLSNumber or Url, even between two Creates of the same batch), each of its Creates is written
// again on its own, and gets its own answer: the 409 naming the holder, or its ID.
//
// The IDs come back in the order of the rows given: PostgreSQL returns an INSERT … VALUES'
// rows in that order (Django's bulk_create relies on it too); the batch checks that it got as
// many as it gave.
import type { ListingColumns } from './columns.ts';
import type { ListingRow, Owner } from './repo.ts';

interface Pending {
  owner: Owner;
  columns: ListingColumns;
  now: Date;
  resolve: (id: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Batches written at once (each holds one pooled connection while it runs). One and three
 * measured no better than two within the machine's noise; fewer in flight make bigger batches.
 */
const IN_FLIGHT = 2;
/** Rows in one statement (PostgreSQL takes at most 65,535 parameters; a row has about 50). */
const MAX_ROWS = 200;

export type InsertOne = (owner: Owner, columns: ListingColumns, now: Date) => Promise<number>;

/**
 * An insert of one listing that shares its statement (`writeRows`: all rows or none, their IDs
 * in order) with those arriving meanwhile; `alone` writes one listing by itself (with its own
 * checks), for a batch that failed.
 */
export function batchedInsert(writeRows: (rows: ListingRow[]) => Promise<number[]>, alone: InsertOne): InsertOne {
  const queue: Pending[] = [];
  let running = 0;

  const write = async (batch: Pending[]) => {
    let ids: number[];
    try {
      ids = await writeRows(batch.map((p) => ({ owner: p.owner, columns: p.columns, now: p.now })));
    } catch {
      // Written again alone: the statement wrote nothing, and alone a duplicate is named.
      await Promise.all(
        batch.map(async (p) => {
          try {
            p.resolve(await alone(p.owner, p.columns, p.now));
          } catch (e) {
            p.reject(e);
          }
        }),
      );
      return;
    }
    // Written, but which ID is whose is not known: an error for every caller (never a wrong
    // ID, and never written twice).
    if (ids.length !== batch.length) {
      const err = new Error(`batch insert: ${ids.length} IDs for ${batch.length} rows`);
      for (const p of batch) p.reject(err);
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(ids[i] as number);
  };

  const pump = () => {
    while (running < IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, MAX_ROWS);
      running++;
      void write(batch).finally(() => {
        running--;
        pump();
      });
    }
  };

  return (owner, columns, now) =>
    new Promise<number>((resolve, reject) => {
      queue.push({ owner, columns, now, resolve, reject });
      pump();
    });
}
