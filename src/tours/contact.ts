// A visitor's contact details as the tours feature keys and texts them. A phone written without
// a country code is read as a North American number (+1), the market Parlor's listings and
// prices are written for; one that is neither is kept as its digits (never texted).
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The phone in E.164, or null when it is not a valid number. */
export function phoneE164(phone: string): string | null {
  const p = phone.trim();
  if (!p) return null;
  const parsed = p.startsWith('+') ? parsePhoneNumberFromString(p) : parsePhoneNumberFromString(p, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** What counts a visitor's showings by phone: E.164, else the digits. */
export function phoneKey(phone: string): string {
  return phoneE164(phone) ?? phone.replace(/\D/g, '');
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
