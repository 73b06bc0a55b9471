// Calendar days in a chatbot's time zone, computed with Intl. A local day is not always
// 24 hours (23 or 25 on a DST change), so a day is selected by the UTC instants of its
// two local midnights, never by adding 24 hours.

export interface LocalTime {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function localTime(instant: Date, timeZone: string): LocalTime {
  const p = parts(instant, timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, hour: p.hour };
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar date `days` after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return t.toISOString().slice(0, 10);
}

/**
 * The first instant of the local date. Midnight minus the offset, tried with the offset on
 * either side of a DST change: the earliest candidate that falls on the date wins. Where
 * midnight itself does not exist (zones that change at 00:00, e.g. America/Santiago), the
 * day begins when the clock jumps.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  const onDate = [first, second].filter((t) => localTime(new Date(t), timeZone).date === date).sort((a, b) => a - b);
  return new Date(onDate[0] ?? Math.max(first, second));
}

/** [start, end) of a local date as UTC instants. */
export function localDayRange(date: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(date, timeZone), to: startOfLocalDay(addDays(date, 1), timeZone) };
}

/**
 * The latest local date whose digest is due at `now`: day D is due from D+1 at `hour`.
 * Before that hour it is the day before yesterday, so a digest missed while no instance
 * ran (e.g. all down across the hour) still goes out later.
 */
export function latestDueDay(now: Date, timeZone: string, hour: number): string {
  const local = localTime(now, timeZone);
  return addDays(local.date, local.hour >= hour ? -1 : -2);
}
