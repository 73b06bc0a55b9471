// GetTourSlots' answer as it goes out (docs/tours.md, "Speed"): the JSON envelope, encoded once
// per span of the free slots kept in memory (slot-search.ts), zone and language, then sent as it
// is. Writing 300-odd slots afresh on every request was most of what a search allocated; the
// kept free slots end with the generation that read them (a booking, a cancel, an hours change),
// and their encoded answers with them, so an answer is never older than its free slots.
import { ok } from '../http/envelope.ts';
import { slotRecords } from './labels.ts';
import type { SlotSpan } from './slot-search.ts';
import type { Slot } from './slots.ts';

/** Answers kept per kept free slots: the span moves on as the clock passes slots (and per window asked). */
const KNOWN_SPANS = 32;
const encoded = new WeakMap<readonly Slot[], Map<string, Buffer>>();

const encode = (slots: readonly Slot[], timeZone: string, locale: string) =>
  Buffer.from(JSON.stringify(ok(slotRecords(slots, timeZone, locale))));

/** The encoded envelope of a search's slots (none when `span` is null). Shared: never change it. */
export function slotsAnswer(span: SlotSpan | null, timeZone: string, locale: string): Buffer {
  if (!span) return encode([], timeZone, locale);
  let known = encoded.get(span.free);
  if (!known) {
    known = new Map();
    encoded.set(span.free, known);
  }
  const key = `${span.lo}|${span.hi}|${timeZone}|${locale}`;
  let body = known.get(key);
  if (!body) {
    if (known.size >= KNOWN_SPANS) known.clear();
    body = encode(span.free.slice(span.lo, span.hi), timeZone, locale);
    known.set(key, body);
  }
  return body;
}
