// What the console does with showings (its agenda, a conversation's booking): a chatbot's
// showings of a day or a week, with each visitor and listing card; cancel, move and assign by
// the appointment's ID. The same verbs as the visitor's, with the staff's workspace as scope.
import type { Chatbot } from '../chatbots/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import { NotFound } from '../errors.ts';
import { findListingByKey, type ListingCardData, listingCard } from '../listings/index.ts';
import { assignAppointment, cancelAppointment, rescheduleAppointment } from './changes.ts';
import { availabilityFor, chatbotOf } from './context.ts';
import type { TourDeps } from './deps.ts';
import { slotLabel, slotRecord } from './labels.ts';
import { appointmentRecord } from './records.ts';
import { type Appointment, appointmentsBetween, appointmentsOfSession, findAppointment } from './repo.ts';
import { localRange } from './service.ts';
import { searchSlots } from './slot-search.ts';
import { dateText, dateValue, localDate } from './zoned-time.ts';

const DAY = 86_400_000;
const AGENDA_MAX = 500;

/** The console's record: AppointmentList's, the start as the staff read it, and the listing's card. */
async function agendaItem(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Appointment,
  cards: Map<number, ListingCardData | null>,
) {
  if (a.listing_id !== null && !cards.has(a.listing_id)) {
    const owner = { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id };
    const listing = await findListingByKey(deps.db.kysely, owner, 'NewOaks', String(a.listing_id), false);
    cards.set(a.listing_id, listing ? listingCard(listing) : null);
  }
  return {
    ...appointmentRecord(a, chatbot.settings),
    Label: slotLabel(Date.parse(a.start_at), chatbot.settings.TimeZone, 'en'),
    Listing: a.listing_id === null ? null : (cards.get(a.listing_id) ?? null),
  };
}

export type AgendaItemData = Awaited<ReturnType<typeof agendaItem>>;

export interface AgendaQuery {
  chatbot: string;
  /** The first local date; today in the chatbot's zone when absent. */
  from?: string;
  days: number;
  /** Only this console user's showings. */
  agent?: number;
}

export async function agenda(deps: TourDeps, workspaceId: number, q: AgendaQuery) {
  const chatbot = await requireChatbot({ db: deps.db.kysely, workspaceId, now: deps.clock() }, q.chatbot);
  const tz = chatbot.settings.TimeZone;
  const from = q.from ?? localDate(deps.clock().getTime(), tz);
  const to = dateText(dateValue(from) + (q.days - 1) * DAY);
  const rows = await appointmentsBetween(deps.db.kysely, workspaceId, {
    chatbotId: chatbot.id,
    ...localRange(from, to, tz),
    status: null,
    assignedUserId: q.agent ?? null,
    limit: AGENDA_MAX,
  });
  const cards = new Map<number, ListingCardData | null>();
  const items = [];
  for (const a of rows) items.push(await agendaItem(deps, chatbot, a, cards));
  return {
    Chatbot: { SerialNumber: chatbot.serialNumber, Name: chatbot.settings.Name, TimeZone: tz },
    From: from,
    To: to,
    Appointments: items,
  };
}

async function staffAppointment(deps: TourDeps, workspaceId: number, id: number) {
  const a = await findAppointment(deps.db.kysely, workspaceId, id);
  if (!a) throw new NotFound(`appointment ${id}`);
  return { appointment: a, chatbot: await chatbotOf(deps, a) };
}

async function itemOf(deps: TourDeps, chatbot: Chatbot, a: Appointment) {
  return agendaItem(deps, chatbot, a, new Map());
}

export async function cancelByStaff(deps: TourDeps, workspaceId: number, id: number) {
  const { appointment, chatbot } = await staffAppointment(deps, workspaceId, id);
  return itemOf(deps, chatbot, await cancelAppointment(deps, chatbot, appointment));
}

export async function rescheduleByStaff(deps: TourDeps, workspaceId: number, id: number, start: string) {
  const { appointment, chatbot } = await staffAppointment(deps, workspaceId, id);
  return itemOf(deps, chatbot, await rescheduleAppointment(deps, chatbot, appointment, start, null));
}

export async function assignByStaff(deps: TourDeps, workspaceId: number, id: number, userId: number | null) {
  const { appointment, chatbot } = await staffAppointment(deps, workspaceId, id);
  return itemOf(deps, chatbot, await assignAppointment(deps, chatbot, appointment, userId));
}

/** Slots a move may take: the free ones over the horizon, labelled in English (the console's). */
export async function slotsForMove(deps: TourDeps, workspaceId: number, id: number) {
  const { chatbot } = await staffAppointment(deps, workspaceId, id);
  const slots = await searchSlots(deps, chatbot, await availabilityFor(deps, chatbot.id), {});
  return slots.map((s) => slotRecord(s, chatbot.settings.TimeZone, 'en'));
}

/** A conversation's showings, newest first (the console's conversation view). */
export async function sessionShowings(deps: TourDeps, workspaceId: number, sessionId: number) {
  const rows = await appointmentsOfSession(deps.db.kysely, workspaceId, sessionId);
  const first = rows[0];
  if (!first) return [];
  const chatbot = await chatbotOf(deps, first);
  const cards = new Map<number, ListingCardData | null>();
  const items = [];
  for (const a of rows) items.push(await agendaItem(deps, chatbot, a, cards));
  return items;
}
