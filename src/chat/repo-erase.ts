// What the privacy feature reads and removes of chat's sessions and messages: a visitor's
// erasure and the retention sweep (privacy/README.md). Every query is scoped by workspace.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { uncountForAnalytics } from './analytics-counts.ts';
import { isShown } from './repo-reports.ts';

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
 * the database for long. The questions and answers removed are counted per chatbot
 * (message_removals), so that its message count keeps them, and the messages are taken out of
 * the analytics' counts (analytics-counts.ts).
 */
export async function deleteMessagesOfSessions(
  db: Kysely<Database>,
  workspaceId: number,
  sessionIds: number[],
  limit: number,
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'chatbot_id', 'role', 'status'])
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    // No order: ordered by ID, SQLite walks every message by its key instead of messages_session.
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((m) => m.id);
  await uncountForAnalytics(db, ids);
  const r = await db.deleteFrom('messages').where('id', 'in', ids).executeTakeFirst();
  const shown = new Map<number, number>();
  for (const m of rows) {
    if (isShown(m)) shown.set(m.chatbot_id, (shown.get(m.chatbot_id) ?? 0) + 1);
  }
  for (const [chatbotId, n] of shown) {
    await db
      .insertInto('message_removals')
      .values({ chatbot_id: chatbotId, messages: n })
      .onConflict((oc) =>
        oc.column('chatbot_id').doUpdateSet({ messages: sql<number>`message_removals.messages + excluded.messages` }),
      )
      .execute();
  }
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
