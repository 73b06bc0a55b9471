// The console's conversations: the inbox page (sessions with their last message, lead and
// chatbot) and one conversation (its messages with who wrote the agent replies).
import {
  findSession,
  inboxPage,
  lastMessages,
  messageRecord,
  recentMessages,
  type SessionMode,
  waitingCount,
} from '../chat/index.ts';
import { pageOfChatbots } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { Invalid, NotFound } from '../errors.ts';
import { sessionLeads } from '../leads/index.ts';
import { userNames } from '../users/index.ts';

export const PAGE_SIZE = 50;
const MESSAGES_MAX = 500;
/** Above every message ID (an int4 on PostgreSQL): "before this" means all of them. */
const MAX_ID = 2_147_483_647;

const MODE_OF_STATE: Record<string, SessionMode> = { bot: 'bot', waiting: 'human', person: 'agent' };
const STATE_OF_MODE: Record<string, string> = { bot: 'bot', human: 'waiting', agent: 'person' };

export interface ConsoleDeps {
  db: Db;
  clock: () => Date;
}

export async function chatbotsOf(deps: ConsoleDeps, workspaceId: number) {
  const bots = await pageOfChatbots({ db: deps.db.kysely, workspaceId, now: deps.clock() }, 1, 1000);
  return bots.chatbots.map((b) => ({
    id: b.id,
    serialNumber: b.serialNumber,
    name: b.settings.Name,
    settings: b.settings,
  }));
}

function cursorOf(before: string | undefined): { at: string; id: number } | null {
  if (!before) return null;
  const [at, id] = before.split('|');
  if (!at || !id || !/^\d+$/.test(id) || Number.isNaN(Date.parse(at)))
    throw new Invalid('before', 'is not a page cursor');
  return { at, id: Number(id) };
}

export async function inbox(
  deps: ConsoleDeps,
  workspaceId: number,
  q: { chatbot?: string; state?: string; lead?: string; before?: string },
) {
  const bots = await chatbotsOf(deps, workspaceId);
  const bot = q.chatbot ? bots.find((b) => b.serialNumber === q.chatbot) : null;
  if (q.chatbot && !bot) throw new NotFound(`chatbot "${q.chatbot}"`);
  const db = deps.db.kysely;
  const rows = await inboxPage(db, workspaceId, {
    chatbotId: bot?.id ?? null,
    mode: q.state ? (MODE_OF_STATE[q.state] ?? null) : null,
    hasLead: q.lead === 'true',
    before: cursorOf(q.before),
    limit: PAGE_SIZE,
  });
  const ids = rows.map((r) => r.id);
  const [previews, leads, waiting] = await Promise.all([
    lastMessages(db, workspaceId, ids),
    sessionLeads(deps, workspaceId, ids),
    waitingCount(db, workspaceId),
  ]);
  const names = new Map(bots.map((b) => [b.id, b.name]));
  const last = rows.at(-1);
  return {
    Waiting: waiting,
    Next: rows.length === PAGE_SIZE && last ? `${last.last_activity_at}|${last.id}` : null,
    List: rows.map((r) => {
      const preview = previews.find((p) => p.session_id === r.id);
      const lead = leads.find((l) => l.session_id === r.id);
      return {
        SessionID: r.id,
        Chatbot: names.get(r.chatbot_id) ?? '',
        State: STATE_OF_MODE[r.mode] ?? 'bot',
        PageUrl: r.uri,
        LastActivityAt: r.last_activity_at,
        Preview: preview ? preview.content.slice(0, 140) : '',
        PreviewRole: preview?.role ?? null,
        Lead: lead ? { Name: lead.name, Email: lead.email, Phone: lead.phone, Status: lead.status } : null,
      };
    }),
  };
}

export async function conversation(deps: ConsoleDeps, workspaceId: number, sessionId: number) {
  const db = deps.db.kysely;
  const session = await findSession(db, workspaceId, sessionId);
  if (!session) throw new NotFound(`session ${sessionId}`);
  // The newest MESSAGES_MAX: what an agent answers is at the end of a long conversation.
  const [messages, leads, bots] = await Promise.all([
    recentMessages(db, session.id, MAX_ID, MESSAGES_MAX),
    sessionLeads(deps, workspaceId, [sessionId]),
    chatbotsOf(deps, workspaceId),
  ]);
  const authors = await userNames(
    db,
    workspaceId,
    messages.flatMap((m) => (m.user_id ? [m.user_id] : [])),
  );
  const bot = bots.find((b) => b.id === session.chatbot_id);
  return {
    SessionID: session.id,
    Chatbot: bot?.name ?? '',
    SerialNumber: bot?.serialNumber ?? '',
    State: STATE_OF_MODE[session.mode] ?? 'bot',
    PageUrl: session.uri,
    CreatedAt: session.created_at,
    Messages: messages
      .filter((m) => m.content !== '' || m.role === 'user')
      .map((m) => ({ ...messageRecord(m), Author: m.user_id ? (authors.get(m.user_id) ?? '') : '' })),
    Leads: leads.map((l) => ({
      ID: l.id,
      Name: l.name,
      Email: l.email,
      Phone: l.phone,
      Message: l.message,
      Status: l.status,
      Note: l.note,
      CreatedAt: l.created_at,
    })),
  };
}
