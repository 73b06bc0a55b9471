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
  const found = await searchSpan(deps, chatbot, a, q, reads);
  return found ? found.free.slice(found.lo, found.hi) : [];
}

/**
 * A search's answer as a span of the days' free slots kept in memory: `free.slice(lo, hi)`.
 * The same `free` (the same object) serves every search until a change ends it, so a span of
 * it names an answer without copying it (slot-answer.ts keeps answers written by span).
 */
export interface SlotSpan {
  free: readonly Slot[];
  lo: number;
  hi: number;
}

export async function searchSpan(
  deps: TourDeps,
  chatbot: Chatbot,
  a: Availability,
  q: SlotSearch,
  reads: SlotReads = slotReads(deps.db),
): Promise<SlotSpan | null> {
  if (a.hours.length === 0) return null;
  const tz = chatbot.settings.TimeZone;
  const now = deps.clock().getTime();
  const today = localDate(now, tz);
  const asked = q.after !== undefined ? localDate(q.after, tz) : (q.from ?? today);
  const from = asked < today ? today : asked;
  const days = q.days ?? a.horizonDays + 1;
  const span = windowDays(a, tz, now, { from, days });
  if (!span) return null;
  // The days' free slots, kept while no booking or hours change (slot-reads.ts); the notice
  // and the horizon, which move with the clock, are applied to them here. They are in order
  // of start, so what falls between two instants is one span of them.
  const free = await reads.freeSlots(`${chatbot.id}|${tz}|${span.first}|${span.last}|${availabilityKey(a)}`, () =>
    freeOfDays(deps, chatbot.id, a, tz, span.first, span.last),
  );
  const lowest = Math.max(span.earliest, q.after ?? Number.NEGATIVE_INFINITY);
  let lo = 0;
  while (lo < free.length && (free[lo]?.start ?? 0) < lowest) lo++;
  let hi = lo;
  while (hi < free.length && (free[hi]?.start ?? 0) <= span.latest) hi++;
  return { free, lo, hi };
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
