// `listings import FILE --chatbot SERIAL`: upsert by MLSNumber, each row validated exactly
// like a RealEstateCreate body; good rows are kept when others are rejected.
import type { Kysely } from 'kysely';
import { findChatbotBySerial } from '../chatbots/repo.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/tables.ts';
import { DomainError, NotFound } from '../errors.ts';
import type { Listing } from '../listings/columns.ts';
import { findListingByKey, type Owner, refreshListingStatistics } from '../listings/repo.ts';
import type { ListingFields } from '../listings/schemas.ts';
import { applyUpdate, INSERT_CHUNK, insertChecked, insertMany, listingsByMlsNumber } from '../listings/service.ts';
import { validateListing } from '../listings/validate.ts';
import type { Command } from './command.ts';
import type { CommandContext } from './io.ts';
import { requiredText } from './io.ts';
import { readListingRows } from './listing-rows.ts';
import { progressBar } from './progress.ts';

/** Rows per transaction: one commit per batch is what makes a 100k-row import fast. */
export const BATCH_SIZE = 2000;

export interface Rejection {
  /** 1-based data row (the CSV header is not counted). */
  row: number;
  reason: string;
}

export interface ImportSummary {
  chatbot: string;
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  rejections: Rejection[];
  seconds: number;
}

interface GoodRow {
  row: number;
  fields: ListingFields;
}

type Outcome = 'created' | 'updated' | Rejection;

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
    if (existing) await applyUpdate(k, owner, existing, good.fields, now);
    else await insertChecked(k, owner, good.fields, now);
    state.written.add(mls);
    return existing ? 'updated' : 'created';
  } catch (err) {
    // Conflicts (a Url held by another listing) reject the row, worded as the API's 409.
    if (err instanceof DomainError) return { row: good.row, reason: err.message };
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

async function writeBatch(ctx: CommandContext, owner: Owner, rows: GoodRow[], now: Date): Promise<Outcome[]> {
  try {
    return await ctx.db.kysely.transaction().execute((trx) => upsertAll(trx, owner, rows, now));
  } catch {
    // PostgreSQL aborts the whole transaction at a failed statement (an insert whose Url
    // another listing holds), so the batch is rolled back and redone one row at a time, as
    // the API would run them; a real fault (database down) fails again there and stops.
    return upsertAll(ctx.db.kysely, owner, rows, now);
  }
}

export async function importListings(ctx: CommandContext, file: string, serialNumber: string): Promise<ImportSummary> {
  const started = performance.now();
  const bot = await findChatbotBySerial(ctx.db.kysely, serialNumber);
  if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
  const owner = { workspaceId: bot.workspaceId, chatbotId: bot.id };
  const rows = readListingRows(file);
  const summary: ImportSummary = {
    chatbot: serialNumber,
    rows: rows.length,
    created: 0,
    updated: 0,
    rejected: 0,
    rejections: [],
    seconds: 0,
  };
  const progress = progressBar(ctx.io, rows.length, !ctx.json);
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const good: GoodRow[] = [];
    const outcomes: Outcome[] = [];
    rows.slice(start, start + BATCH_SIZE).forEach((raw, i) => {
      const row = start + i + 1;
      const check = validateListing(raw, serialNumber);
      if (check.ok) good.push({ row, fields: check.fields });
      else outcomes.push({ row, reason: check.message });
    });
    if (good.length) outcomes.push(...(await writeBatch(ctx, owner, good, ctx.now())));
    for (const o of outcomes) {
      if (o === 'created') summary.created++;
      else if (o === 'updated') summary.updated++;
      else summary.rejections.push(o);
    }
    progress.update(Math.min(rows.length, start + BATCH_SIZE));
  }
  progress.finish();
  if (summary.created + summary.updated > 0) await refreshListingStatistics(ctx.db.kysely);
  summary.rejections.sort((a, b) => a.row - b.row);
  summary.rejected = summary.rejections.length;
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}

export function summaryText(s: ImportSummary): string {
  const head =
    `Imported ${s.rows} rows into chatbot ${s.chatbot} in ${s.seconds} s: ` +
    `created ${s.created}, updated ${s.updated}, rejected ${s.rejected}`;
  return [head, ...s.rejections.map((r) => `  row ${r.row}: ${r.reason}`)].join('\n');
}

export const listingsImport: Command = {
  path: 'listings import',
  synopsis: '<file.json|file.csv> --chatbot SERIAL',
  summary: 'create or update (by MLSNumber) listings from a JSON or CSV file',
  options: { chatbot: { type: 'string' } },
  positionals: ['FILE'],
  migrates: true,
  async run(ctx, values, [file = '']) {
    const summary = await importListings(ctx, file, requiredText(values, 'chatbot'));
    return { json: summary, text: summaryText(summary) };
  },
};
