// Ratings of answers (answer_ratings): one per answer, changed in place (docs/review.md).
import type { Kysely, Selectable } from 'kysely';
import type { AnswerRatingTable, Database } from '../db/tables.ts';

export type AnswerRating = Selectable<AnswerRatingTable>;

/** The answer `messageId` of the session, in the workspace; undefined for a question, another session's or none. */
export async function answerOfSession(db: Kysely<Database>, workspaceId: number, sessionId: number, messageId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'chatbot_id', 'session_id', 'engine', 'content', 'question_id', 'messages.listings', 'created_at'])
    .where('id', '=', messageId)
    .where('workspace_id', '=', workspaceId)
    .where('session_id', '=', sessionId)
    .where('role', '=', 'assistant')
    .executeTakeFirst();
}

/** The text of a message of the workspace ('' when gone). */
export async function messageText(db: Kysely<Database>, workspaceId: number, messageId: number | null) {
  if (messageId === null) return '';
  const row = await db
    .selectFrom('messages')
    .select('content')
    .where('id', '=', messageId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.content ?? '';
}

export interface NewRating {
  workspaceId: number;
  chatbotId: number;
  sessionId: number;
  messageId: number;
  rating: 'up' | 'down';
  reason: string;
}

/** Stores the answer's rating, replacing an earlier one (one statement: two at once leave one row). */
export async function saveRating(db: Kysely<Database>, r: NewRating, now: Date): Promise<AnswerRating> {
  const at = now.toISOString();
  return db
    .insertInto('answer_ratings')
    .values({
      workspace_id: r.workspaceId,
      chatbot_id: r.chatbotId,
      session_id: r.sessionId,
      message_id: r.messageId,
      rating: r.rating,
      reason: r.reason,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('message_id').doUpdateSet({ rating: r.rating, reason: r.reason, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The IDs of the ratings given in these sessions (privacy/: their webhooks' keys name them). */
export async function ratingIdsOfSessions(db: Kysely<Database>, workspaceId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('answer_ratings')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .execute();
  return rows.map((r) => r.id);
}
