// The iCalendar invitation of a showing (RFC 5545, sent as iMIP per RFC 5546), built with
// ical-generator. The UID is the appointment's for its whole life, so that a calendar updates
// the same event: a reschedule is a new REQUEST with a higher SEQUENCE, a cancellation a
// CANCEL with a higher SEQUENCE still. Times are UTC (DTSTART:…Z), which every calendar shows
// in its own zone; no VTIMEZONE is needed.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Appointment } from './repo.ts';

export type InviteMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface InviteContext {
  /** Host part of the UID: the server's public host. */
  host: string;
  /** The brokerage: the chatbot's Name and the address mail comes from. */
  organizer: { name: string; email: string };
  /** Staff who show it (the assigned agent, or TalkToHumanEmail). */
  staff: string[];
  summary: string;
  description: string;
  now: Date;
}

/** The host part of UIDs: the server's public host. */
export function inviteHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).host || 'parlor';
  } catch {
    return 'parlor';
  }
}

export function inviteUid(a: Pick<Appointment, 'id' | 'workspace_id'>, host: string): string {
  return `appointment-${a.workspace_id}-${a.id}@${host}`;
}

/** "Name <address>" or "address" as an organizer. */
export function mailboxOf(from: string, fallbackName: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (m) return { name: fallbackName || (m[1] ?? '').trim(), email: (m[2] ?? '').trim() };
  return { name: fallbackName, email: from.trim() };
}

const METHODS: Record<InviteMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

/**
 * The calendar text for the appointment as it is now (its times, status and SEQUENCE). A
 * cancelled appointment is always a CANCEL; PUBLISH is the "add to calendar" download, which
 * needs no reply.
 */
export function inviteText(a: Appointment, method: InviteMethod, ctx: InviteContext): string {
  const cancelled = a.status === 'cancelled';
  const cal = ical({
    prodId: { company: 'Parlor', product: 'Tours', language: 'EN' },
    method: METHODS[cancelled ? 'CANCEL' : method],
  });
  const attendees = [
    ...(a.email ? [{ email: a.email, name: a.name, status: ICalAttendeeStatus.ACCEPTED }] : []),
    ...ctx.staff.map((email) => ({ email, status: ICalAttendeeStatus.NEEDSACTION })),
  ].map((p) => ({ ...p, role: ICalAttendeeRole.REQ, rsvp: false }));
  cal.createEvent({
    id: inviteUid(a, ctx.host),
    sequence: a.sequence,
    stamp: ctx.now,
    start: new Date(a.start_at),
    end: new Date(a.end_at),
    summary: ctx.summary,
    description: ctx.description,
    ...(a.address ? { location: a.address } : {}),
    ...(a.listing_url ? { url: a.listing_url } : {}),
    organizer: ctx.organizer,
    ...(method === 'PUBLISH' ? {} : { attendees }),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}
