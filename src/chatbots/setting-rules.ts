// The settings rules that need code (chatbots/README.md). Each takes the value the schema has
// already shaped and returns it in its stored form, or throws Invalid naming the field.
import { domainToASCII } from 'node:url';
import { Invalid } from '../errors.ts';
import { COLOR_RULE } from './edit-schema.ts';
import { canonicalTimeZone } from './settings.ts';

const MAX_SUGGESTIONS = 10;
const MAX_SUGGESTION_LENGTH = 200;
const MAX_EMAILS = 20;
const MAX_DOMAINS = 100;

/** An IANA zone in canonical form. Intl also takes UTC offsets ("+05:00"), which are not zones. */
export function timeZoneSetting(field: string, value: string): string {
  const tz = canonicalTimeZone(value.trim());
  if (!tz || /^[+-]/.test(tz)) {
    throw new Invalid(field, `must be an IANA time zone such as America/Chicago, got "${value}"`);
  }
  return tz;
}

/** `rgb(r,g,b)` without spaces; `#rrggbb` converted. The schema has checked the shape. */
export function colorSetting(field: string, value: string): string {
  const v = value.trim();
  const parts = v.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(v.slice(i, i + 2), 16))
    : (v.match(/\d+/g) ?? []).map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n > 255)) throw new Invalid(field, COLOR_RULE);
  return `rgb(${parts.join(',')})`;
}

// Deliberately simple: one @, no spaces or separators, a dot in the domain. Deliverability
// is the mail server's business; this catches typos and pasted names.
const EMAIL = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"().]+$/;

/** Addresses separated by commas (or semicolons, or newlines), stored joined by ", ". */
export function emailListSetting(field: string, value: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of value.split(/[,;\r\n]/)) {
    const address = raw.trim();
    if (!address) continue;
    if (address.length > 254 || !EMAIL.test(address)) {
      throw new Invalid(field, `"${address}" is not an e-mail address (separate several with commas)`);
    }
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  if (out.length === 0 && value.trim() !== '')
    throw new Invalid(field, 'must be e-mail addresses separated by commas, or ""');
  if (out.length > MAX_EMAILS) throw new Invalid(field, `must have at most ${MAX_EMAILS} addresses`);
  return out.join(', ');
}

/** Newline-separated suggestions, blank lines dropped, stored one per line, trimmed. */
export function suggestedMessageSetting(field: string, value: string): string {
  const items = value
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > MAX_SUGGESTIONS) {
    throw new Invalid(field, `must have at most ${MAX_SUGGESTIONS} suggestions (one per line), got ${items.length}`);
  }
  const long = items.findIndex((s) => s.length > MAX_SUGGESTION_LENGTH);
  if (long >= 0) {
    throw new Invalid(field, `suggestion ${long + 1} must be at most ${MAX_SUGGESTION_LENGTH} characters`);
  }
  return items.join('\n');
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const WILDCARD_BASE = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);

/** International names as punycode; "" when the name carries URL parts. */
function asciiHost(lower: string): string {
  if (/^[\x21-\x7e]*$/.test(lower)) return lower;
  // domainToASCII parses a URL host: it would turn "bücher.example/x" into "xn--bcher-kva.example".
  if (/[/\\:?#@[\]%\s]/.test(lower)) return '';
  return domainToASCII(lower);
}

/** A host name in lower-case ASCII (international names as punycode), or null when it is not one. */
function hostName(raw: string, wildcard: boolean): string | null {
  const lower = raw.trim().toLowerCase().replace(/\.$/, '');
  if (wildcard && lower.startsWith('*.')) {
    // `*.com` would admit every site under a top-level domain: a wildcard needs two labels.
    const base = hostName(lower.slice(2), false);
    return base && WILDCARD_BASE.test(base) ? `*.${base}` : null;
  }
  const ascii = asciiHost(lower);
  return ascii && ascii.length <= 253 && HOST.test(ascii) ? ascii : null;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * One Domains or CustomDomain entry in its stored form, or null when it is neither a host
 * name nor an http(s) URL of one. The platform stores these as URLs (`https://example.com`),
 * so a URL stays a URL, reduced to scheme, host and port: a path plays no part in which
 * site a page is on.
 */
function siteEntry(raw: string, wildcard: boolean): string | null {
  if (!URL_SCHEME.test(raw.trim())) return hostName(raw, wildcard);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const host = hostName(url.hostname, wildcard);
  return host ? `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}` : null;
}

/**
 * Host names or URLs separated by commas or newlines (`*.example.com` allowed), stored one
 * per line without duplicates.
 */
export function domainsSetting(field: string, value: string): string {
  const out: string[] = [];
  for (const raw of value.split(/[,\s]+/)) {
    if (!raw) continue;
    const entry = siteEntry(raw, true);
    if (!entry) {
      throw new Invalid(
        field,
        `"${raw}" is not a host name or URL (example.com, *.example.com or https://example.com)`,
      );
    }
    if (!out.includes(entry)) out.push(entry);
  }
  if (out.length > MAX_DOMAINS) throw new Invalid(field, `must have at most ${MAX_DOMAINS} host names or URLs`);
  return out.join('\n');
}

/** One host name or URL (no wildcard), or "". */
export function customDomainSetting(field: string, value: string): string {
  if (value.trim() === '') return '';
  const entry = siteEntry(value, false);
  if (!entry) {
    throw new Invalid(
      field,
      `must be a host name or URL such as chat.example.com or https://chat.example.com, or "", got "${value}"`,
    );
  }
  return entry;
}

/** QualifyQuestions: each field at most once (the schema has checked the names). */
export function qualifyQuestionsSetting<T extends string>(field: string, value: readonly T[]): T[] {
  const twice = value.find((f, i) => value.indexOf(f) !== i);
  if (twice) throw new Invalid(field, `must name each field once, got "${twice}" twice`);
  return [...value];
}
