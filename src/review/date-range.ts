// A range of whole days given as YYYY-MM-DD (exports and analytics): both days included, at
// most two years, `to` not before `from`; a bad one is a 400 naming the field.
import { Invalid } from '../errors.ts';

const DAY_MS = 86_400_000;
/** Two years of days, a leap day included. */
export const MAX_RANGE_DAYS = 731;

function dayOf(field: string, value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  // Date.UTC rolls 2031-02-30 over to March: a day that does not exist is refused.
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new Invalid(field, 'must be a date YYYY-MM-DD');
  }
  return ms;
}

/** The UTC instants [from 00:00, the day after `to` 00:00) and the number of days. */
export function dayRange(from: { field: string; value: string }, to: { field: string; value: string }) {
  const start = dayOf(from.field, from.value);
  const end = dayOf(to.field, to.value) + DAY_MS;
  if (end <= start) throw new Invalid(to.field, `must not be before ${from.field}`);
  const days = (end - start) / DAY_MS;
  if (days > MAX_RANGE_DAYS)
    throw new Invalid(to.field, `the range may span at most ${MAX_RANGE_DAYS} days (two years)`);
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString(), days };
}
