// GetTourSlots' search (docs/tours.md, "Slots"): the window's candidate slots, then the booked
// showings that come near them read from the index in one grouped query, then what has room.
import type { Chatbot } from '../chatbots/index.ts';
import type { Availability } from './availability.ts';
import type { TourDeps } from './deps.ts';
import { bookedIntervals } from './repo-slots.ts';
import { candidateSlots, freeSlots, type Slot } from './slots.ts';
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

export async function searchSlots(deps: TourDeps, chatbot: Chatbot, a: Availability, q: SlotSearch): Promise<Slot[]> {
  if (a.hours.length === 0) return [];
  const tz = chatbot.settings.TimeZone;
  const now = deps.clock().getTime();
  const today = localDate(now, tz);
  const asked = q.after !== undefined ? localDate(q.after, tz) : (q.from ?? today);
  const from = asked < today ? today : asked;
  const days = q.days ?? a.horizonDays + 1;
  const candidates = candidateSlots(a, tz, now, { from, days }).filter(
    (s) => q.after === undefined || s.start >= q.after,
  );
  const first = candidates[0];
  const last = candidates.at(-1);
  if (!first || !last) return [];
  const buffer = a.bufferMinutes * MINUTE;
  const booked = await bookedIntervals(deps.db.kysely, chatbot.id, first.start - buffer, last.end + buffer);
  return freeSlots(a, candidates, booked);
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
