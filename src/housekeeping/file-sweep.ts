// The file sweep, every five minutes: the files of visitor sessions that are gone are marked
// removed, then the files feature deletes removed files and uploads never completed. Sessions
// belong to chat and files to files; this layer, above both, joins them (docs/architecture.md,
// "Ownership"). Safe on several instances at once: a session ID is never reused, so a session
// found gone stays gone, and each delete re-checks the status it saw.
import type { Kysely } from 'kysely';
import { existingSessions } from '../chat/index.ts';
import type { Database } from '../db/tables.ts';
import {
  ABANDONED_AFTER_MS,
  deleteAbandonedFiles,
  type FileStorage,
  markSessionFilesRemoved,
  sessionsWithFiles,
} from '../files/index.ts';
import { startPeriodic } from '../periodic.ts';

const SWEEP_EVERY_MS = 5 * 60 * 1000;
const BATCH = 500;
/** Bounds one pass over the visitor sessions; the next pass goes on from where it stopped. */
const MAX_BATCHES = 200;

/** Where the previous pass stopped in the visitor sessions with files (0: from the start). */
export interface FileSweepCursor {
  after: number;
}

/** One pass; returns how many files were deleted. */
export async function sweepFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  now: Date,
  cursor: FileSweepCursor = { after: 0 },
): Promise<number> {
  await removeFilesOfGoneSessions(db, new Date(now.getTime() - ABANDONED_AFTER_MS), cursor);
  return deleteAbandonedFiles(db, storage, now);
}

async function removeFilesOfGoneSessions(db: Kysely<Database>, cutoff: Date, cursor: FileSweepCursor) {
  for (let i = 0; i < MAX_BATCHES; i++) {
    const ids = await sessionsWithFiles(db, cutoff, cursor.after, BATCH);
    const live = await existingSessions(db, ids);
    await markSessionFilesRemoved(
      db,
      ids.filter((id) => !live.has(id)),
      cutoff,
    );
    // The end reached: the next pass starts from the beginning.
    cursor.after = ids.length < BATCH ? 0 : (ids[ids.length - 1] ?? 0);
    if (cursor.after === 0) return;
  }
}

/** Runs the sweep every few minutes until the returned function is called. */
export function startFileSweeper(
  db: Kysely<Database>,
  storage: FileStorage,
  clock: () => Date,
  onError: (err: unknown) => void,
): () => void {
  const cursor: FileSweepCursor = { after: 0 };
  return startPeriodic(() => sweepFiles(db, storage, clock(), cursor), SWEEP_EVERY_MS, onError);
}
