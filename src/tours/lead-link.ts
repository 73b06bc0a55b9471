// The appointments of leads of type Appointment, as the leads feature reads them (its
// LeadDeps.appointments, wired by app.ts): LeadList and GetLeads show each one's time, listing
// and status as they are now, and so do the daily lead digests (notify/).

import type { Kysely } from 'kysely';
import { findChatbotById, type Settings } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import type { AppointmentSummaryData, AppointmentsOfLeads } from '../leads/index.ts';
import { appointmentSummary } from './records.ts';
import { appointmentsOfLeads } from './repo.ts';

export function appointmentsOfLeadsFor(db: Kysely<Database>): AppointmentsOfLeads {
  return async (workspaceId, leadIds) => {
    const rows = await appointmentsOfLeads(db, workspaceId, leadIds);
    const settings = new Map<number, Settings | null>();
    const out = new Map<number, AppointmentSummaryData>();
    for (const a of rows) {
      if (!settings.has(a.chatbot_id)) {
        settings.set(a.chatbot_id, (await findChatbotById(db, a.chatbot_id))?.settings ?? null);
      }
      const s = settings.get(a.chatbot_id);
      if (s) out.set(a.lead_id, appointmentSummary(a, s));
    }
    return out;
  };
}
