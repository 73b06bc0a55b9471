// A visitor's contact details as Parlor keys them: showings count a visitor by them (tours/),
// an erasure finds a person by them (privacy/), and chat records which of them a visitor typed
// in a question or an agent wrote in a reply (chat/repo-contacts.ts). A phone written without
// a country code is read as a North American number (+1), the market Parlor's listings and
// prices are written for; one that is neither is kept as its digits.
import { createHash } from 'node:crypto';
import { findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js';

/** The phone in E.164, or null when it is not a valid number. */
export function phoneE164(phone: string): string | null {
  const p = phone.trim();
  if (!p) return null;
  const parsed = p.startsWith('+') ? parsePhoneNumberFromString(p) : parsePhoneNumberFromString(p, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** What keys a phone: E.164, else the digits. */
export function phoneKey(phone: string): string {
  return phoneE164(phone) ?? phone.replace(/\D/g, '');
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

// An address as people type one in a sentence; a trailing full stop is left out by the last part.
// Each part is bounded by RFC 5321's lengths (64 before the @, 255 after), so a long run of
// letters without an @ costs a scan of 64 characters from each position, not of the whole text.
const EMAIL_IN_TEXT = /[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,252}\.[a-z]{2,63}/gi;
// libphonenumber's own bound on how many candidates that are not numbers it reads before it
// gives up on a text: a question that is one long run of digit groups ("555 555 555 ...") would
// otherwise cost tens of milliseconds. A phone past that many false starts is still found by
// NANP_IN_TEXT when it is North American.
// (`maxTries` is read by the library; its type declarations leave it out.)
const FIND_PHONES = { defaultCountry: 'US' as const, maxTries: 50 };
// A North American number written in one of its common forms, not part of a longer run of
// digits: libphonenumber leaves out a number that follows other digits ("under 450000 303 555 0100").
const NANP_IN_TEXT = /(?<!\d)(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/g;

/**
 * The contacts written in a text, as keys (`email:<emailKey>`, `phone:<phoneKey>`): e-mail
 * addresses, and phone numbers in any common form (+1 303 555 0100, (303) 555-0100,
 * 303.555.0100), found by libphonenumber the way it finds them in text.
 */
export function contactKeysIn(text: string): string[] {
  const keys = new Set<string>();
  for (const m of text.matchAll(EMAIL_IN_TEXT)) keys.add(`email:${emailKey(m[0])}`);
  for (const p of findPhoneNumbersInText(text, FIND_PHONES)) {
    keys.add(`phone:${phoneKey(text.slice(p.startsAt, p.endsAt))}`);
  }
  for (const m of text.matchAll(NANP_IN_TEXT)) keys.add(`phone:${phoneKey(m[0])}`);
  return [...keys];
}

/** A contact key as stored: its SHA-256 (hex), so the record of who typed what is not the contact itself. */
export function contactHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
