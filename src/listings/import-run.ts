// A feed's listings into a chatbot (the CLI's `listings import` and the console's import):
// - Files in Parlor's names or RESO's (told per file), JSON, CSV or a RESO Web API export;
//   every file is read and every row checked before anything is written, so a broken file
//   writes nothing.
// - Rows are upserted by MLSNumber: created, updated, or unchanged (not written). A row that
//   is not marketable (Pending…) is skipped; a bad one is rejected with all its problems, and
//   the good rows are kept (`strict`: any rejected row fails the run and writes nothing).
// - `prune` removes the chatbot's listings the files no longer hold; never when no row was
//   imported, nor after a cancel.
// - Written in batches of one transaction each; progress after each batch, and a cancel
//   (an aborted signal) stops between batches.
import type { Kysely } from 'kysely';
import { findChatbotBySerial } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import { type FileReport, type GoodRow, prepareRows, type Rejection } from './import-rows.ts';
import { type Outcome, previewBatch, writeBatch } from './import-writes.ts';
import type { ListingsFile } from './listings-file.ts';
import type { Owner } from './repo.ts';
import { refreshListingStatistics } from './repo-feed.ts';
import { pruneListings } from './service.ts';

/** Rows per transaction: one commit per batch is what makes a 100k-row import fast. */
export const BATCH_SIZE = 2000;

export interface ImportOptions {
  dryRun: boolean;
  strict: boolean;
  prune: boolean;
  /** The listing page of a feed without ListingURL, `{MLSNumber}` replaced. */
  urlTemplate?: string;
}

export interface ImportSummary {
  chatbot: string;
  /** Nothing was written: the counts are what the import would do. */
  dryRun: boolean;
  files: FileReport[];
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  skipped: number;
  rejected: number;
  /** Skipped rows counted by reason. */
  skippedReasons: Record<string, number>;
  rejections: Rejection[];
  /** Why the run failed (exit status 1), or null. */
  failure: string | null;
  /** Stopped between batches (ImportHooks.signal). */
  cancelled: boolean;
  seconds: number;
}

function tally(summary: ImportSummary, outcomes: Outcome[]): void {
  for (const o of outcomes) {
    if (o === 'created') summary.created++;
    else if (o === 'updated') summary.updated++;
    else if (o === 'unchanged') summary.unchanged++;
    else summary.rejections.push(o);
  }
}

/** What a run reports as it goes, and how it is stopped (the console's Cancel). */
export interface ImportHooks {
  now(): Date;
  /** Rows written (or checked) so far, after each batch. */
  progress?(done: number, total: number): void;
  /** Checked between batches: the batches written stay, the rest is not written. */
  signal?: AbortSignal;
}

async function writeRows(k: Kysely<Database>, owner: Owner, good: GoodRow[], dryRun: boolean, hooks: ImportHooks) {
  const outcomes: Outcome[] = [];
  const seen = new Set<string>();
  for (let start = 0; start < good.length; start += BATCH_SIZE) {
    if (hooks.signal?.aborted) return { outcomes, cancelled: true };
    const batch = good.slice(start, start + BATCH_SIZE);
    outcomes.push(
      ...(dryRun ? await previewBatch(k, owner, batch, seen) : await writeBatch(k, owner, batch, hooks.now())),
    );
    hooks.progress?.(Math.min(good.length, start + BATCH_SIZE), good.length);
  }
  return { outcomes, cancelled: false };
}

/** Files already read (readListingsFile, listingsFileOf) into a chatbot's listings. */
export async function importFiles(
  k: Kysely<Database>,
  files: ListingsFile[],
  serialNumber: string,
  options: ImportOptions,
  hooks: ImportHooks,
): Promise<ImportSummary> {
  const started = performance.now();
  const bot = await findChatbotBySerial(k, serialNumber);
  if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
  const owner = { workspaceId: bot.workspaceId, chatbotId: bot.id };
  const prepared = prepareRows(files, serialNumber, options);
  const summary: ImportSummary = {
    chatbot: serialNumber,
    dryRun: options.dryRun,
    files: prepared.files,
    rows: prepared.files.reduce((n, f) => n + f.rows, 0),
    created: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    skipped: [...prepared.skipped.values()].reduce((a, b) => a + b, 0),
    rejected: 0,
    skippedReasons: Object.fromEntries(prepared.skipped),
    rejections: [...prepared.rejections],
    failure: null,
    cancelled: false,
    seconds: 0,
  };
  const strictFailure = options.strict && prepared.rejections.length > 0;
  if (!strictFailure) {
    const written = await writeRows(k, owner, prepared.good, options.dryRun, hooks);
    tally(summary, written.outcomes);
    summary.cancelled = written.cancelled;
  }
  summary.rejections.sort((a, b) => a.file.localeCompare(b.file) || a.row - b.row);
  summary.rejected = summary.rejections.length;
  const imported = summary.created + summary.updated + summary.unchanged;
  if (summary.cancelled) summary.failure = 'cancelled: the rows before it are written, the rest are not';
  else if (strictFailure) summary.failure = `--strict: ${summary.rejected} rejected rows, nothing written`;
  else if (imported === 0) summary.failure = 'no row was imported';
  else if (options.strict && summary.rejected > 0) summary.failure = `--strict: ${summary.rejected} rows rejected`;
  // A feed that imported nothing is broken, not empty: pruning by it would empty the chatbot;
  // nor does a cancelled run know what the rest of the feed holds.
  if (options.prune && imported > 0 && !strictFailure && !summary.cancelled) {
    summary.removed = await pruneListings(k, owner, prepared.keep, options.dryRun);
  }
  if (!options.dryRun && summary.created + summary.updated + summary.removed > 0) {
    await refreshListingStatistics(k);
  }
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}
