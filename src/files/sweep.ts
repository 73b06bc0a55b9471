// Deletes what no one will use: uploads never completed within an hour, and removed files (of
// removed chatbots, or of visitor sessions that are gone: housekeeping/file-sweep.ts marks
// those and runs this pass on a timer). Safe to run on several instances at once: a row is
// deleted only while it keeps the status the sweeper saw, and the blob only after its row.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { deleteFileRow } from './repo.ts';
import { abandonedFiles } from './repo-sweep.ts';
import type { FileStorage } from './storage.ts';

export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const BATCH = 500;

/** One pass; returns how many files were deleted. */
export async function deleteAbandonedFiles(db: Kysely<Database>, storage: FileStorage, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  let deleted = 0;
  for (;;) {
    const batch = await abandonedFiles(db, cutoff, BATCH);
    let progress = false;
    for (const file of batch) {
      if (!(await deleteFileRow(db, file.id, file.status))) continue;
      await storage.delete(file.storage_key);
      deleted++;
      progress = true;
    }
    // A batch where every row changed under us would come back the same: stop.
    if (batch.length < BATCH || !progress) return deleted;
  }
}
