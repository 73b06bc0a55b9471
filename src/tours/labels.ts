// How a slot reads to a visitor, in the chatbot's language and time zone: "Sat, Mar 7, 9:00 AM"
// (English), "sáb, 7 mar, 9:00" (Spanish). Formatters are made once per zone and language.
import { LANGUAGE_CODES, type Settings } from '../chatbots/index.ts';
import { isoWithOffset } from './zoned-time.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The BCP 47 language of the chatbot's AIResponseLanguage; English for Auto. */
export function localeOf(settings: Pick<Settings, 'AIResponseLanguage'>, visitorLanguage?: string): string {
  const named = (LANGUAGE_CODES as Record<string, string>)[settings.AIResponseLanguage];
  return named ?? visitorLanguage ?? 'en';
}

function formatterOf(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${timeZone}|${locale}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(key, f);
  }
  return f;
}

/** Labels already written, per zone and language: the same slots come back on every search. */
const KNOWN_LABELS = 20_000;
const labels = new Map<string, Map<number, string>>();

export function slotLabel(instant: number, timeZone: string, locale: string): string {
  const key = `${timeZone}|${locale}`;
  let known = labels.get(key);
  if (!known) {
    known = new Map();
    labels.set(key, known);
  }
  let label = known.get(instant);
  if (label === undefined) {
    if (known.size >= KNOWN_LABELS) known.clear();
    label = formatterOf(timeZone, locale).format(instant);
    known.set(instant, label);
  }
  return label;
}

export interface SlotRecord {
  readonly Start: string;
  readonly End: string;
  readonly Label: string;
}

/** Records already made, per zone, language and length, by start minute: shared, never changed. */
const KNOWN_RECORDS = 20_000;
const records = new Map<string, Map<number, SlotRecord>>();

function knownRecords(timeZone: string, locale: string, length: number): Map<number, SlotRecord> {
  const key = `${timeZone}|${locale}|${length}`;
  let known = records.get(key);
  if (!known) {
    known = new Map();
    records.set(key, known);
  }
  return known;
}

function recordIn(
  known: Map<number, SlotRecord>,
  slot: { start: number; end: number },
  timeZone: string,
  locale: string,
) {
  const minute = slot.start / 60_000;
  let record = known.get(minute);
  if (!record) {
    if (known.size >= KNOWN_RECORDS) known.clear();
    record = Object.freeze({
      Start: isoWithOffset(slot.start, timeZone),
      End: isoWithOffset(slot.end, timeZone),
      Label: slotLabel(slot.start, timeZone, locale),
    });
    known.set(minute, record);
  }
  return record;
}

/** A slot as the API shows it: its times with the zone's offset, and its label. */
export function slotRecord(slot: { start: number; end: number }, timeZone: string, locale: string): SlotRecord {
  return recordIn(knownRecords(timeZone, locale, slot.end - slot.start), slot, timeZone, locale);
}

/** Slots as the API shows them: slotRecord of each, the zone's records looked up once per length. */
export function slotRecords(
  slots: readonly { start: number; end: number }[],
  timeZone: string,
  locale: string,
): SlotRecord[] {
  let length = -1;
  let known: Map<number, SlotRecord> | undefined;
  return slots.map((slot) => {
    if (slot.end - slot.start !== length || !known) {
      length = slot.end - slot.start;
      known = knownRecords(timeZone, locale, length);
    }
    return recordIn(known, slot, timeZone, locale);
  });
}
