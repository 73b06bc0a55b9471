// Domain verification (DESIGN §3.7): with VerifyDomain on, the widget's public endpoints
// answer only pages whose host is in the chatbot's Domains. Pure functions, so that every
// rule here is unit-tested without a server.
import { Forbidden } from '../errors.ts';

/** The parts of a chatbot's settings the domain rule reads. */
export interface DomainRule {
  VerifyDomain: boolean;
  /** Stored lower-case, one host per line; `*.example.com` = any subdomain of example.com. */
  Domains: string;
}

function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

export function domainList(domains: string): string[] {
  return domains
    .split(/[,\s]+/)
    .map(normalHost)
    .filter(Boolean);
}

/**
 * Whether `host` (a URL's hostname, no port) is allowed by the Domains list: an exact entry,
 * or `*.suffix` for any subdomain of suffix (the suffix itself only when listed as well).
 * Matching is by whole labels, so `example.com.evil.test` and `evilexample.com` never
 * match `example.com`.
 */
export function hostAllowed(host: string, domains: string): boolean {
  const h = normalHost(host);
  if (!h) return false;
  for (const entry of domainList(domains)) {
    if (entry.startsWith('*.')) {
      const suffix = entry.slice(1); // ".example.com"
      if (h.length > suffix.length && h.endsWith(suffix)) return true;
    } else if (h === entry) {
      return true;
    }
  }
  return false;
}

/** The hostname of an http(s) URL, or null when it is not one (including Origin "null"). */
export function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return normalHost(u.hostname) || null;
  } catch {
    return null;
  }
}

export interface SiteHeaders {
  origin?: string;
  referer?: string;
}

/** The host of the page making the request: Origin, or Referer when there is no Origin. */
export function requestingHost(headers: SiteHeaders): string | null {
  if (headers.origin) return hostOf(headers.origin);
  return hostOf(headers.referer);
}

/** Throws 403 with a message the widget shows when the requesting page is not allowed. */
export function checkDomain(rule: DomainRule, headers: SiteHeaders): void {
  if (!rule.VerifyDomain) return;
  const host = requestingHost(headers);
  if (!host) {
    throw new Forbidden(
      'this chatbot only answers on the websites it is set up for, and the request did not say which site ' +
        'it came from (no Origin or Referer header)',
    );
  }
  if (!hostAllowed(host, rule.Domains)) {
    throw new Forbidden(
      `this chatbot is not enabled on ${host} (the chatbot's Domains setting lists the sites it answers on)`,
    );
  }
}

/**
 * The `Content-Security-Policy` of Parlor's own widget pages (/demo): who may frame them.
 * Off: anyone. On: the allowed hosts on any port (scheme as the page's), or nobody.
 */
export function frameAncestors(rule: DomainRule): string {
  if (!rule.VerifyDomain) return 'frame-ancestors *';
  const hosts = domainList(rule.Domains).map((h) => `${h}:*`);
  return `frame-ancestors ${hosts.length ? hosts.join(' ') : "'none'"}`;
}
