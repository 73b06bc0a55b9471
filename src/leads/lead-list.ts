// LeadList: the platform's report of a chatbot's leads between two UTC dates.
import { findSession } from '../chat/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import { NotFound } from '../errors.ts';
import { utcRange } from '../usage/index.ts';
import { type AppointmentSummaryData, leadTypeOf } from './appointment-link.ts';
import { qualificationRecord } from './qualification.ts';
import { type Lead, leadsInRange } from './repo.ts';
import type { LeadDeps } from './service.ts';

/** At most this many leads per call, the oldest first: a later startTime reads on. */
export const LEAD_LIST_MAX = 1000;

export interface LeadListInput {
  serialNumber: string;
  startTime?: string;
  endTime?: string;
  sessionID?: number;
}

export async function leadList(deps: LeadDeps, workspaceId: number, input: LeadListInput): Promise<Lead[]> {
  const db = deps.db.kysely;
  const range = utcRange({ field: 'startTime', value: input.startTime }, { field: 'endTime', value: input.endTime });
  const bot = await requireChatbot({ db, workspaceId, now: deps.clock() }, input.serialNumber);
  const sessionId = input.sessionID ?? null;
  if (sessionId !== null) {
    // Another chatbot's or workspace's session is not found, as everywhere else.
    const session = await findSession(db, workspaceId, sessionId);
    if (!session || session.chatbot_id !== bot.id) throw new NotFound(`session ${sessionId}`);
  }
  return leadsInRange(db, workspaceId, bot.id, { ...range, sessionId }, LEAD_LIST_MAX);
}

export function leadListItem(l: Lead, appointments: Map<number, AppointmentSummaryData>) {
  return {
    Type: leadTypeOf(l.type),
    ID: l.id,
    Name: l.name,
    Email: l.email,
    Phone: l.phone,
    Message: l.message,
    SessionID: l.session_id,
    CreateTime: l.created_at,
    Source: l.source,
    Appointment: appointments.get(l.id) ?? null,
    ...qualificationRecord(l),
  };
}
