// ChatContentHistory: a chatbot's conversations in a time range, as the platform shapes them.
import { conversationsIn } from '../chat/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import type { UsageDeps } from './service.ts';
import { utcRange } from './time-range.ts';

/** Bounds of one answer: enough for a day of a busy site, small enough to stay a few MB. */
export const HISTORY_MAX_SESSIONS = 100;
export const HISTORY_MAX_MESSAGES = 2000;

export interface HistoryInput {
  serialNumber: string;
  startTime?: string;
  endTime?: string;
}

export async function chatContentHistory(deps: UsageDeps, workspaceId: number, input: HistoryInput) {
  const db = deps.db.kysely;
  const range = utcRange({ field: 'StartTime', value: input.startTime }, { field: 'EndTime', value: input.endTime });
  const bot = await requireChatbot({ db, workspaceId, now: deps.clock() }, input.serialNumber);
  const max = { sessions: HISTORY_MAX_SESSIONS, messages: HISTORY_MAX_MESSAGES };
  const { sessions, messages } = await conversationsIn(db, workspaceId, bot.id, range, max);
  const bySession = new Map<number, { Type: 'AI' | 'User' | 'Agent'; Content: string }[]>();
  for (const m of messages) {
    const list = bySession.get(m.session_id) ?? [];
    list.push({ Type: m.role === 'user' ? 'User' : m.role === 'agent' ? 'Agent' : 'AI', Content: m.content });
    bySession.set(m.session_id, list);
  }
  // A session past the message bound has nothing left to show: it is left out, not shown empty.
  return sessions.flatMap((s) => {
    const list = bySession.get(s.id);
    return list ? [{ SessionID: s.id, CreateTime: s.created_at, URI: s.uri ?? '', Messages: list }] : [];
  });
}
