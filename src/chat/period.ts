// Formatters are built once per zone: building one costs ~0.1 ms, using it ~2 µs.
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar month of `now` in the chatbot's time zone, 'YYYY-MM' (MessageLimit's period). */
export function monthOf(now: Date, timeZone: string): string {
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
    monthFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const year = parts.find((p) => p.type === 'year')?.value ?? '0000';
  const month = parts.find((p) => p.type === 'month')?.value ?? '00';
  return `${year}-${month}`;
}
