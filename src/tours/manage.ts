// The signed manage link's verbs (docs/tours.md, "The manage link"): which showing a link
// stands for, and cancelling or moving it through the link. A link whose signature does not
// hold (tampered, another workspace's, an appointment that is gone) is 401, one past its
// expiry 403; the two are told apart only once the signature holds.
import type { VisitorOrigin } from '../abuse/index.ts';
import type { Chatbot } from '../chatbots/index.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { cancelAppointment, rescheduleAppointment } from './changes.ts';
import { availabilityFor, chatbotOf } from './context.ts';
import type { TourDeps } from './deps.ts';
import { inviteHost, inviteText, mailboxOf } from './invite.ts';
import { slotRecord } from './labels.ts';
import { tourTexts } from './mail-texts.ts';
import { readManageToken, signedBy } from './manage-link.ts';
import { linksOf } from './notices.ts';
import { type Appointment, appointmentForLink } from './repo.ts';
import { searchSlots } from './slot-search.ts';

export class LinkRefused extends Error {
  readonly expired: boolean;
  constructor(expired: boolean) {
    super(expired ? 'the link has expired' : 'the link is not valid');
    this.expired = expired;
  }
}

export interface Managed {
  appointment: Appointment;
  chatbot: Chatbot;
  secret: string;
}

export async function managedBy(deps: TourDeps, token: string): Promise<Managed> {
  const t = readManageToken(token);
  if (!t) throw new LinkRefused(false);
  const appointment = await appointmentForLink(deps.db.kysely, t.id);
  if (!appointment) throw new LinkRefused(false);
  const secret = await signingSecretOf(deps.db.kysely, appointment.workspace_id);
  if (!signedBy(secret, t)) throw new LinkRefused(false);
  if (t.expiresAt <= deps.clock().getTime()) throw new LinkRefused(true);
  const chatbot = await chatbotOf(deps, appointment);
  return { appointment, chatbot, secret };
}

/** Free slots to move to (the next dozen), in the visitor's language. */
export async function slotsToMoveTo(deps: TourDeps, m: Managed) {
  const a = await availabilityFor(deps, m.chatbot.id);
  const slots = await searchSlots(deps, m.chatbot, a, {});
  const tz = m.chatbot.settings.TimeZone;
  return slots
    .filter((s) => s.start !== Date.parse(m.appointment.start_at))
    .slice(0, 12)
    .map((s) => slotRecord(s, tz, m.appointment.locale));
}

export async function cancelByLink(deps: TourDeps, m: Managed): Promise<Appointment> {
  return cancelAppointment(deps, m.chatbot, m.appointment);
}

/** Moves the showing; answers it with the new link (its expiry follows the new time). */
export async function rescheduleByLink(deps: TourDeps, m: Managed, start: string, visitor: VisitorOrigin | null) {
  const moved = await rescheduleAppointment(deps, m.chatbot, m.appointment, start, visitor);
  return { appointment: moved, links: linksOf(moved, { publicUrl: deps.publicUrl, secret: m.secret }) };
}

/** The showing as an .ics file to add to a calendar (METHOD:PUBLISH, the same UID as the invitations). */
export function calendarFile(deps: TourDeps, m: Managed): string {
  const t = tourTexts(m.appointment.locale);
  const what = m.appointment.address || t.agentCall;
  return inviteText(m.appointment, 'PUBLISH', {
    host: inviteHost(deps.publicUrl),
    organizer: mailboxOf(deps.mailFrom, m.chatbot.settings.Name),
    staff: [],
    summary: `${t.showing}: ${what}`,
    description: linksOf(m.appointment, { publicUrl: deps.publicUrl, secret: m.secret }).manage,
    now: deps.clock(),
  });
}
