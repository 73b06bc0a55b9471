// Sessions and messages as a conversation writes and reads them; what reports read is in
// repo-reports.ts and what housekeeping sweeps in repo-sweep.ts. Only these touch chat's tables.
import type { Kysely, Selectable } from 'kysely';
import type { TourCardData } from '../answer/index.ts';
import type { Database, MessageTable, SessionTable } from '../db/tables.ts';
import type { ListingCardData } from '../listings/index.ts';
import { countForAnalytics } from './analytics-counts.ts';
import { recordContacts } from './repo-contacts.ts';

export type Session = Selectable<SessionTable>;
export type Message = Selectable<MessageTable>;

/** `uri` is the page the conversation started on, when known. */
export async function insertSession(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  now: Date,
  uri: string | null = null,
) {
  const row = await db
    .insertInto('sessions')
    .values({ workspace_id: workspaceId, chatbot_id: chatbotId, mode: 'bot', uri, created_at: now.toISOString() })
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

/** Every question the session has asked (the per-session limit counts over its whole life). */
export async function sessionQuestionCount(db: Kysely<Database>, workspaceId: number, sessionId: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('session_id', '=', sessionId)
    .where('role', '=', 'user')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
  role: 'user' | 'assistant' | 'agent';
  content: string;
  askType: string;
  fileIds: number[];
  questionId: number | null;
  totalToken: number;
  noAnswer: boolean;
  /** truncated: the provider stopped the answer at its length limit. */
  status: 'complete' | 'partial' | 'failed' | 'truncated';
  engine: string | null;
  /** For an answer: the listing cards it showed, in order (stored as shown). */
  listings?: ListingCardData[];
  /** For an answer: the showing slots it offered or the showing it booked (tours/). */
  tour?: TourCardData | null;
  /** For an agent reply: who wrote it (users.id); null when sent with an API key. */
  userId?: number | null;
  /** For an answer: it looked in the chatbot's knowledge and found no passage. */
  knowledgeMiss?: boolean;
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
      ...(m.listings?.length ? { listings: JSON.stringify(m.listings) } : {}),
      ...(m.tour ? { tour: JSON.stringify(m.tour) } : {}),
      ...(m.userId ? { user_id: m.userId } : {}),
      ...(m.knowledgeMiss ? { knowledge_miss: 1 } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A question's contacts, and those an agent wrote in a reply (the visitor's e-mail confirmed
  // back to them): either makes the session the visitor's for an erasure.
  if (m.role === 'user' || m.role === 'agent') await recordContacts(db, m.workspaceId, m.sessionId, m.content);
  await countForAnalytics(db, [row.id]);
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
    db
      .selectFrom('messages')
      .leftJoin('answer_ratings as r', 'r.message_id', 'messages.id')
      .selectAll('messages')
      .select(['r.rating as rating', 'r.reason as rating_reason', 'r.updated_at as rated_at'])
      .where('messages.session_id', '=', sessionId)
      .where('messages.workspace_id', '=', workspaceId)
      .orderBy('messages.id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { messages, total: Number(total.n) };
}

/** The session's conversation state (the engine's JSON), or null. */
export async function sessionState(db: Kysely<Database>, sessionId: number): Promise<unknown> {
  const row = await db.selectFrom('sessions').select('state').where('id', '=', sessionId).executeTakeFirst();
  if (!row?.state) return null;
  try {
    return JSON.parse(row.state) as unknown;
  } catch {
    return null;
  }
}

export async function saveSessionState(db: Kysely<Database>, sessionId: number, state: unknown): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ state: JSON.stringify(state) })
    .where('id', '=', sessionId)
    .execute();
}

/** Marks the session active now: the console's inbox orders by it. */
export async function touchSession(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_activity_at: now.toISOString() }).where('id', '=', sessionId).execute();
}

export type SessionMode = 'bot' | 'human' | 'agent';

/**
 * Sets who answers the session: 'bot', 'human' (waiting for a person) or 'agent' (with a
 * person). `unless` leaves a session in that mode as it is (a second handoff does not put a
 * session that is with a person back to waiting). Answers whether the session exists.
 */
export async function setSessionMode(
  db: Kysely<Database>,
  workspaceId: number,
  sessionId: number,
  mode: SessionMode,
  opts: { unless?: SessionMode; leadAt?: Date } = {},
): Promise<boolean> {
  // One statement: a concurrent AgentReply that set 'agent' between a read and a write would
  // otherwise be overwritten by the lead form's 'human'.
  const unless = opts.unless;
  const r = await db
    .updateTable('sessions')
    .set((eb) => ({
      mode: unless ? eb.case().when('mode', '=', unless).then(eb.ref('mode')).else(mode).end() : mode,
      ...(opts.leadAt ? { lead_at: opts.leadAt.toISOString() } : {}),
    }))
    .where('id', '=', sessionId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The session's messages after `afterId` of the given roles, oldest first (at most `limit`). */
export async function messagesAfter(
  db: Kysely<Database>,
  workspaceId: number,
  sessionId: number,
  afterId: number,
  roles: readonly string[],
  limit = 100,
) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('workspace_id', '=', workspaceId)
    .where('id', '>', afterId)
    .where('role', 'in', [...roles])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The newest message ID of the session (0 when none). */
export async function lastMessageId(db: Kysely<Database>, workspaceId: number, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('session_id', '=', sessionId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
