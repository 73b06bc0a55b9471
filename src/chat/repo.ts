// Sessions, messages and usage counters: the only module of chat/ that touches the database.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MessageTable, SessionTable } from '../db/tables.ts';
import type { ListingCardData } from '../listings/index.ts';

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
  /** For an agent reply: who wrote it (users.id); null when sent with an API key. */
  userId?: number | null;
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
      ...(m.userId ? { user_id: m.userId } : {}),
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

/** `created_at` from (inclusive) to (exclusive), ISO 8601 UTC; null = unbounded. */
type CreatedRange = { from: string | null; to: string | null };

/**
 * The messages reports show: questions, answers and agent replies, without answers that failed before
 * their first word (stored only to close the question).
 */
function shownMessages(db: Kysely<Database>, workspaceId: number, range: CreatedRange = { from: null, to: null }) {
  let q = db
    .selectFrom('messages')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', ['user', 'assistant', 'agent'])
    .where('status', '<>', 'failed');
  if (range.from !== null) q = q.where('created_at', '>=', range.from);
  if (range.to !== null) q = q.where('created_at', '<', range.to);
  return q;
}

/** The chatbot's questions and answers (see shownMessages), over all its sessions. */
export async function shownMessageCount(db: Kysely<Database>, workspaceId: number, chatbotId: number) {
  const row = await shownMessages(db, workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The chatbot's first sessions (by ID) with shown messages in the range, and those
 * messages by session then in order; at most `max.sessions` and `max.messages`.
 */
export async function conversationsIn(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  range: CreatedRange,
  max: { sessions: number; messages: number },
) {
  const inRange = shownMessages(db, workspaceId, range).where('chatbot_id', '=', chatbotId);
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'uri'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', inRange.select('session_id').groupBy('session_id').orderBy('session_id').limit(max.sessions))
    .orderBy('id')
    .execute();
  if (sessions.length === 0) return { sessions, messages: [] };
  const messages = await inRange
    .where(
      'session_id',
      'in',
      sessions.map((s) => s.id),
    )
    .select(['session_id', 'role', 'content'])
    .orderBy('session_id')
    .orderBy('id')
    .limit(max.messages)
    .execute();
  return { sessions, messages };
}

/** Questions in the usage counters, summed over (chatbot, month) pairs; callers batch them. */
export async function questionsCounted(db: Kysely<Database>, months: { chatbotId: number; period: string }[]) {
  let total = 0;
  for (const period of new Set(months.map((m) => m.period))) {
    const ids = months.filter((m) => m.period === period).map((m) => m.chatbotId);
    const row = await db
      .selectFrom('usage_counters')
      .select((eb) => eb.fn.sum<number | string | null>('questions').as('n'))
      .where('period', '=', period)
      .where('chatbot_id', 'in', ids)
      .executeTakeFirst();
    total += Number(row?.n ?? 0);
  }
  return total;
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

export interface InboxFilter {
  chatbotId: number | null;
  mode: SessionMode | null;
  hasLead: boolean;
  /** Keyset cursor: the last row of the previous page. */
  before: { at: string; id: number } | null;
  limit: number;
}

/** Sessions with at least one message, newest activity first (the console's inbox). */
export async function inboxPage(db: Kysely<Database>, workspaceId: number, f: InboxFilter) {
  let q = db
    .selectFrom('sessions')
    .select(['id', 'chatbot_id', 'mode', 'uri', 'created_at', 'last_activity_at', 'lead_at'])
    .where('workspace_id', '=', workspaceId)
    .where('last_activity_at', 'is not', null);
  if (f.chatbotId !== null) q = q.where('chatbot_id', '=', f.chatbotId);
  if (f.mode !== null) q = q.where('mode', '=', f.mode);
  if (f.hasLead) q = q.where('lead_at', 'is not', null);
  if (f.before) {
    const { at, id } = f.before;
    q = q.where((eb) =>
      eb.or([eb('last_activity_at', '<', at), eb.and([eb('last_activity_at', '=', at), eb('id', '<', id)])]),
    );
  }
  return q.orderBy('last_activity_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** How many of the workspace's sessions wait for a person. */
export async function waitingCount(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('mode', '=', 'human')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The last message with text of each session (inbox previews). */
export async function lastMessages(db: Kysely<Database>, workspaceId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const last = db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .where('content', '<>', '')
    .groupBy('session_id');
  return db
    .selectFrom('messages')
    .select(['session_id', 'role', 'content', 'created_at'])
    .where('id', 'in', last)
    .execute();
}

/** Questions and answers per chatbot, engine and status since `from` (the console's usage page). */
export async function answersByEngine(db: Kysely<Database>, workspaceId: number, from: string) {
  const rows = await db
    .selectFrom('messages')
    .select((eb) => ['chatbot_id', 'engine', 'status', 'no_answer', eb.fn.countAll<number | string>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'assistant')
    .where('created_at', '>=', from)
    .groupBy(['chatbot_id', 'engine', 'status', 'no_answer'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Questions counted this period per chatbot (usage counters). */
export async function questionsThisPeriod(db: Kysely<Database>, chatbotIds: number[], period: string) {
  if (chatbotIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('usage_counters')
    .select(['chatbot_id', 'questions'])
    .where('period', '=', period)
    .where('chatbot_id', 'in', chatbotIds)
    .execute();
  return new Map(rows.map((r) => [r.chatbot_id, r.questions]));
}

/** A message as a transcript shows it (the hand-off email, the daily digests). */
export type TranscriptMessage = Pick<
  Selectable<MessageTable>,
  'session_id' | 'role' | 'content' | 'status' | 'created_at'
>;

/** The last `limit` messages of a session, oldest first (the handoff email's transcript). */
export async function sessionTranscript(
  db: Kysely<Database>,
  workspaceId: number,
  sessionId: number,
  limit: number,
): Promise<TranscriptMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['session_id', 'role', 'content', 'status', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** A chatbot's messages in [from, to) (a daily digest), grouped by session in order; at most `limit`. */
export async function messagesBetween(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<TranscriptMessage[]> {
  return db
    .selectFrom('messages')
    .select(['session_id', 'role', 'content', 'status', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .orderBy('session_id')
    .orderBy('id')
    .limit(limit)
    .execute();
}
