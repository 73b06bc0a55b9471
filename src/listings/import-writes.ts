// The import's writes: rows upserted by MLS number in batches of one transaction each, a row
// identical to its listing left alone (`unchanged`), and the same counts without a write for
// `--dry-run`.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/tables.ts';
import { DomainError } from '../errors.ts';
import type { Listing } from './columns.ts';
import type { GoodRow, Rejection } from './import-rows.ts';
import { findListingByKey, type Owner } from './repo.ts';
import { applyUpdate, INSERT_CHUNK, insertChecked, insertMany, isUnchanged, listingsByMlsNumber } from './service.ts';

export type Outcome = 'created' | 'updated' | 'unchanged' | Rejection;

/** What a batch knows of its MLS numbers: the listings fetched up front, and those it wrote since. */
interface BatchState {
  known: Map<string, Listing>;
  written: Set<string>;
}

async function upsert(
  k: Kysely<Database>,
  owner: Owner,
  good: GoodRow,
  state: BatchState,
  now: Date,
): Promise<Outcome> {
  const mls = good.fields.MLSNumber.trim();
  try {
    // A listing this batch already wrote is read again: the fetched copy is stale.
    const existing = state.written.has(mls)
      ? await findListingByKey(k, owner, 'MLSNumber', mls, true)
      : state.known.get(mls);
    if (existing && isUnchanged(existing, good.fields)) return 'unchanged';
    if (existing) await applyUpdate(k, owner, existing, good.fields, now);
    else await insertChecked(k, owner, good.fields, now);
    state.written.add(mls);
    return existing ? 'updated' : 'created';
  } catch (err) {
    // Conflicts (a Url held by another listing) reject the row, worded as the API's 409.
    if (err instanceof DomainError) return { file: good.file, row: good.row, errors: [err.message] };
    throw err;
  }
}

/** Whether every row is a new listing, its MLS number appearing once in the batch. */
function allNew(rows: GoodRow[], mlsNumbers: string[], known: Map<string, Listing>): boolean {
  return rows.length > 1 && new Set(mlsNumbers).size === rows.length && mlsNumbers.every((m) => !known.has(m));
}

/** Upserts rows in order; one query up front fetches the listings their MLS numbers name. */
async function upsertAll(k: Kysely<Database>, owner: Owner, rows: GoodRow[], now: Date): Promise<Outcome[]> {
  const mlsNumbers = rows.map((r) => r.fields.MLSNumber.trim());
  const state = { known: await listingsByMlsNumber(k, owner, mlsNumbers), written: new Set<string>() };
  // Only an all-new batch takes multi-row inserts, so the outcome never depends on order.
  // A Url already taken fails its statement (the ones before it stand); the rows from
  // there on are written one at a time, where insertChecked names the holder.
  let inserted = 0;
  if (allNew(rows, mlsNumbers, state.known)) {
    try {
      for (; inserted < rows.length; inserted += INSERT_CHUNK) {
        const chunk = rows.slice(inserted, inserted + INSERT_CHUNK).map((r) => r.fields);
        await insertMany(k, owner, chunk, now);
      }
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  const out: Outcome[] = rows.slice(0, inserted).map(() => 'created');
  for (const r of rows.slice(inserted)) out.push(await upsert(k, owner, r, state, now));
  return out;
}

export async function writeBatch(k: Kysely<Database>, owner: Owner, rows: GoodRow[], now: Date): Promise<Outcome[]> {
  try {
    return await k.transaction().execute((trx) => upsertAll(trx, owner, rows, now));
  } catch {
    // PostgreSQL aborts the whole transaction at a failed statement (an insert whose Url
    // another listing holds), so the batch is rolled back and redone one row at a time, as
    // the API would run them; a real fault (database down) fails again there and stops.
    return upsertAll(k, owner, rows, now);
  }
}

/**
 * What writeBatch would do, without writing: `seen` carries the MLS numbers earlier batches
 * would have written. (A Url another listing holds is found only by the write.)
 */
export async function previewBatch(
  k: Kysely<Database>,
  owner: Owner,
  rows: GoodRow[],
  seen: Set<string>,
): Promise<Outcome[]> {
  const known = await listingsByMlsNumber(
    k,
    owner,
    rows.map((r) => r.fields.MLSNumber.trim()),
  );
  return rows.map((r) => {
    const mls = r.fields.MLSNumber.trim();
    if (seen.has(mls)) return 'updated';
    seen.add(mls);
    const existing = known.get(mls);
    if (!existing) return 'created';
    return isUnchanged(existing, r.fields) ? 'unchanged' : 'updated';
  });
}
