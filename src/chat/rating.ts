// Which answer a rating may name (RateAnswer, docs/review.md): an answer (not a question or a
// person's reply) of the given session, in the caller's workspace; a visitor key reaches only
// its own session. Anything else is a 404, never telling whether it exists elsewhere.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { answerOfSession } from './repo-ratings.ts';

export async function answerToRate(db: Kysely<Database>, principal: Principal, sessionId: number, messageId: number) {
  if (principal.kind === 'visitor' && principal.sessionId !== sessionId) throw new NotFound(`session ${sessionId}`);
  const answer = await answerOfSession(db, principal.workspaceId, sessionId, messageId);
  if (!answer) throw new NotFound(`answer ${messageId} of session ${sessionId}`);
  return answer;
}
