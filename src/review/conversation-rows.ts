// ExportConversations one row per conversation (docs/review.md "Exports"): each conversation
// begun in the range with its counts, its ratings, its newest lead, its newest showing and its
// outcome, read a batch of conversations at a time so memory stays flat whatever the size.
import { conversationExportBatch, type ExportCursor } from '../chat/index.ts';
import type { Db } from '../db/connect.ts';
import { sessionLeads } from '../leads/index.ts';
import { showingsOfSessions } from '../tours/index.ts';

export const CONVERSATION_COLUMNS = [
  'SessionID',
  'StartedAt',
  'LastActivityAt',
  'Page',
  'Questions',
  'Answers',
  'NoAnswer',
  'AgentReplies',
  'RatedUp',
  'RatedDown',
  'LeadName',
  'LeadEmail',
  'LeadPhone',
  'LeadAt',
  'ShowingAt',
  'ShowingAddress',
  'ShowingStatus',
  'Outcome',
] as const;

const BATCH = 1000;

/**
 * How the conversation ended, the furthest it got: 'showing' (booked one), 'lead' (left a
 * lead or asked for a person), 'unanswered' (an answer had none), else 'answered'.
 */
function outcomeOf(c: { noAnswer: number }, lead: boolean, showing: boolean): string {
  if (showing) return 'showing';
  if (lead) return 'lead';
  return c.noAnswer > 0 ? 'unanswered' : 'answered';
}

/** The conversation rows, a batch at a time, oldest conversation first. */
export async function* conversationRows(
  db: Db,
  workspaceId: number,
  chatbotId: number,
  range: { from: string; to: string },
) {
  let after: ExportCursor | null = null;
  for (;;) {
    const batch = await conversationExportBatch(db.kysely, workspaceId, chatbotId, range, after, BATCH);
    const ids = batch.map((c) => c.id);
    const [leads, showings] = await Promise.all([
      sessionLeads({ db }, workspaceId, ids),
      showingsOfSessions(db.kysely, workspaceId, ids),
    ]);
    yield batch.map((c) => {
      // Both lists are newest first: the first of a session is its newest.
      const lead = leads.find((l) => l.session_id === c.id);
      const showing = showings.find((a) => a.session_id === c.id);
      return {
        SessionID: c.id,
        StartedAt: c.created_at,
        LastActivityAt: c.last_activity_at ?? '',
        Page: c.uri ?? '',
        Questions: c.questions,
        Answers: c.answers,
        NoAnswer: c.noAnswer,
        AgentReplies: c.agentReplies,
        RatedUp: c.ratedUp,
        RatedDown: c.ratedDown,
        LeadName: lead?.name ?? '',
        LeadEmail: lead?.email ?? '',
        LeadPhone: lead?.phone ?? '',
        LeadAt: lead?.created_at ?? c.lead_at ?? '',
        ShowingAt: showing?.start_at ?? '',
        ShowingAddress: showing?.address ?? '',
        ShowingStatus: showing?.status ?? '',
        Outcome: outcomeOf(c, !!lead || c.lead_at !== null, !!showing && showing.status === 'booked'),
      };
    });
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return;
    after = { at: last.created_at, id: last.id };
  }
}
