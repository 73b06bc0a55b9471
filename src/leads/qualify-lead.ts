// A qualifying answer given in the chat after the lead was taken (the builtin engine's
// QualifyQuestions; docs/crm.md): added to the session's last lead, what was said last winning,
// and sent on as lead.updated webhooks and a CRM event when it changed anything.
import { mergeQualification, type Qualification } from '../answer/index.ts';
import type { ChatDeps } from '../chat/index.ts';
import { findChatbotById } from '../chatbots/index.ts';
import { crmConnection } from '../crm/index.ts';
import { changedFields, queueLeadUpdate } from './lead-updated.ts';
import { checkQualification, qualificationOf } from './qualification.ts';
import { leadsOfSessions, updateLeadQualification, webhooksFor } from './repo.ts';
import type { LeadDeps } from './service.ts';

/** ChatDeps.qualifyLead: answers the lead's qualification after the change (the answer alone when there is no lead). */
export function qualifyLeadFromChat(
  deps: Pick<LeadDeps, 'db' | 'clock' | 'publicUrl' | 'onQueued'>,
): NonNullable<ChatDeps['qualifyLead']> {
  return async (ctx, q): Promise<Qualification> => {
    const db = deps.db.kysely;
    const [before] = await leadsOfSessions(db, ctx.workspaceId, [ctx.sessionId]);
    if (!before) return checkQualification(q);
    const merged = checkQualification(mergeQualification(qualificationOf(before), q));
    const chatbot = await findChatbotById(db, before.chatbot_id);
    // Read before the transaction: SQLite's one connection is the transaction's while it runs.
    const webhooks = await webhooksFor(db, ctx.workspaceId, 'lead.updated');
    const crm = await crmConnection(
      db,
      { workspaceId: ctx.workspaceId, chatbotId: before.chatbot_id },
      merged.mlsNumber,
    );
    const now = deps.clock();
    const queued = await db.transaction().execute(async (trx) => {
      const lead = await updateLeadQualification(trx, ctx.workspaceId, before.id, merged, now);
      if (!lead || !chatbot || changedFields(before, lead).length === 0) return false;
      await queueLeadUpdate(trx, { publicUrl: deps.publicUrl, chatbot, before, lead, webhooks, crm }, now);
      return true;
    });
    if (queued) deps.onQueued?.();
    return merged;
  };
}
