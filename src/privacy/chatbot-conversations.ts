// Every conversation of one chatbot, removed through the same steps as an erasure (messages,
// files, leads, showings, their outbox payloads): the console's "Remove demo data".
import { sessionsOlderThan } from '../chat/index.ts';
import { crmKey } from '../crm/index.ts';
import { leadsOlderThan } from '../leads/index.ts';
import { appointmentsOfSessionsOrLeads } from '../tours/index.ts';
import { type EraseDeps, removeTarget, SESSIONS_PER_BATCH } from './erase.ts';
import { outboxMatch } from './person.ts';
import type { Counts } from './steps.ts';

/** Later than any row's time: "older than this" is every row. */
const EVERYTHING = '9999-12-31T23:59:59.999Z';

function addAll(into: Counts, from: Counts): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

export async function removeChatbotConversations(
  deps: EraseDeps,
  bot: { id: number; workspaceId: number },
): Promise<Counts> {
  const db = deps.db.kysely;
  const counts: Counts = {};
  const empty = { keyPrefixes: [], exactKeys: [], texts: [] };
  // Leads first (with their showings and outbox payloads), then the sessions they came from.
  for (;;) {
    const leadIds = (await leadsOlderThan(db, bot.id, EVERYTHING, SESSIONS_PER_BATCH)).map((l) => l.id);
    if (leadIds.length === 0) break;
    const appointmentIds = (await appointmentsOfSessionsOrLeads(db, bot.workspaceId, [], leadIds)).map((a) => a.id);
    const { keyPrefixes } = outboxMatch({ email: null, phone: null }, [], leadIds, appointmentIds);
    const outbox = { keyPrefixes, exactKeys: leadIds.map(crmKey), texts: [] };
    addAll(
      counts,
      await removeTarget(
        deps,
        { workspaceId: bot.workspaceId, sessionIds: [], leadIds, appointmentIds, outbox },
        'erase',
      ),
    );
  }
  for (;;) {
    const sessionIds = (await sessionsOlderThan(db, bot.id, EVERYTHING, SESSIONS_PER_BATCH)).map((s) => s.id);
    if (sessionIds.length === 0) break;
    const leadIds: number[] = [];
    const appointmentIds = (await appointmentsOfSessionsOrLeads(db, bot.workspaceId, sessionIds, [])).map((a) => a.id);
    const target = { workspaceId: bot.workspaceId, sessionIds, leadIds, appointmentIds, outbox: empty };
    addAll(counts, await removeTarget(deps, target, 'erase'));
  }
  return counts;
}
