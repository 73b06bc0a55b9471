// GetTourSlots' search (docs/tours.md, "Slots"): the window's candidate slots, then the booked
// showings that come near them read from the index in one grouped query, then what has room.
import type { Chatbot } from '../chatbots/index.ts';
import type { Availability } from './availability.ts';
import type { TourDeps } from './deps.ts';
import { bookedIntervals } from './repo-slots.ts';
import { availabilityKey, type SlotReads, slotReads } from './slot-reads.ts';
import { freeSlots, gridOfDays, type Slot, windowDays } from './slots.ts';
import { dateText, dateValue, localDate } from './zoned-time.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface SlotSearch {
  /** The first local date; today (in the chatbot's zone) when absent or past. */
  from?: string;
  /** Days to look at from `from`; the horizon when absent. */
  days?: number;
  /** Only slots starting at or after this instant. */
  after?: number;
}

export async function searchSlots(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Availability,
  q: SlotSearch,
  reads: SlotReads = slotReads(deps.db),
): Promise<Slot[]> {
  if (a.hours.length === 0) return [];
  const tz = chatbot.settings.TimeZone;
  const now = deps.clock().getTime();
  const today = localDate(now, tz);
  const asked = q.after !== undefined ? localDate(q.after, tz) : (q.from ?? today);
  const from = asked < today ? today : asked;
  const days = q.days ?? a.horizonDays + 1;
  const span = windowDays(a, tz, now, { from, days });
  if (!span) return [];
  // The days' free slots, kept while no booking or hours change (slot-reads.ts); the notice
  // and the horizon, which move with the clock, are applied to them here.
  const free = await reads.freeSlots(`${chatbot.id}|${tz}|${span.first}|${span.last}|${availabilityKey(a)}`, () =>
    freeOfDays(deps, chatbot.id, a, tz, span.first, span.last),
  );
  const lowest = Math.max(span.earliest, q.after ?? Number.NEGATIVE_INFINITY);
  return free.filter((s) => s.start >= lowest && s.start <= span.latest);
}

/** The free slots of local dates `first` to `last` (dateValue numbers): their grid, then the booked counts near it. */
async function freeOfDays(
  deps: TourDeps,
  chatbotId: number,
  a: Availability,
  tz: string,
  first: number,
  last: number,
): Promise<Slot[]> {
  const grid = gridOfDays(a, tz, first, last);
  const head = grid[0];
  const tail = grid.at(-1);
  if (!head || !tail) return [];
  const buffer = a.bufferMinutes * MINUTE;
  const booked = await bookedIntervals(deps.db.kysely, chatbotId, head.start - buffer, tail.end + buffer);
  return freeSlots(a, grid, booked);
}

/** The first free slots at or after an instant (or from now), for a refusal to name. */
export async function nextFreeSlots(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Availability,
  after: number,
  count = 3,
): Promise<Slot[]> {
  const now = deps.clock().getTime();
  const later = await searchSlots(deps, chatbot, a, { after: Math.max(after, now) });
  if (later.length > 0) return later.slice(0, count);
  return (await searchSlots(deps, chatbot, a, {})).slice(0, count);
}

/** The local date `days` after `date`. */
export const addDays = (date: string, days: number) => dateText(dateValue(date) + days * DAY);
