// What housekeeping reads and deletes of chat's sessions: the empty-session sweep's batches,
// and which sessions still exist (the file sweep).
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/**
 * Sessions created before `before`, after the (created_at, id) cursor, in that order: the
 * empty-session sweep's batches. Keyset paging over sessions_created reads each session once.
 */
export async function sessionsCreatedBefore(
  db: Kysely<Database>,
  before: string,
  after: { createdAt: string; id: number } | null,
  limit: number,
) {
  let q = db.selectFrom('sessions').select(['id', 'created_at']).where('created_at', '<', before);
  if (after) {
    const { createdAt, id } = after;
    q = q.where((eb) =>
      eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]),
    );
  }
  return q.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/**
 * Deletes those of `ids` that never asked anything; answers the IDs deleted. The check is in
 * the statement, so a session that asks between the sweep's read and this delete is kept.
 */
export async function deleteSessionsWithoutMessages(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('sessions')
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('messages').select('messages.id').whereRef('messages.session_id', '=', 'sessions.id'))),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Those of `ids` that are still sessions: the file sweep deletes the files of the others. */
export async function existingSessions(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('sessions').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
