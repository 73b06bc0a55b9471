// Usage of a workspace's chatbots: message counts, this month's credits, and the
// per-session question limit (enforced in chat/limits.ts, stored on the workspace).

import { monthOf, questionsCounted, shownMessageCount } from '../chat/index.ts';
import { listChatbots, requireChatbot } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { setSessionMessagesLimit } from '../workspaces/index.ts';

export interface UsageDeps {
  db: Db;
  clock: () => Date;
}

/**
 * GetMessageCountByChatbot: the chatbot's stored questions and answers (chat/repo-reports.ts,
 * shownMessages).
 */
export async function messageCount(deps: UsageDeps, workspaceId: number, serialNumber: string): Promise<number> {
  const db = deps.db.kysely;
  const bot = await requireChatbot({ db, workspaceId, now: deps.clock() }, serialNumber);
  return shownMessageCount(db, workspaceId, bot.id);
}

/** Chatbots are read a page at a time: both databases cap the parameters of one query. */
const PAGE = 500;

interface ChatbotMonths {
  limits: number[];
  used: number;
}

/** Every chatbot's MessageLimit, and the questions they counted in their current month. */
async function monthOfEveryChatbot(deps: UsageDeps, workspaceId: number, now: Date): Promise<ChatbotMonths> {
  const db = deps.db.kysely;
  const out: ChatbotMonths = { limits: [], used: 0 };
  for (let offset = 0; ; offset += PAGE) {
    const { chatbots, total } = await listChatbots(db, workspaceId, offset, PAGE);
    out.limits.push(...chatbots.map((b) => b.settings.MessageLimit));
    out.used += await questionsCounted(
      db,
      chatbots.map((b) => ({ chatbotId: b.id, period: monthOf(now, b.settings.TimeZone) })),
    );
    if (chatbots.length < PAGE || offset + PAGE >= total) return out;
  }
}

export interface Credits {
  Total: number;
  Used: number;
  Remain: number;
}

/**
 * GetMessageCreditsUsage. Used counts the questions of this calendar month, each chatbot's
 * month in its own TimeZone, from the counters MessageLimit is enforced with. Total is the
 * sum of the MessageLimits; -1 (unlimited) when one of them is unlimited, and also when the
 * workspace has no chatbot: nothing limits it yet, and a new chatbot starts unlimited.
 */
export async function creditsUsage(deps: UsageDeps, workspaceId: number): Promise<Credits> {
  const { limits, used } = await monthOfEveryChatbot(deps, workspaceId, deps.clock());
  if (limits.length === 0 || limits.some((l) => l < 0)) return { Total: -1, Used: used, Remain: -1 };
  const total = limits.reduce((a, b) => a + b, 0);
  return { Total: total, Used: used, Remain: Math.max(0, total - used) };
}

/** SetSessionMessagesLimit: -1 lifts it; sessions already past a new limit ask no more. */
export async function setSessionLimit(deps: UsageDeps, workspaceId: number, limit: number): Promise<void> {
  await setSessionMessagesLimit(deps.db.kysely, workspaceId, limit);
}
