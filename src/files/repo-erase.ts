// What the privacy feature reads and removes of files: the visitor uploads of sessions being
// erased or expired (privacy/README.md). The caller deletes the bytes (FileStorage.delete)
// once the transaction that deleted the rows has committed.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** How many files the sessions' visitors uploaded (any status: every row names its bytes). */
export async function countFilesOfSessions(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes the sessions' files' rows; answers their storage keys (the bytes to delete next). */
export async function deleteFilesOfSessions(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .deleteFrom('files')
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}
