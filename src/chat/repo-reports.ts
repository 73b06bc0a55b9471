// What the console, the usage page and the digests read of chat's tables: the inbox, the
// conversations of a period, transcripts, and counts by engine and month.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MessageTable } from '../db/tables.ts';
import type { SessionMode } from './repo.ts';

const SHOWN_ROLES = ['user', 'assistant', 'agent'];

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
    .where('role', 'in', SHOWN_ROLES)
    .where('status', '<>', 'failed');
  if (range.from !== null) q = q.where('created_at', '>=', range.from);
  if (range.to !== null) q = q.where('created_at', '<', range.to);
  return q;
}

/** Whether reports show a message (shownMessages' condition, for rows already read). */
export function isShown(m: { role: string; status: string }): boolean {
  return SHOWN_ROLES.includes(m.role) && m.status !== 'failed';
}

/**
 * The chatbot's questions and answers (see shownMessages), over all its sessions, with those
 * the retention sweep or an erasure removed (counted when removed: chat/repo-erase.ts).
 */
export async function shownMessageCount(db: Kysely<Database>, workspaceId: number, chatbotId: number) {
  const row = await shownMessages(db, workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const removed = await db
    .selectFrom('message_removals')
    .select('messages')
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst();
  return Number(row.n) + Number(removed?.messages ?? 0);
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
