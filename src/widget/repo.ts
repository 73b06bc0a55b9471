// The widget's writes: a visitor's session and its key, created together.
import type { Kysely } from 'kysely';
import { type AbuseRule, enforceAbuseRules } from '../abuse/index.ts';
import { insertSession } from '../chat/index.ts';
import type { Database } from '../db/tables.ts';
import { insertKey } from '../workspaces/index.ts';

/**
 * A new session on the chatbot and a visitor key for it alone, in one transaction. `uri` is
 * the page the conversation starts on (ChatContentHistory's URI), when the widget says;
 * `limits` are the abuse limits on opening it.
 */
export async function openVisitorSession(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  now: Date,
  uri: string | null = null,
  limits: AbuseRule[] = [],
) {
  return db.transaction().execute(async (trx) => {
    // Counted in the same transaction: a refused visitor leaves no session and no count.
    await enforceAbuseRules(trx, limits, now);
    const sessionId = await insertSession(trx, workspaceId, chatbotId, now, uri);
    const sessionKey = await insertKey(trx, workspaceId, 'visitor', sessionId, now);
    return { sessionId, sessionKey, mode: 'bot' };
  });
}
