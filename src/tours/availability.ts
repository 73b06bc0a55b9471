// A chatbot's availability for showings (docs/tours.md): weekly hours in its TimeZone, the
// slot grid, notice, horizon, capacity, blocked dates, the reminder and the per-visitor cap.
// The schema (schemas.ts) checks each field's shape and bounds; the rules here need code
// (an hour range that ends before it starts, two ranges of one day that overlap, a date that
// does not exist) and throw Invalid naming the field.
import { Invalid } from '../errors.ts';
import { dateText, dateValue } from './zoned-time.ts';

export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Day = (typeof DAYS)[number];

/** One range of a weekday, in minutes after local midnight (end may be 1440). */
export interface HourRange {
  day: number;
  start: number;
  end: number;
}

export interface Availability {
  hours: HourRange[];
  slotMinutes: number;
  bufferMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
  capacity: number;
  /** Local dates without showings, sorted. */
  blockedDates: string[];
  /** How long before a showing its reminder goes; 0 = no reminder. */
  reminderMinutes: number;
  /** Upcoming showings one visitor (session, e-mail or phone) may hold at once. */
  maxUpcoming: number;
}

/** What an omitted (or null) field is; a chatbot without availability offers no slots. */
export const AVAILABILITY_DEFAULTS = {
  SlotMinutes: 30,
  BufferMinutes: 0,
  NoticeMinutes: 120,
  HorizonDays: 14,
  Capacity: 1,
  ReminderMinutes: 1440,
  MaxUpcomingPerVisitor: 3,
} as const;

/** The bounds of each number, shared by the schema and the docs. */
export const AVAILABILITY_BOUNDS = {
  SlotMinutes: [5, 480],
  BufferMinutes: [0, 480],
  NoticeMinutes: [0, 43_200],
  HorizonDays: [1, 365],
  Capacity: [1, 100],
  ReminderMinutes: [0, 10_080],
  MaxUpcomingPerVisitor: [1, 50],
} as const;

export const MAX_HOUR_RANGES = 70;
export const MAX_BLOCKED_DATES = 400;

/** "HH:MM" from 00:00 to 24:00. */
export const CLOCK_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$';
export const CLOCK_RULE = 'must be a time HH:MM from 00:00 to 24:00';

export interface HoursInput {
  Day: string;
  Start: string;
  End: string;
}

export interface AvailabilityInput {
  Hours: HoursInput[];
  SlotMinutes?: number | null;
  BufferMinutes?: number | null;
  NoticeMinutes?: number | null;
  HorizonDays?: number | null;
  Capacity?: number | null;
  BlockedDates?: string[] | null;
  ReminderMinutes?: number | null;
  MaxUpcomingPerVisitor?: number | null;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** "Mon" or "Monday", any case. */
function dayOf(field: string, value: string): number {
  const v = value.trim().toLowerCase();
  const i = DAY_NAMES.findIndex((name) => name === v || name.slice(0, 3) === v);
  if (i < 0) throw new Invalid(field, `must be one of: ${DAYS.join(', ')}`);
  return i;
}

const rangeText = (r: HourRange) => `${DAYS[r.day]} ${clockOf(r.start)}–${clockOf(r.end)}`;

function hoursOf(input: HoursInput[], slotMinutes: number): HourRange[] {
  const ranges = input.map((h, i): HourRange & { index: number } => {
    const day = dayOf(`Hours[${i}].Day`, h.Day);
    const start = minutesOf(h.Start);
    const end = minutesOf(h.End);
    if (end <= start) throw new Invalid(`Hours[${i}].End`, `must be after Start (${h.Start})`);
    if (end - start < slotMinutes) {
      throw new Invalid(`Hours[${i}]`, `${h.Start}–${h.End} is shorter than SlotMinutes (${slotMinutes})`);
    }
    return { day, start, end, index: i };
  });
  const sorted = [...ranges].sort((a, b) => a.day - b.day || a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && prev.day === cur.day && cur.start < prev.end) {
      const [first, later] = prev.index < cur.index ? [prev, cur] : [cur, prev];
      throw new Invalid(`Hours[${later.index}]`, `${rangeText(later)} overlaps ${rangeText(first)}`);
    }
  }
  return sorted.map(({ day, start, end }) => ({ day, start, end }));
}

function blockedDatesOf(input: string[]): string[] {
  const dates = new Set<string>();
  input.forEach((d, i) => {
    const v = d.trim();
    // The schema checked the shape; 2026-02-30 has it and is no date.
    if (Number.isNaN(dateValue(v)) || dateText(dateValue(v)) !== v) {
      throw new Invalid(`BlockedDates[${i}]`, `is not a date that exists ("${d}")`);
    }
    dates.add(v);
  });
  return [...dates].sort();
}

/** The input in its stored form, defaults filled; throws Invalid naming the first bad field. */
export function availabilityOf(input: AvailabilityInput): Availability {
  const D = AVAILABILITY_DEFAULTS;
  const slotMinutes = input.SlotMinutes ?? D.SlotMinutes;
  return {
    hours: hoursOf(input.Hours, slotMinutes),
    slotMinutes,
    bufferMinutes: input.BufferMinutes ?? D.BufferMinutes,
    noticeMinutes: input.NoticeMinutes ?? D.NoticeMinutes,
    horizonDays: input.HorizonDays ?? D.HorizonDays,
    capacity: input.Capacity ?? D.Capacity,
    blockedDates: blockedDatesOf(input.BlockedDates ?? []),
    reminderMinutes: input.ReminderMinutes ?? D.ReminderMinutes,
    maxUpcoming: input.MaxUpcomingPerVisitor ?? D.MaxUpcomingPerVisitor,
  };
}

/** The API's record of an availability (GetAvailability), the chatbot's TimeZone first. */
export function availabilityRecord(a: Availability, timeZone: string) {
  return {
    TimeZone: timeZone,
    Hours: a.hours.map((h) => ({ Day: DAYS[h.day] ?? 'Mon', Start: clockOf(h.start), End: clockOf(h.end) })),
    SlotMinutes: a.slotMinutes,
    BufferMinutes: a.bufferMinutes,
    NoticeMinutes: a.noticeMinutes,
    HorizonDays: a.horizonDays,
    Capacity: a.capacity,
    BlockedDates: a.blockedDates,
    ReminderMinutes: a.reminderMinutes,
    MaxUpcomingPerVisitor: a.maxUpcoming,
  };
}

/** The first-start demo's availability (setup/), also SetAvailability's example. */
export const DEMO_AVAILABILITY = {
  Hours: [
    ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((Day) => ({ Day, Start: '09:00', End: '17:00' })),
    { Day: 'Sat', Start: '10:00', End: '14:00' },
  ],
  SlotMinutes: 30,
  BufferMinutes: 0,
  NoticeMinutes: 120,
  HorizonDays: 14,
  Capacity: 2,
  BlockedDates: [] as string[],
} satisfies AvailabilityInput;

/** A chatbot that never set its availability: no hours, so no slots. */
export function noAvailability(): Availability {
  return availabilityOf({ Hours: [] });
}
