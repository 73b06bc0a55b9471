// A qualifying answer given in the chat after the lead was taken (the builtin engine's
// QualifyQuestions; docs/crm.md): added to the session's last lead, what was said last winning.
import { mergeQualification, type Qualification } from '../answer/index.ts';
import type { ChatDeps } from '../chat/index.ts';
import { checkQualification, qualificationOf } from './qualification.ts';
import { leadsOfSessions, updateLeadQualification } from './repo.ts';
import type { LeadDeps } from './service.ts';

/** ChatDeps.qualifyLead: answers the lead's qualification after the change (the answer alone when there is no lead). */
export function qualifyLeadFromChat(deps: Pick<LeadDeps, 'db' | 'clock'>): NonNullable<ChatDeps['qualifyLead']> {
  return async (ctx, q): Promise<Qualification> => {
    const db = deps.db.kysely;
    const [lead] = await leadsOfSessions(db, ctx.workspaceId, [ctx.sessionId]);
    if (!lead) return checkQualification(q);
    const merged = checkQualification(mergeQualification(qualificationOf(lead), q));
    await updateLeadQualification(db, ctx.workspaceId, lead.id, merged, deps.clock());
    return merged;
  };
}
