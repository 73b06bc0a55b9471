// Wall-clock time in an IANA time zone, with Intl as the only source of the zone's rules (no
// time-zone library). A chatbot's hours are wall-clock times in its TimeZone; a slot is the
// instant that wall-clock time names that day. Around a daylight-saving change a wall-clock
// time may name no instant (02:30 on the spring-forward day) or two (01:30 on the fall-back
// day): the first is skipped, the second is the first of the two, so no slot is offered twice.

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offsets already read, per zone and minute: a slot search asks for the same few hundred
 * instants on every request, and Intl takes microseconds each (measured: most of a search's
 * time before). Bounded: cleared when it grows past this many minutes.
 */
const KNOWN_OFFSETS = 50_000;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in minutes (Denver in winter: -420). */
export function offsetMinutes(instant: number, timeZone: string): number {
  // Zones change their offset on whole minutes: one reading holds for the minute.
  const minute = Math.floor(instant / MINUTE);
  let known = offsets.get(timeZone);
  if (!known) {
    known = new Map();
    offsets.set(timeZone, known);
  }
  const hit = known.get(minute);
  if (hit !== undefined) return hit;
  if (known.size >= KNOWN_OFFSETS) known.clear();
  const offset = readOffset(minute * MINUTE, timeZone);
  known.set(minute, offset);
  return offset;
}

function readOffset(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - instant) / MINUTE);
}

/** A local calendar date, "YYYY-MM-DD", as the UTC midnight of the same numbers (for arithmetic). */
export function dateValue(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function dateText(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** The local date an instant falls on in the zone. */
export function localDate(instant: number, timeZone: string): string {
  return dateText(instant + offsetMinutes(instant, timeZone) * MINUTE);
}

/** The weekday of a local date: 0 = Monday … 6 = Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(dateValue(date)).getUTCDay() + 6) % 7;
}

/**
 * The zone's rules for one local day: the offsets in force at its start and its end. Equal on
 * every day but the two change days, where each wall-clock time is resolved on its own.
 */
export interface ZonedDay {
  date: string;
  /** The wall-clock day's 00:00 read as UTC. */
  base: number;
  before: number;
  after: number;
}

export function zonedDay(date: string, timeZone: string): ZonedDay {
  const base = dateValue(date);
  // About the local day's start; an hour either side of the day, so that a change at
  // midnight counts and the next day's 02:00 does not.
  const start = base - offsetMinutes(base, timeZone) * MINUTE;
  return {
    date,
    base,
    before: offsetMinutes(start - 3_600_000, timeZone),
    after: offsetMinutes(start + DAY + 3_600_000, timeZone),
  };
}

/**
 * The instant of a wall-clock time (minutes after local midnight) on a day, or null when the
 * zone skips it. Of two instants (the hour repeated in the fall), the first.
 */
export function instantOf(day: ZonedDay, minuteOfDay: number, timeZone: string): number | null {
  const wall = day.base + minuteOfDay * MINUTE;
  if (day.before === day.after) return wall - day.before * MINUTE;
  const candidates = [wall - day.before * MINUTE, wall - day.after * MINUTE]
    .filter((t) => t + offsetMinutes(t, timeZone) * MINUTE === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** The first instant of a local date: its midnight, or the change that skipped it (01:00 then). */
export function dayStart(date: string, timeZone: string): number {
  const day = zonedDay(date, timeZone);
  return instantOf(day, 0, timeZone) ?? instantOf(day, 60, timeZone) ?? day.base - day.after * MINUTE;
}

const KNOWN_TEXTS = 20_000;
const texts = new Map<string, Map<number, string>>();

/** An instant as ISO 8601 with the zone's offset at that instant: "2026-03-07T09:00:00-07:00". */
export function isoWithOffset(instant: number, timeZone: string): string {
  // Written once per zone and instant: a slot search writes the same few hundred each time.
  let known = texts.get(timeZone);
  if (!known) {
    known = new Map();
    texts.set(timeZone, known);
  }
  let text = known.get(instant);
  if (text === undefined) {
    if (known.size >= KNOWN_TEXTS) known.clear();
    text = writeIso(instant, timeZone);
    known.set(instant, text);
  }
  return text;
}

function writeIso(instant: number, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** ISO 8601 with a date, a time and an offset (Z or ±HH:MM); seconds and fractions optional. */
export const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of an ISO 8601 text with an offset, or null when it is not one (or not a real date). */
export function parseIsoWithOffset(text: string): number | null {
  const m = ISO_WITH_OFFSET.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  if (mo === undefined || d === undefined || h === undefined || mi === undefined) return null;
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || (s ?? 0) > 59) return null;
  const t = Date.parse(text.trim());
  if (Number.isNaN(t)) return null;
  // Date.parse rolls 2026-02-30 over into March: the day must exist as written.
  if (new Date(Date.UTC(y ?? 0, mo - 1, d)).getUTCDate() !== d) return null;
  return t;
}
