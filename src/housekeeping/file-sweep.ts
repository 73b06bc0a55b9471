// The file sweep, every five minutes: the files of visitor sessions that are gone, and
// visitors' files older than PARLOR_VISITOR_FILE_DAYS (30) while their session lives, are marked
// removed, then the files feature deletes removed files and uploads never completed. Sessions
// belong to chat and files to files; this layer, above both, joins them (docs/architecture.md,
// "Who owns which table"). Safe on several instances at once: a session ID is never reused, so a session
// found gone stays gone, and each delete re-checks the status it saw.
import type { Kysely } from 'kysely';
import { existingSessions } from '../chat/index.ts';
import type { Database } from '../db/tables.ts';
import {
  ABANDONED_AFTER_MS,
  deleteAbandonedFiles,
  type FileStorage,
  markSessionFilesRemoved,
  markVisitorFilesExpired,
  sessionsWithFiles,
} from '../files/index.ts';
import { startPeriodic } from '../periodic.ts';

const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** Sessions looked at per query; a pass goes through all of them, as the one query it replaces did. */
const BATCH = 500;

/**
 * One pass; returns how many files were deleted. Files' own sweep runs even when marking the
 * gone sessions' files failed (the error is thrown after it), so one failing step does not keep
 * abandoned uploads or removed chatbots' files. `batch` is for tests.
 */
export async function sweepFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  now: Date,
  batch = BATCH,
  visitorFileDays = 30,
): Promise<number> {
  let failure: unknown = null;
  try {
    await removeFilesOfGoneSessions(db, new Date(now.getTime() - ABANDONED_AFTER_MS), batch);
    await markVisitorFilesExpired(db, new Date(now.getTime() - visitorFileDays * 86_400_000));
  } catch (err) {
    failure = err;
  }
  const deleted = await deleteAbandonedFiles(db, storage, now);
  if (failure) throw failure;
  return deleted;
}

/** Marks removed the hour-old files of every visitor session that is gone, in ID order by batches. */
async function removeFilesOfGoneSessions(db: Kysely<Database>, cutoff: Date, batch: number) {
  for (let after = 0; ; ) {
    const ids = await sessionsWithFiles(db, cutoff, after, batch);
    const live = await existingSessions(db, ids);
    await markSessionFilesRemoved(
      db,
      ids.filter((id) => !live.has(id)),
      cutoff,
    );
    const last = ids[ids.length - 1];
    if (last === undefined || ids.length < batch) return;
    after = last;
  }
}

/** Runs the sweep every few minutes until the returned function is called. */
export function startFileSweeper(
  db: Kysely<Database>,
  storage: FileStorage,
  clock: () => Date,
  onError: (err: unknown) => void,
  visitorFileDays = 30,
): () => void {
  return startPeriodic(() => sweepFiles(db, storage, clock(), BATCH, visitorFileDays), SWEEP_EVERY_MS, onError);
}
