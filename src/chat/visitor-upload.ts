// What a widget visitor's upload is checked against: the chatbot of the visitor's session
// (which kinds it takes) and the upload quotas (abuse/), counted in the database so they hold
// across instances. Here in chat/, which owns sessions; app.ts hands it to the file routes
// (files/ is below chat/ and chatbots/, docs/architecture.md).
import type { Kysely } from 'kysely';
import { countUploadBytes, enforceAbuseRules, uploadByteRules, uploadRules } from '../abuse/index.ts';
import { findChatbotById } from '../chatbots/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import type { VisitorUpload } from '../files/index.ts';
import { findSession } from './repo.ts';

export async function visitorUpload(
  db: Kysely<Database>,
  config: Pick<Config, 'abuse' | 'uploads'>,
  visitor: { workspaceId: number; sessionId: number; address: string },
  now: Date,
): Promise<VisitorUpload> {
  const session = await findSession(db, visitor.workspaceId, visitor.sessionId);
  const chatbot = session ? await findChatbotById(db, session.chatbot_id) : undefined;
  if (!session || !chatbot) throw new NotFound(`session ${visitor.sessionId}`);
  const who = {
    sessionId: session.id,
    chatbotId: chatbot.id,
    workspaceId: visitor.workspaceId,
    address: visitor.address,
  };
  return {
    sessionId: session.id,
    chatbotId: chatbot.id,
    enableUploadImage: chatbot.settings.EnableUploadImage,
    enablePushToTalk: chatbot.settings.EnablePushToTalk,
    // In a transaction of its own: a refusal by one rule rolls back the others' counts.
    countUpload: () =>
      db.transaction().execute((trx) => enforceAbuseRules(trx, uploadRules(config.abuse, config.uploads, who), now)),
    countBytes: (size) => countUploadBytes(db, uploadByteRules(config.uploads, who), size, now),
  };
}
