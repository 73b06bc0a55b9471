// The console's leads workflow: status new → contacted → closed, a note, who follows it up,
// filters and a CSV export.
import { Invalid, NotFound } from '../errors.ts';
import { budgetText, qualificationOf } from './qualification.ts';
import { filteredLeads, type Lead, type LeadFilter, leadsOfSessions, leadsPerDay, updateLead } from './repo.ts';
import type { LeadDeps } from './service.ts';

export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_NOTE_MAX = 5000;

export function leadStatusOf(raw: string): LeadStatus {
  const s = LEAD_STATUSES.find((x) => x === raw);
  if (!s) throw new Invalid('Status', `must be new, contacted or closed, got "${raw}"`);
  return s;
}

export async function findLeads(deps: Pick<LeadDeps, 'db'>, workspaceId: number, f: LeadFilter): Promise<Lead[]> {
  return filteredLeads(deps.db.kysely, workspaceId, f);
}

export async function sessionLeads(deps: Pick<LeadDeps, 'db'>, workspaceId: number, sessionIds: number[]) {
  return leadsOfSessions(deps.db.kysely, workspaceId, sessionIds);
}

export async function dailyLeads(deps: Pick<LeadDeps, 'db'>, workspaceId: number, from: string) {
  return leadsPerDay(deps.db.kysely, workspaceId, from);
}

export async function followUpLead(
  deps: Pick<LeadDeps, 'db' | 'clock'>,
  workspaceId: number,
  id: number,
  change: { status?: string; note?: string; assignedUserId?: number | null },
): Promise<Lead> {
  const status = change.status === undefined ? undefined : leadStatusOf(change.status);
  if (change.note !== undefined && change.note.length > LEAD_NOTE_MAX) {
    throw new Invalid('Note', `must be at most ${LEAD_NOTE_MAX} characters`);
  }
  const lead = await updateLead(deps.db.kysely, workspaceId, id, { ...change, status }, deps.clock());
  if (!lead) throw new NotFound(`lead ${id}`);
  return lead;
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Leads as CSV lines (RFC 4180, CRLF); the header line first unless `header` is false (a later page). */
export function leadsCsv(leads: readonly Lead[], chatbotNames: Map<number, string>, header = true): string {
  const head = [
    'ID',
    'Created',
    'Chatbot',
    'Status',
    'Name',
    'Email',
    'Phone',
    'Message',
    'Note',
    'Source',
    'Session',
    'Intent',
    'Timeline',
    'PreApproved',
    'Budget',
    'Areas',
    'PropertyType',
    'MLSNumber',
  ];
  const rows = leads.map((l) => {
    const q = qualificationOf(l);
    return [
      l.id,
      l.created_at,
      chatbotNames.get(l.chatbot_id) ?? '',
      l.status,
      l.name,
      l.email,
      l.phone,
      l.message,
      l.note,
      l.source,
      l.session_id,
      q.intent,
      q.timeline,
      q.preApproved,
      budgetText(q),
      q.areas.join('; '),
      q.propertyType,
      q.mlsNumber,
    ]
      .map(csvField)
      .join(',');
  });
  const lines = header ? [head.join(','), ...rows] : rows;
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}
