// When a visitor asks to see a home: the day, the time or the part of the day as people write
// them ("Saturday morning", "el sábado a las 10", "mardi", "sábado de manhã"), read with
// chrono-node in the visitor's language, as wall-clock values in the chatbot's time zone.
import { createRequire } from 'node:module';
import type * as chrono from 'chrono-node';
import { alternation, conceptRe, type Lang, VOCABULARIES } from './vocab/index.ts';

export type TourLang = Lang;
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

export interface AskedWhen {
  /** The local date asked ("YYYY-MM-DD"), when a day is named ("Saturday", "tomorrow", "Nov 7"). */
  date?: string;
  hour?: number;
  minute?: number;
  part?: PartOfDay;
}

// chrono-node is loaded the first time a visitor names a day or an hour, not at start-up: its locales hold several
// megabytes that an instance without showings never needs.
const load = createRequire(import.meta.url);
let loaded: typeof chrono | undefined;
function parserFor(lang: TourLang): Pick<chrono.Chrono, 'parse'> {
  loaded ??= load('chrono-node') as typeof chrono;
  return loaded[VOCABULARIES[lang].dates];
}

/** Local hours [from, to) of each part of the day. */
export const PART_HOURS: Record<PartOfDay, [number, number]> = {
  morning: [0, 12],
  afternoon: [12, 17],
  evening: [17, 24],
};

// On normalized text (accents stripped). Spanish "mañana" alone is "tomorrow" (chrono reads it).
const PARTS: [RegExp, PartOfDay][] = (['morning', 'afternoon', 'evening'] as const).map((part) => [
  conceptRe((v) => v.partsOfDay[part]),
  part,
]);

// "around 10", "a las 10", "vers 10h", "às 10": an hour chrono leaves out after a day.
const HOUR_RE = new RegExp(`\\b${alternation((v) => v.hourBefore)}\\s+(\\d{1,2})(?:[:h](\\d{2}))?\\s*(am|pm|h)?\\b`);

/** Earliest hour a showing plausibly starts: "at 3" is 3 PM. */
const FIRST_HOUR = 8;

function offsetMinutes(timeZone: string, at: Date): number {
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  } catch {
    return 0;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date, time and part of the day a message asks for, in the chatbot's zone; empty when
 * it names none. `norm` is the message normalized (lower case, no accents).
 */
export function askedWhen(text: string, norm: string, lang: TourLang, now: Date, timeZone: string): AskedWhen {
  const ref = { instant: now, timezone: offsetMinutes(timeZone, now) };
  const results = parserFor(lang).parse(text, ref, { forwardDate: true });
  const out: AskedWhen = {};
  for (const r of results) {
    const c = r.start;
    const hasDay = c.isCertain('day') || c.isCertain('weekday');
    if (out.date === undefined && hasDay) {
      out.date = `${c.get('year')}-${pad(c.get('month') ?? 1)}-${pad(c.get('day') ?? 1)}`;
    }
    if (out.hour === undefined && c.isCertain('hour')) {
      let hour = c.get('hour') ?? 0;
      if (!c.isCertain('meridiem') && hour < FIRST_HOUR) hour += 12;
      out.hour = hour;
      out.minute = c.get('minute') ?? 0;
    }
  }
  // ("at 10" without a day is chrono's; the fallback reads an hour only after a day.)
  if (out.hour === undefined && out.date !== undefined) {
    const m = HOUR_RE.exec(norm);
    if (m) {
      let hour = Number(m[1]);
      const minute = Number(m[2] ?? 0);
      if (m[3] === 'pm' && hour < 12) hour += 12;
      else if (m[3] !== 'am' && hour < FIRST_HOUR) hour += 12;
      if (hour < 24 && minute < 60) {
        out.hour = hour;
        out.minute = minute;
      }
    }
  }
  for (const [re, part] of PARTS) {
    if (re.test(norm)) {
      out.part = part;
      break;
    }
  }
  return out;
}

/** Whether the message names any time at all. */
export const namesTime = (w: AskedWhen) => w.date !== undefined || w.hour !== undefined || w.part !== undefined;
