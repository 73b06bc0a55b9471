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

export function slotLabel(instant: number, timeZone: string, locale: string): string {
  return formatterOf(timeZone, locale).format(instant);
}

/** A slot as the API shows it: its times with the zone's offset, and its label. */
export function slotRecord(slot: { start: number; end: number }, timeZone: string, locale: string) {
  return {
    Start: isoWithOffset(slot.start, timeZone),
    End: isoWithOffset(slot.end, timeZone),
    Label: slotLabel(slot.start, timeZone, locale),
  };
}

export type SlotRecord = ReturnType<typeof slotRecord>;
