// What the privacy feature reads and removes of chat's sessions and messages: a visitor's
// erasure and the retention sweep (privacy/README.md). Every query is scoped by workspace.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';

/** Those of `ids` that are sessions of the workspace. */
export async function sessionsOfWorkspace(db: Kysely<Database>, workspaceId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Escapes LIKE's wildcards; the statement says `escape '\'`. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Sessions of the workspace in which the visitor wrote `text` (lower-case) in a question: a
 * visitor who typed their e-mail into the chat carried it there without leaving a lead.
 */
export async function sessionsWhereVisitorWrote(
  db: Kysely<Database>,
  workspaceId: number,
  text: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select('session_id')
    // Not DISTINCT: that walks messages_session and reads each row from there; a plain scan of
    // the table is several times faster, and the matches are few.
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'user')
    // Case-insensitive either way (SQLite's LIKE is, for ASCII), without lower() on every row.
    .where(
      isPostgres(db)
        ? sql<boolean>`content ilike ${likeText(text)} escape '\\'`
        : sql<boolean>`content like ${likeText(text)} escape '\\'`,
    )
    .execute();
  return [...new Set(rows.map((r) => r.session_id))];
}

/** How many messages the sessions hold. */
export async function countMessagesOfSessions(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Deletes up to `limit` messages of the sessions; answers how many. Called in a
 * loop, each call its own short transaction, so that a session of many messages never holds
 * the database for long.
 */
export async function deleteMessagesOfSessions(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
  limit: number,
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const ids = await db
    .selectFrom('messages')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    // No order: ordered by ID, SQLite walks every message by its key instead of messages_session.
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('messages')
    .where(
      'id',
      'in',
      ids.map((m) => m.id),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes the sessions (their messages first: deleteMessagesOfSessions); answers how many. */
export async function deleteSessions(db: Kysely<Database>, workspaceId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('sessions')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A chatbot's sessions last active before `before` (created before it, and no question or
 * reply since), oldest first: the retention sweep's batch.
 */
export async function sessionsOlderThan(
  db: Kysely<Database>,
  chatbotId: number,
  before: string,
  limit: number,
): Promise<{ id: number; workspace_id: number }[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'workspace_id'])
    .where('chatbot_id', '=', chatbotId)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('last_activity_at', 'is', null), eb('last_activity_at', '<', before)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
