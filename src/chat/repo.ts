// Sessions, messages and usage counters: the only module of chat/ that touches the database.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MessageTable, SessionTable } from '../db/tables.ts';

export type Session = Selectable<SessionTable>;
export type Message = Selectable<MessageTable>;

export async function insertSession(db: Kysely<Database>, workspaceId: number, chatbotId: number, now: Date) {
  const row = await db
    .insertInto('sessions')
    .values({ workspace_id: workspaceId, chatbot_id: chatbotId, mode: 'bot', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSession(db: Kysely<Database>, workspaceId: number, sessionId: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Locks the session row until the transaction ends (PostgreSQL); SQLite has one writer. */
export async function lockSession(trx: Kysely<Database>, sessionId: number, forUpdate: boolean) {
  let q = trx.selectFrom('sessions').select('id').where('id', '=', sessionId);
  if (forUpdate) q = q.forUpdate();
  await q.executeTakeFirst();
}

/** Questions of the session since `since`, oldest first (rate limit window). */
export async function questionTimesSince(db: Kysely<Database>, sessionId: number, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('created_at')
    .where('session_id', '=', sessionId)
    .where('role', '=', 'user')
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.created_at);
}

/**
 * Counts one question against the chatbot's month. With a limit, the increment only
 * happens below it (one conditional upsert: atomic across instances); answers false
 * when the month is used up.
 */
export async function countQuestion(
  db: Kysely<Database>,
  chatbotId: number,
  period: string,
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const row = await db
    .insertInto('usage_counters')
    .values({ chatbot_id: chatbotId, period, questions: 1 })
    .onConflict((oc) => {
      const update = oc
        .columns(['chatbot_id', 'period'])
        .doUpdateSet((eb) => ({ questions: eb('usage_counters.questions', '+', 1) }));
      return limit === null ? update : update.where('usage_counters.questions', '<', limit);
    })
    .returning('questions')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewMessage {
  workspaceId: number;
  chatbotId: number;
  sessionId: number;
  role: 'user' | 'assistant';
  content: string;
  askType: string;
  fileIds: number[];
  questionId: number | null;
  totalToken: number;
  noAnswer: boolean;
  status: 'complete' | 'partial' | 'failed';
  engine: string | null;
}

export async function insertMessage(db: Kysely<Database>, m: NewMessage, now: Date): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({
      workspace_id: m.workspaceId,
      chatbot_id: m.chatbotId,
      session_id: m.sessionId,
      role: m.role,
      content: m.content,
      ask_type: m.askType,
      file_ids: m.fileIds.length ? JSON.stringify(m.fileIds) : null,
      question_id: m.questionId,
      total_token: m.totalToken,
      no_answer: m.noAnswer ? 1 : 0,
      status: m.status,
      engine: m.engine,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session's last `limit` messages, oldest first. */
export async function recentMessages(db: Kysely<Database>, sessionId: number, beforeId: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function pageOfMessages(
  db: Kysely<Database>,
  workspaceId: number,
  sessionId: number,
  offset: number,
  limit: number,
) {
  const scoped = db.selectFrom('messages').where('session_id', '=', sessionId).where('workspace_id', '=', workspaceId);
  const [messages, total] = await Promise.all([
    scoped.selectAll().orderBy('id', 'asc').offset(offset).limit(limit).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { messages, total: Number(total.n) };
}

/** Files named by a question, of this workspace only: id → kind ('image'|'audio'|'video'|null). */
export async function activeFileKinds(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string | null>();
  const rows = await db
    .selectFrom('files')
    .select(['id', 'kind'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** The active files among `ids` of the workspace, with what a media question needs to read them. */
export async function activeQuestionFiles(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'kind', 'mime', 'file_name', 'size', 'storage_key'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .where('id', 'in', ids)
    .execute();
}
