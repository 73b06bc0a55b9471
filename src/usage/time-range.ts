// The dates of the reporting endpoints (LeadList, ChatContentHistory): UTC, as the platform
// documents them. A date alone is a whole day, so a range of dates includes both ends; a
// date-time is an instant (UTC unless it carries an offset). "" means not given, as some
// clients send it for an empty date field.
import { Invalid } from '../errors.ts';

/** created_at bounds: from inclusive, to exclusive, ISO 8601 UTC; null = unbounded. */
export interface UtcRange {
  from: string | null;
  to: string | null;
}

const DATE = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME = '(?:[Tt ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?';

/** JSON Schema patterns of the two input forms ("" allowed: not given), and their rules. */
export const DATE_PATTERN = `^(?:${DATE})?$`;
export const DATE_RULE = 'must be a date YYYY-MM-DD';
export const DATE_OR_TIME_PATTERN = `^(?:${DATE}${TIME})?$`;
export const DATE_OR_TIME_RULE = 'must be a date YYYY-MM-DD or an ISO 8601 date-time';
const DATE_OR_TIME = new RegExp(DATE_OR_TIME_PATTERN);

const DAY_MS = 86_400_000;

export interface DateInput {
  /** The field's name in the request, for the error message. */
  field: string;
  value: string | undefined;
}

interface Instant {
  ms: number;
  dateOnly: boolean;
}

function parse({ field, value }: DateInput): Instant | null {
  if (value === undefined || value === '') return null;
  const m = DATE_OR_TIME.exec(value);
  if (!m) throw new Invalid(field, DATE_OR_TIME_RULE);
  const n = (i: number) => Number(m[i] ?? 0);
  const [y, mo, d, h, mi, s] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) {
    throw new Invalid(field, `is not a calendar date (${value.slice(0, 10)})`);
  }
  if (h > 23 || mi > 59 || s > 59) throw new Invalid(field, 'has an invalid time of day');
  const zone = m[8] ?? 'Z';
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const [hours, minutes] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
    if (hours > 23 || minutes > 59) throw new Invalid(field, 'has an invalid UTC offset');
    offset = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  return { ms: day.getTime() + ((h * 60 + mi - offset) * 60 + s) * 1000 + ms, dateOnly: m[4] === undefined };
}

/**
 * The created_at range of a start and an end; 400 naming the end when it is before the start.
 * Stored timestamps compare as text, which holds for the years 0000–9999: past 9999 the ISO
 * form gains a "+", so an end beyond it is no bound at all.
 */
export function utcRange(start: DateInput, end: DateInput): UtcRange {
  const from = parse(start);
  const until = parse(end);
  const toMs = until ? until.ms + (until.dateOnly ? DAY_MS : 1) : null;
  if (from && toMs !== null && from.ms >= toMs) throw new Invalid(end.field, `must not be before ${start.field}`);
  const fromIso = from ? new Date(from.ms).toISOString() : null;
  if (fromIso?.startsWith('+')) throw new Invalid(start.field, 'must be before the year 10000');
  const toIso = toMs === null ? null : new Date(toMs).toISOString();
  return { from: fromIso, to: toIso?.startsWith('+') ? null : toIso };
}
