// BookTour (docs/tours.md, "Booking"): one transaction that locks the chatbot's availability
// row, counts the showings near the slot, and writes the lead, the appointment and its
// notices, so that capacity holds across instances and nothing is half-written. A refusal
// says why and names the next free slots, read after the transaction has rolled back.
import { bookingRules, enforceAbuseRules, type VisitorOrigin } from '../abuse/index.ts';
import type { LeadDetails } from '../answer/index.ts';
import type { Chatbot } from '../chatbots/index.ts';
import { crmConnection, queueCrmEvent } from '../crm/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { checkLead, checkQualification, crmLeadOf, insertLead } from '../leads/index.ts';
import { conversationLink } from '../outbox/index.ts';
import type { Availability } from './availability.ts';
import { emailKey, phoneKey } from './contact.ts';
import { addressOf, availabilityFor, noticeContext, showableListing } from './context.ts';
import type { TourDeps } from './deps.ts';
import { slotLabel } from './labels.ts';
import { queueNotices } from './notices.ts';
import { type Appointment, insertAppointment, lockAvailability } from './repo.ts';
import { overlappingCount, upcomingOfVisitor } from './repo-slots.ts';
import { nextFreeSlots } from './slot-search.ts';
import { type Slot, type SlotProblem, slotAt } from './slots.ts';
import { isoWithOffset, parseIsoWithOffset } from './zoned-time.ts';

const MINUTE = 60_000;

export const START_RULE = 'must be a date and time in ISO 8601 with an offset, e.g. 2026-03-07T09:00:00-07:00';

export interface BookingTarget {
  chatbot: Chatbot;
  sessionId: number | null;
  /** api (a workspace key), widget (the visitor's key), chat (an engine booked it), mcp (an MCP client's book_tour). */
  source: 'api' | 'widget' | 'chat' | 'mcp';
  /** A visitor's booking: the abuse limits apply. */
  visitor: VisitorOrigin | null;
  /** The visitor's language for what Parlor writes them. */
  locale: string;
}

export interface BookingInput extends LeadDetails {
  start: string;
  mlsNumber?: string;
}

/** The instant of a Start field, or 400. */
export function startOf(field: string, value: string): number {
  const t = parseIsoWithOffset(value);
  if (t === null) throw new Invalid(field, START_RULE);
  return t;
}

/** Thrown inside a transaction when the slot is full; turned into a 409 after the rollback. */
export class SlotFull extends Error {}

function why(p: SlotProblem, a: Availability): string {
  switch (p.kind) {
    case 'past':
      return 'is in the past';
    case 'notice':
      return `is too soon: showings are booked at least ${a.noticeMinutes} minutes ahead (NoticeMinutes)`;
    case 'horizon':
      return `is too far ahead: showings are booked at most ${a.horizonDays} days ahead (HorizonDays)`;
    case 'blocked':
      return `falls on ${p.date}, a day without showings (BlockedDates)`;
    case 'outside':
      return `is outside the showing hours of ${p.date}`;
    case 'grid':
      return `is not the start of a slot (slots of ${a.slotMinutes} minutes, every ${a.slotMinutes + a.bufferMinutes} minutes)`;
  }
}

/** "; the next free slots: Sat, Mar 7, 9:00 AM (2026-03-07T09:00:00-07:00), …" or that there are none. */
export async function nextSlotsText(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Availability,
  after: number,
  locale: string,
): Promise<{ text: string; slots: Slot[] }> {
  const slots = await nextFreeSlots(deps, chatbot, a, after);
  const tz = chatbot.settings.TimeZone;
  if (slots.length === 0) return { text: '; no slot is free within the horizon', slots };
  const named = slots.map((s) => `${slotLabel(s.start, tz, locale)} (${isoWithOffset(s.start, tz)})`);
  return { text: `; the next free slots: ${named.join(', ')}`, slots };
}

/** The slot a Start names in the availability, or the 400 (or 409) that says why not. */
export async function requireSlot(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Availability,
  start: number,
  locale: string,
): Promise<Slot> {
  if (a.hours.length === 0) {
    throw new Conflict('Start: this chatbot takes no bookings (it has no showing hours: SetAvailability)');
  }
  const found = slotAt(a, chatbot.settings.TimeZone, deps.clock().getTime(), start);
  if (found.slot) return found.slot;
  const next = await nextSlotsText(deps, chatbot, a, start, locale);
  throw new Invalid('Start', `${why(found.problem, a)}${next.text}`);
}

/** The 409 of a slot at capacity: a refusal an engine tells the visitor as "just taken". */
export class SlotTaken extends Conflict {}

