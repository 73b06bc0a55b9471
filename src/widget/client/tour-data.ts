// An answer's Tour as the widget reads it: from the final frame, or from the transcript kept in
// the browser, which any script of the page can write. Every field is read as text; what is
// malformed is dropped, and only http(s) links are kept (text.ts safeUrl, where they are shown).
import type { AppointmentCardData, TourCardData, TourSlotData } from '../../answer/tour-desk.ts';

export type TourCard = TourCardData;

/** More slot buttons than an answer offers (6). */
const MAX_SLOTS = 12;

const text = (o: Record<string, unknown>, k: string) =>
  typeof o[k] === 'string' || typeof o[k] === 'number' ? String(o[k]) : '';

export function slotList(value: unknown): TourSlotData[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_SLOTS)
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({ Start: text(s, 'Start'), End: text(s, 'End'), Label: text(s, 'Label') }))
    .filter((s) => s.Start && s.Label);
}

export function appointmentOf(value: unknown): AppointmentCardData | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  const a = {
    AppointmentID: Number(o.AppointmentID) || 0,
    Start: text(o, 'Start'),
    End: text(o, 'End'),
    Label: text(o, 'Label'),
    Status: text(o, 'Status'),
    MLSNumber: text(o, 'MLSNumber'),
    Address: text(o, 'Address'),
    ManageUrl: text(o, 'ManageUrl'),
    CalendarUrl: text(o, 'CalendarUrl'),
  };
  return a.AppointmentID && a.Label ? a : null;
}

/** The Tour of an answer or a kept line; null when it has neither slots nor a booking. */
export function tourCard(value: unknown): TourCard | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  const card = {
    MLSNumber: text(o, 'MLSNumber'),
    Address: text(o, 'Address'),
    Slots: slotList(o.Slots),
    Appointment: appointmentOf(o.Appointment),
  };
  return card.Slots.length || card.Appointment ? card : null;
}
