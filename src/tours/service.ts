// The tours API's verbs (docs/tours.md): availability, slots, booking, cancel and reschedule
// for a session, and AppointmentList. Routes call these; they know nothing about HTTP.
import type { Kysely } from 'kysely';
import type { VisitorOrigin } from '../abuse/index.ts';
import { requireChatbot, saveTimeZone, timeZoneSetting } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { Invalid, NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { type AvailabilityInput, availabilityOf, availabilityRecord } from './availability.ts';
import { bookTour } from './booking.ts';
import { cancelAppointment, rescheduleAppointment } from './changes.ts';
import { availabilityFor, cachedSessionChatbot, sessionChatbot, showableListing } from './context.ts';
import type { TourDeps } from './deps.ts';
import { localeOf } from './labels.ts';
import { appointmentCard, appointmentRecord } from './records.ts';
import { type Appointment, appointmentsBetween, findAppointment, saveAvailability } from './repo.ts';
import { slotsAnswer } from './slot-answer.ts';
import { slotReads } from './slot-reads.ts';
import { searchSpan } from './slot-search.ts';
import { dateText, dateValue, dayStart } from './zoned-time.ts';

const DAY = 86_400_000;

export async function getAvailability(deps: TourDeps, workspaceId: number, serialNumber: string) {
  const chatbot = await requireChatbot({ db: deps.db.kysely, workspaceId, now: deps.clock() }, serialNumber);
  return availabilityRecord(await availabilityFor(deps, chatbot.id), chatbot.settings.TimeZone);
}

export async function setAvailability(
  deps: TourDeps,
  workspaceId: number,
  serialNumber: string,
  input: AvailabilityInput & { TimeZone?: string | null },
) {
  const now = deps.clock();
  const chatbot = await requireChatbot({ db: deps.db.kysely, workspaceId, now }, serialNumber);
  // Everything is checked before anything is written.
  const timeZone = input.TimeZone ? timeZoneSetting('TimeZone', input.TimeZone) : chatbot.settings.TimeZone;
  const availability = availabilityOf(input);
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (timeZone !== chatbot.settings.TimeZone) await saveTimeZone(trx, workspaceId, serialNumber, timeZone, now);
    await saveAvailability(trx, workspaceId, chatbot.id, availability, now);
  });
  return availabilityRecord(availability, timeZone);
}

/** Saves an availability inside the caller's transaction (first start's demo chatbot). */
export async function saveChatbotAvailability(
  trx: Kysely<Database>,
  chatbot: { id: number; workspaceId: number },
  input: AvailabilityInput,
  now: Date,
): Promise<void> {
  await saveAvailability(trx, chatbot.workspaceId, chatbot.id, availabilityOf(input), now);
}

export interface SlotsInput {
  sessionID: number;
  MLSNumber?: string | null;
  From?: string | null;
  Days?: number | null;
}

/** GetTourSlots' answer, encoded (slot-answer.ts). */
export async function tourSlots(deps: TourDeps, principal: Principal, input: SlotsInput): Promise<Buffer> {
  // Asked on every page a visitor opens: the session's chatbot, its hours and its free slots
  // come from memory while no booking or hours change ended them (slot-reads.ts).
  const reads = slotReads(deps.db);
  const chatbot = await cachedSessionChatbot(reads, principal, input.sessionID);
  await showableListing(deps, chatbot, input.MLSNumber ?? undefined);
  const a = await reads.availability(chatbot.id);
  const span = await searchSpan(
    deps,
    chatbot,
    a,
    { from: input.From ?? undefined, days: input.Days ?? undefined },
    reads,
  );
  return slotsAnswer(span, chatbot.settings.TimeZone, localeOf(chatbot.settings));
}

export interface BookInput {
  sessionID: number;
  Start: string;
  MLSNumber?: string | null;
  Name: string;
  Email: string;
  Phone: string;
  Message: string;
}

