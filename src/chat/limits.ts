// Limits (docs/api.md "Answers"), enforced in the database so they hold across instances:
// the question is stored in the same transaction that checks the limits, so a question
// that is counted is a question that is stored, and one that is refused leaves nothing.
import type { Kysely } from 'kysely';
import { enforceAbuseRules, questionRules, type VisitorOrigin } from '../abuse/index.ts';
import type { Chatbot } from '../chatbots/index.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { LimitExceeded } from '../errors.ts';
import { sessionMessagesLimitOf } from '../workspaces/index.ts';
import { monthOf } from './period.ts';
import {
  countQuestion,
  insertMessage,
  lockSession,
  type NewMessage,
  questionTimesSince,
  sessionQuestionCount,
  touchSession,
} from './repo.ts';

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many questions in a short time; please wait a moment and try again.';
export const MONTHLY_LIMIT_MESSAGE =
  "This chatbot has reached its monthly message limit; please contact the site's owner.";
export const SESSION_LIMIT_MESSAGE =
  'This conversation has reached its question limit; no more questions can be asked in it.';

export interface QuestionToStore {
  chatbot: Chatbot;
  sessionId: number;
  content: string;
  askType: string;
  fileIds: number[];
  /** A widget visitor's question: the per-address and per-chatbot abuse limits apply. */
  visitor?: VisitorOrigin | null;
}

/**
 * Checks the workspace's per-session question limit (SetSessionMessagesLimit),
 * RateLimitCount/RateLimitTime and MessageLimit, then stores the question; returns its ID.
 */
export async function storeQuestionWithinLimits(
  db: Kysely<Database>,
  dialect: Dialect,
  q: QuestionToStore,
  now: Date,
): Promise<number> {
  const s = q.chatbot.settings;
  return db.transaction().execute(async (trx) => {
    // Questions of one session queue here, so concurrent ones count each other.
    await lockSession(trx, q.sessionId, dialect === 'postgres');
    // Read here, not passed in: a limit set a moment ago on another instance applies at once.
    // It never frees up, so it has no Retry-After, and it is checked first.
    const perSession = await sessionMessagesLimitOf(trx, q.chatbot.workspaceId);
    if (perSession >= 0 && (await sessionQuestionCount(trx, q.chatbot.workspaceId, q.sessionId)) >= perSession) {
      throw new LimitExceeded(SESSION_LIMIT_MESSAGE);
    }
    if (s.RateLimitCount > 0) {
      const windowMs = s.RateLimitTime * 1000;
      const times = await questionTimesSince(trx, q.sessionId, new Date(now.getTime() - windowMs));
      if (times.length >= s.RateLimitCount) {
        const oldest = Date.parse(times[times.length - s.RateLimitCount] ?? times[0] ?? now.toISOString());
        const retryAfter = (oldest + windowMs - now.getTime()) / 1000;
        throw new LimitExceeded(s.RateLimitMessage || DEFAULT_RATE_LIMIT_MESSAGE, retryAfter);
      }
    }
    // Visitors only: an API-key caller is the brokerage's own server, speaking for many people.
    if (q.visitor) await enforceAbuseRules(trx, questionRules(q.visitor, q.chatbot.id), now);
    const limit = s.MessageLimit < 0 ? null : s.MessageLimit;
    if (!(await countQuestion(trx, q.chatbot.id, monthOf(now, s.TimeZone), limit))) {
      throw new LimitExceeded(MONTHLY_LIMIT_MESSAGE);
    }
    const question: NewMessage = {
      workspaceId: q.chatbot.workspaceId,
      chatbotId: q.chatbot.id,
      sessionId: q.sessionId,
      role: 'user',
      content: q.content,
      askType: q.askType,
      fileIds: q.fileIds,
      questionId: null,
      totalToken: 0,
      noAnswer: false,
      status: 'complete',
      engine: null,
    };
    const id = await insertMessage(trx, question, now);
    await touchSession(trx, q.sessionId, now);
    return id;
  });
}
