// RateAnswer (docs/review.md): a visitor's (or an API client's) rating of one answer, stored
// with the answer (one per answer, changed in place) and announced to the workspace's
// answer.rated webhooks through the outbox, in the rating's own transaction.
import type { Static } from 'typebox';
import { type AnswerRating, answerToRate, messageText, type RateAnswerBody, saveRating } from '../chat/index.ts';
import { findChatbotById } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import type { Principal } from '../http/auth.ts';
import type { Metrics } from '../http/metrics.ts';
import { webhooksFor } from '../leads/index.ts';
import { announce, type LiveBus } from '../live/index.ts';
import { enqueue } from '../outbox/index.ts';

export interface RatingDeps {
  db: Db;
  clock: () => Date;
  metrics: Metrics;
  /** Wakes the outbox worker when a webhook is queued. */
  onQueued?: () => void;
  /** Tells the console (its review queue) that the session changed. */
  live?: LiveBus;
}

export function ratingRecord(r: AnswerRating) {
  return {
    MessageID: r.message_id,
    SessionID: r.session_id,
    Rating: r.rating as 'up' | 'down',
    Reason: r.reason,
    CreatedAt: r.created_at,
    UpdatedAt: r.updated_at,
  };
}

export async function rateAnswer(deps: RatingDeps, principal: Principal, body: Static<typeof RateAnswerBody>) {
  const db = deps.db.kysely;
  const answer = await answerToRate(db, principal, body.sessionID, body.messageId);
  const workspaceId = principal.workspaceId;
  const reason = (body.reason ?? '').trim();
  const hooks = await webhooksFor(db, workspaceId, 'answer.rated');
  const now = deps.clock();
  const saved = await db.transaction().execute(async (trx) => {
    const r = await saveRating(
      trx,
      {
        workspaceId,
        chatbotId: answer.chatbot_id,
        sessionId: answer.session_id,
        messageId: answer.id,
        rating: body.rating,
        reason,
      },
      now,
    );
    if (hooks.length) {
      const chatbot = await findChatbotById(trx, answer.chatbot_id);
      const payload = JSON.stringify({
        event: 'answer.rated',
        chatbot: { serialNumber: chatbot?.serialNumber ?? '', name: chatbot?.settings.Name ?? '' },
        rating: {
          messageId: r.message_id,
          sessionId: r.session_id,
          rating: r.rating,
          reason: r.reason,
          question: await messageText(trx, workspaceId, answer.question_id),
          answer: answer.content,
          engine: answer.engine,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        },
      });
      // Each change is its own delivery: the key names the rating, its value and when it changed.
      for (const w of hooks) {
        const key = `rating:${r.id}:${r.rating}:${r.updated_at}:webhook:${w.id}`;
        await enqueue(
          trx,
          workspaceId,
          key,
          { kind: 'webhook', url: w.url, event: 'answer.rated', body: payload },
          now,
        );
      }
    }
    return r;
  });
  if (hooks.length) deps.onQueued?.();
  await announce(deps, workspaceId, saved.session_id);
  deps.metrics.ratings.inc({ engine: answer.engine ?? 'none', rating: saved.rating });
  return ratingRecord(saved);
}