/** The principal's client address as abuse limits see it: only for a visitor's key. */
function visitorOf(deps: TourDeps, principal: Principal, address: string | undefined): VisitorOrigin | null {
  return principal.kind === 'visitor' && address !== undefined && deps.abuse ? { limits: deps.abuse, address } : null;
}

export async function bookFromSession(deps: TourDeps, principal: Principal, input: BookInput, address?: string) {
  const chatbot = await sessionChatbot(deps, principal, input.sessionID);
  const locale = localeOf(chatbot.settings);
  const appointment = await bookTour(
    deps,
    {
      chatbot,
      sessionId: input.sessionID,
      source: principal.kind === 'visitor' ? 'widget' : 'api',
      visitor: visitorOf(deps, principal, address),
      locale,
    },
    {
      start: input.Start,
      mlsNumber: input.MLSNumber ?? undefined,
      name: input.Name,
      email: input.Email,
      phone: input.Phone,
      message: input.Message,
    },
  );
  const secret = await signingSecretOf(deps.db.kysely, chatbot.workspaceId);
  return appointmentCard(appointment, { publicUrl: deps.publicUrl, secret, settings: chatbot.settings, locale });
}

/** The session's own appointment: another session's (or workspace's) is not found. */
async function sessionAppointment(deps: TourDeps, principal: Principal, sessionId: number, id: number) {
  const chatbot = await sessionChatbot(deps, principal, sessionId);
  const a = await findAppointment(deps.db.kysely, principal.workspaceId, id);
  if (!a || a.session_id !== sessionId) throw new NotFound(`appointment ${id}`);
  return { chatbot, appointment: a };
}

export async function cancelFromSession(deps: TourDeps, principal: Principal, sessionId: number, id: number) {
  const { chatbot, appointment } = await sessionAppointment(deps, principal, sessionId, id);
  return cancelAppointment(deps, chatbot, appointment);
}

export async function rescheduleFromSession(
  deps: TourDeps,
  principal: Principal,
  input: { sessionID: number; AppointmentID: number; Start: string },
  address?: string,
) {
  const { chatbot, appointment } = await sessionAppointment(deps, principal, input.sessionID, input.AppointmentID);
  const moved = await rescheduleAppointment(
    deps,
    chatbot,
    appointment,
    input.Start,
    visitorOf(deps, principal, address),
  );
  const secret = await signingSecretOf(deps.db.kysely, chatbot.workspaceId);
  return appointmentCard(moved, {
    publicUrl: deps.publicUrl,
    secret,
    settings: chatbot.settings,
    locale: moved.locale,
  });
}

/** At most this many appointments per AppointmentList call; a later From reads on. */
export const APPOINTMENT_LIST_MAX = 1000;

export interface AppointmentListInput {
  serialNumber: string;
  From: string;
  To: string;
  Status?: 'booked' | 'cancelled' | null;
}

/** Appointments starting on the chatbot's local dates From to To (both included), earliest first. */
export async function appointmentList(deps: TourDeps, workspaceId: number, input: AppointmentListInput) {
  const chatbot = await requireChatbot({ db: deps.db.kysely, workspaceId, now: deps.clock() }, input.serialNumber);
  if (dateValue(input.To) < dateValue(input.From)) throw new Invalid('To', `must not be before From (${input.From})`);
  const range = localRange(input.From, input.To, chatbot.settings.TimeZone);
  const rows = await appointmentsBetween(deps.db.kysely, workspaceId, {
    chatbotId: chatbot.id,
    ...range,
    status: input.Status ?? null,
    limit: APPOINTMENT_LIST_MAX,
  });
  return rows.map((a: Appointment) => appointmentRecord(a, chatbot.settings));
}

/** The UTC bounds of local dates `from` to `to` (both whole) in a zone. */
export function localRange(from: string, to: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(dayStart(from, timeZone)).toISOString(),
    to: new Date(dayStart(dateText(dateValue(to) + DAY), timeZone)).toISOString(),
  };
}