/** The 409 of a slot at capacity, naming the next free slots. */
export async function slotTaken(deps: TourDeps, chatbot: Chatbot, a: Availability, slot: Slot, locale: string) {
  const next = await nextSlotsText(deps, chatbot, a, slot.start, locale);
  const label = slotLabel(slot.start, chatbot.settings.TimeZone, locale);
  return new SlotTaken(`Start: ${label} is already taken${next.text}`);
}

export async function bookTour(deps: TourDeps, t: BookingTarget, input: BookingInput): Promise<Appointment> {
  const start = startOf('Start', input.start);
  const lead = checkLead(input);
  const { chatbot } = t;
  const listing = await showableListing(deps, chatbot, input.mlsNumber);
  const qualification = checkQualification({ ...input.qualification, mlsNumber: listing?.mls_number ?? '' });
  const a = await availabilityFor(deps, chatbot.id);
  const slot = await requireSlot(deps, chatbot, a, start, t.locale);
  const ctx = await noticeContext(deps, chatbot, 'appointment.created', null, t.locale);
  const owner = { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id };
  const crm = await crmConnection(deps.db.kysely, owner, qualification.mlsNumber);
  const now = ctx.now;
  const keys = { sessionId: t.sessionId, emailKey: emailKey(lead.email), phoneKey: phoneKey(lead.phone) };
  let appointment: Appointment;
  try {
    appointment = await deps.db.kysely.transaction().execute(async (trx) => {
      // Taken in turn with every other booking of the chatbot; what was read above may have changed.
      const locked = (await lockAvailability(trx, chatbot.id)) ?? a;
      const current = slotAt(locked, chatbot.settings.TimeZone, now.getTime(), start);
      if (!current.slot) throw new Conflict('Start: the showing hours changed meanwhile; ask for the slots again');
      if (t.visitor) await enforceAbuseRules(trx, bookingRules(t.visitor, chatbot.id), now);
      const near = await overlappingCount(trx, chatbot.id, current.slot, locked.bufferMinutes * MINUTE, null);
      if (near >= locked.capacity) throw new SlotFull();
      const held = await upcomingOfVisitor(trx, chatbot.id, now, keys);
      if (held >= locked.maxUpcoming) {
        throw new Conflict(
          `Start: you already have ${held} upcoming showings booked here, the most one visitor may hold ` +
            `(${locked.maxUpcoming}); cancel one to book another`,
        );
      }
      const leadRow = await insertLead(
        trx,
        {
          workspaceId: chatbot.workspaceId,
          chatbotId: chatbot.id,
          sessionId: t.sessionId,
          ...lead,
          source: t.source,
          type: 'Appointment',
          qualification,
        },
        now,
      );
      const row = await insertAppointment(trx, {
        workspace_id: chatbot.workspaceId,
        chatbot_id: chatbot.id,
        session_id: t.sessionId,
        lead_id: leadRow.id,
        listing_id: listing?.id ?? null,
        mls_number: listing?.mls_number ?? '',
        address: addressOf(listing),
        listing_url: listing?.url ?? '',
        start_at: new Date(current.slot.start).toISOString(),
        end_at: new Date(current.slot.end).toISOString(),
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        message: lead.message,
        email_key: keys.emailKey,
        phone_key: keys.phoneKey,
        locale: t.locale,
        remind_at: reminderTime(locked, current.slot.start, now),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      await queueNotices(trx, row, 'booked', ctx);
      if (crm) {
        const showing: [string, string] = ['Showing', slotLabel(current.slot.start, chatbot.settings.TimeZone, 'en')];
        await queueCrmEvent(
          trx,
          crm,
          {
            workspaceId: chatbot.workspaceId,
            chatbotName: chatbot.settings.Name,
            lead: crmLeadOf(leadRow, [showing]),
            conversationUrl: t.sessionId ? conversationLink(deps.publicUrl, t.sessionId) : null,
          },
          now,
        );
      }
      return row;
    });
  } catch (err) {
    if (err instanceof SlotFull) throw await slotTaken(deps, chatbot, a, slot, t.locale);
    throw err;
  }
  deps.onQueued?.();
  return appointment;
}

/**
 * When the reminder of a showing at `start` is due: ReminderMinutes before it, or none when
 * reminders are off or that moment has passed already (a showing booked for tomorrow
 * morning has its confirmation fresh in the mailbox).
 */
export function reminderTime(a: Availability, start: number, now: Date): string | null {
  if (a.reminderMinutes === 0) return null;
  const at = start - a.reminderMinutes * MINUTE;
  return at > now.getTime() ? new Date(at).toISOString() : null;
}
