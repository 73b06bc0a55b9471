// Domain verification: with VerifyDomain on, the widget's public endpoints answer only pages
// whose host is in the chatbot's Domains. Pure functions, so that every rule here is
// unit-tested without a server.
import { Forbidden } from '../errors.ts';

/** The parts of a chatbot's settings the domain rule reads. */
export interface DomainRule {
  VerifyDomain: boolean;
  /**
   * One entry per line (Edit also splits on commas): a host name (`example.com`,
   * `*.example.com` = any subdomain) or a URL of one (`https://example.com`, as the
   * platform stores them). Only the host counts.
   */
  Domains: string;
  /** The host Parlor is reached at for this chatbot (a host name or URL), or "". */
  CustomDomain: string;
}

function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** The host of one Domains entry: a URL's host (port ignored), or the entry itself. */
function entryHost(entry: string): string {
  if (!entry.includes('://')) return normalHost(entry);
  try {
    return normalHost(new URL(entry).hostname);
  } catch {
    return '';
  }
}

/** The host names a Domains (or CustomDomain) value lists, lower-case, URLs reduced to their host. */
export function domainList(domains: string): string[] {
  return domains
    .split(/[,\s]+/)
    .map(entryHost)
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
  const u = webUrl(url);
  return u ? normalHost(u.hostname) || null : null;
}

function webUrl(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** What the browser says about the page making a request, and where the request went. */
export interface SiteHeaders {
  origin?: string;
  referer?: string;
  /** The host names this server is reached at: the request's Host, PARLOR_PUBLIC_URL's. */
  serverHosts?: readonly string[];
}

/** The host of the page making the request: Origin, or Referer when there is no Origin. */
export function requestingHost(headers: SiteHeaders): string | null {
  if (headers.origin) return hostOf(headers.origin);
  return hostOf(headers.referer);
}

/** Where Parlor serves a chatbot as a page of its own (the platform's iframe embed). */
export function chatPagePath(serialNumber: string): string {
  return `/chatbot-iframe/${encodeURIComponent(serialNumber)}`;
}

/**
 * True when the request comes from Parlor's own page of this chatbot (/chatbot-iframe/SERIAL)
 * on a host Parlor is reached at (the request's Host, PARLOR_PUBLIC_URL, the CustomDomain).
 * Inside that iframe the Origin is Parlor's, never the embedding site's: what keeps other
 * sites from using it is the page's frame-ancestors, built from Domains, which the browser
 * enforces. A page can't forge Origin or Referer, so another site can't pass for this page.
 */
export function fromOwnChatPage(rule: DomainRule, serialNumber: string, site: SiteHeaders): boolean {
  const page = webUrl(site.referer);
  if (!page || page.pathname !== chatPagePath(serialNumber)) return false;
  const pageHost = normalHost(page.hostname);
  if (site.origin && hostOf(site.origin) !== pageHost) return false;
  const own = [...(site.serverHosts ?? []), ...domainList(rule.CustomDomain)].map(normalHost);
  return own.includes(pageHost);
}

/**
 * Throws 403 with a message the widget shows when the requesting page is not allowed.
 * Only what the browser sets counts (Origin, Referer): X-Referer and ReferrerInfo are the
 * page's own word and are never read here.
 */
export function checkDomain(rule: DomainRule, serialNumber: string, site: SiteHeaders): void {
  if (!rule.VerifyDomain || fromOwnChatPage(rule, serialNumber, site)) return;
  const host = requestingHost(site);
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
 * The `Content-Security-Policy` of Parlor's own widget pages (/demo, /chatbot-iframe/…):
 * who may frame them. Off: anyone. On: the allowed hosts on any port, over http and https
 * (Domains compares hosts only), or nobody.
 */
export function frameAncestors(rule: Pick<DomainRule, 'VerifyDomain' | 'Domains'>): string {
  if (!rule.VerifyDomain) return 'frame-ancestors *';
  const hosts = [...new Set(domainList(rule.Domains))].flatMap((h) => [`http://${h}:*`, `https://${h}:*`]);
  return `frame-ancestors ${hosts.length ? hosts.join(' ') : "'none'"}`;
}
