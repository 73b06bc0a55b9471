// The slot grid and what is free on it (docs/tours.md, "Slots"). Pure: the availability, the
// zone, the time and the showings already booked in, the slots out.
//
// Each hour range of a weekday holds slots of SlotMinutes starting every SlotMinutes +
// BufferMinutes from the range's start, in wall-clock time, as long as the slot ends within
// the range. A wall-clock start the zone skips (the spring-forward hour) is no slot; one the
// zone repeats (the fall-back hour) is its first instant only. A slot is offered when it
// starts at least NoticeMinutes from now and at most HorizonDays ahead, its day is not
// blocked, and fewer than Capacity booked showings come within BufferMinutes of it.
import type { Availability, HourRange } from './availability.ts';
import { DAYS } from './availability.ts';
import {
  dateText,
  dateValue,
  instantOf,
  localDate,
  offsetMinutes,
  weekdayOf,
  type ZonedDay,
  zonedDay,
} from './zoned-time.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface Slot {
  start: number;
  end: number;
}

/** Booked showings of one interval (instants), counted. */
export interface BookedInterval {
  start: number;
  end: number;
  count: number;
}

export interface SlotWindow {
  /** The first local date to look at. */
  from: string;
  days: number;
}

/** Days' grids already made, by zone, date, slot, buffer and that weekday's hours. */
const KNOWN_DAYS = 5_000;
const grids = new Map<string, readonly Slot[]>();

/**
 * The grid of one local day, before notice, horizon and bookings: starts in order. Made once
 * per day and availability (a search asks for the same two weeks on every request); shared,
 * so callers never change it.
 */
function daySlots(a: Availability, date: string, timeZone: string): readonly Slot[] {
  if (a.blockedDates.includes(date)) return [];
  const weekday = weekdayOf(date);
  const ranges = a.hours.filter((h) => h.day === weekday);
  if (ranges.length === 0) return [];
  const key = `${timeZone}|${date}|${a.slotMinutes}|${a.bufferMinutes}|${ranges.map((r) => `${r.start}-${r.end}`).join(',')}`;
  let grid = grids.get(key);
  if (!grid) {
    if (grids.size >= KNOWN_DAYS) grids.clear();
    grid = makeGrid(a, ranges, zonedDay(date, timeZone), timeZone);
    grids.set(key, grid);
  }
  return grid;
}

function makeGrid(a: Availability, ranges: HourRange[], day: ZonedDay, timeZone: string): Slot[] {
  const step = a.slotMinutes + a.bufferMinutes;
  const out: Slot[] = [];
  const seen = new Set<number>();
  for (const range of ranges) {
    for (let m = range.start; m + a.slotMinutes <= range.end; m += step) {
      const start = instantOf(day, m, timeZone);
      if (start === null || seen.has(start)) continue;
      seen.add(start);
      out.push({ start, end: start + a.slotMinutes * MINUTE });
    }
  }
  return out.sort((x, y) => x.start - y.start);
}

/** The instants between which slots may start: after the notice, within the horizon. */
export function bookableSpan(a: Availability, now: number): { earliest: number; latest: number } {
  return { earliest: now + a.noticeMinutes * MINUTE, latest: now + a.horizonDays * DAY };
}

/** The local dates (as dateValue numbers) a window covers within the notice and the horizon; null for none. */
export function windowDays(
  a: Availability,
  timeZone: string,
  now: number,
  window: SlotWindow,
): { first: number; last: number; earliest: number; latest: number } | null {
  const { earliest, latest } = bookableSpan(a, now);
  const first = Math.max(dateValue(window.from), dateValue(localDate(earliest, timeZone)));
  const last = Math.min(dateValue(window.from) + (window.days - 1) * DAY, dateValue(localDate(latest, timeZone)));
  return first <= last ? { first, last, earliest, latest } : null;
}

/** The grid of local dates `first` to `last` (dateValue numbers), in order, before notice and horizon. */
export function gridOfDays(a: Availability, timeZone: string, first: number, last: number): Slot[] {
  const out: Slot[] = [];
  for (let d = first; d <= last; d += DAY) out.push(...daySlots(a, dateText(d), timeZone));
  return out;
}

/** The window's candidate slots (grid, notice, horizon, blocked dates), bookings not yet counted. */
export function candidateSlots(a: Availability, timeZone: string, now: number, window: SlotWindow): Slot[] {
  const days = windowDays(a, timeZone, now, window);
  if (!days) return [];
  return gridOfDays(a, timeZone, days.first, days.last).filter(
    (s) => s.start >= days.earliest && s.start <= days.latest,
  );
}

/** The candidates with room left, in order. `booked` must cover the candidates' span. */
export function freeSlots(a: Availability, candidates: readonly Slot[], booked: readonly BookedInterval[]): Slot[] {
  const buffer = a.bufferMinutes * MINUTE;
  const sorted = [...booked].sort((x, y) => x.start - y.start);
  const longest = sorted.reduce((n, b) => Math.max(n, b.end - b.start), 0);
  const out: Slot[] = [];
  let lo = 0;
  for (const slot of candidates) {
    // Bookings that start this long before the slot cannot reach it.
    while (lo < sorted.length && (sorted[lo]?.start ?? 0) + longest + buffer <= slot.start) lo++;
    let n = 0;
    for (let i = lo; i < sorted.length; i++) {
      const b = sorted[i];
      if (!b || b.start >= slot.end + buffer) break;
      if (b.end > slot.start - buffer) n += b.count;
    }
    if (n < a.capacity) out.push(slot);
  }
  return out;
}

/** Why a start is not bookable, besides being full; null when it is a slot of the grid. */
export type SlotProblem =
  | { kind: 'past' }
  | { kind: 'notice' }
  | { kind: 'horizon' }
  | { kind: 'blocked'; date: string }
  | { kind: 'outside'; date: string; ranges: HourRange[] }
  | { kind: 'grid'; date: string; starts: number[] };

/** The slot that starts at `start`, or why there is none. */
export function slotAt(
  a: Availability,
  timeZone: string,
  now: number,
  start: number,
): { slot: Slot; problem: null } | { slot: null; problem: SlotProblem } {
  if (start <= now) return { slot: null, problem: { kind: 'past' } };
  const { earliest, latest } = bookableSpan(a, now);
  if (start < earliest) return { slot: null, problem: { kind: 'notice' } };
  if (start > latest) return { slot: null, problem: { kind: 'horizon' } };
  const date = localDate(start, timeZone);
  if (a.blockedDates.includes(date)) return { slot: null, problem: { kind: 'blocked', date } };
  const grid = daySlots(a, date, timeZone);
  const slot = grid.find((s) => s.start === start);
  if (slot) return { slot, problem: null };
  const weekday = weekdayOf(date);
  const ranges = a.hours.filter((h) => h.day === weekday);
  const wall = Math.round((start + offsetMinutes(start, timeZone) * MINUTE - dateValue(date)) / MINUTE);
  if (!ranges.some((r) => wall >= r.start && wall < r.end)) {
    return { slot: null, problem: { kind: 'outside', date, ranges } };
  }
  return { slot: null, problem: { kind: 'grid', date, starts: grid.map((s) => s.start) } };
}

export const dayName = (date: string) => DAYS[weekdayOf(date)] ?? 'Mon';
