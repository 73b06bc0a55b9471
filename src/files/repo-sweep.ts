// How files leave: marked removed when their chatbot or their visitor session goes, and the
// removed or abandoned rows the sweep deletes (sweep.ts). The statuses are repo.ts's.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

type Db = Kysely<Database>;

export async function markChatbotFilesRemoved(db: Db, workspaceId: number, chatbotId: number): Promise<void> {
  await db
    .updateTable('files')
    .set({ status: 'removed' })
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .execute();
}

/**
 * Files to delete, across workspaces (a maintenance job): those removed (their chatbot or
 * their visitor session is gone), and uploads never completed (not active) created before
 * the cutoff.
 */
export async function abandonedFiles(db: Db, cutoff: Date, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'status', 'storage_key'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'removed'),
        eb.and([eb('status', '!=', 'active'), eb('created_at', '<', cutoff.toISOString())]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The visitor sessions, after `after` in ID order, that have files created before the cutoff
 * and not yet removed: housekeeping asks chat which of them are gone. Reads the files_session
 * index in order.
 */
export async function sessionsWithFiles(db: Db, cutoff: Date, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('files')
    .select('session_id')
    .distinct()
    .where('session_id', '>', after)
    .where('created_at', '<', cutoff.toISOString())
    .where('status', '!=', 'removed')
    .orderBy('session_id')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.session_id === null ? [] : [r.session_id]));
}

/**
 * Marks removed the visitors' files created before the cutoff (PARLOR_VISITOR_FILE_DAYS ago),
 * whether or not their session lives: a long-lived session does not keep uploads for ever.
 */
export async function markVisitorFilesExpired(db: Db, cutoff: Date): Promise<number> {
  const r = await db
    .updateTable('files')
    .set({ status: 'removed' })
    .where('session_id', 'is not', null)
    .where('status', '!=', 'removed')
    .where('created_at', '<', cutoff.toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Marks removed the files, created before the cutoff, of visitor sessions that are gone, for the
 * sweep to delete. A younger file is left to a pass after it is an hour old, as an upload in
 * progress must be (its PUT finishes on the row it claimed).
 */
export async function markSessionFilesRemoved(db: Db, sessionIds: number[], cutoff: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .updateTable('files')
    .set({ status: 'removed' })
    .where('session_id', 'in', sessionIds)
    .where('created_at', '<', cutoff.toISOString())
    .execute();
}
