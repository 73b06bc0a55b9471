// How a lead and an appointment are linked (docs/tours.md, "Records"): a booked showing is a
// lead row of type 'Appointment' (recorded in the booking's own transaction, so LeadList,
// GetLeads, the digests and the console's leads see it like any lead) and an appointments row
// (tours/) that points at it by lead_id. The leads feature reads the appointment's time,
// listing and status through this one function, which app.ts hands in from tours/ (above
// leads): a lower feature declares what it needs.
import { type Static, Type } from 'typebox';

export const LEAD_TYPES = ['Lead', 'Appointment'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const AppointmentSummary = Type.Object(
  {
    ID: Type.Integer({ description: 'The AppointmentID' }),
    Start: Type.String({ description: "ISO 8601 with the chatbot's offset" }),
    End: Type.String(),
    Status: Type.String({ description: 'booked or cancelled' }),
    MLSNumber: Type.String({ description: 'The listing shown; "" for a call with an agent' }),
    Address: Type.String(),
    ListingUrl: Type.String(),
  },
  { description: 'For a lead of Type Appointment: the showing as it is now' },
);

export type AppointmentSummaryData = Static<typeof AppointmentSummary>;

/** The appointments of the given leads (those that have one), by lead ID. */
export type AppointmentsOfLeads = (
  workspaceId: number,
  leadIds: number[],
) => Promise<Map<number, AppointmentSummaryData>>;

/** Each lead's appointment, or null; none when the lookup is not wired (no appointments exist then). */
export async function appointmentsFor(
  lookup: AppointmentsOfLeads | undefined,
  workspaceId: number,
  leads: readonly { id: number; type: string }[],
): Promise<Map<number, AppointmentSummaryData>> {
  const ids = leads.filter((l) => l.type === 'Appointment').map((l) => l.id);
  if (!lookup || ids.length === 0) return new Map();
  return lookup(workspaceId, ids);
}

export const leadTypeOf = (raw: string): LeadType => (raw === 'Appointment' ? 'Appointment' : 'Lead');
