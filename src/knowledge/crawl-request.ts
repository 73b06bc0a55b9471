// One request of a crawl (crawl.ts): redirects followed one hop at a time, each hop checked
// by the outgoing policy, by robots.txt of its host (read once per origin) and, when a site is
// given, for staying on it; every byte read counts towards the crawl's budget, and no request
// outlives its deadline. Why a URL was not read is a CrawlFailed whose reason the brokerage sees.
import {
  checkOutgoingUrl,
  type OutgoingPolicy,
  OutgoingRefused,
  type OutgoingResponse,
  OutgoingTooLarge,
  sendOutgoing,
} from '../net/outgoing.ts';
import { EXTRACTION_LIMITS, type ExtractionLimits } from './extract-child.ts';
import { type RobotsRules, readRobots } from './robots.ts';

/** Why a URL was not read; `message` ("<url>: <reason>") is shown to the brokerage (StatusMessage). */
export class CrawlFailed extends Error {
  readonly url: string;
  readonly reason: string;
  constructor(url: string, reason: string) {
    super(`${url}: ${reason}`);
    this.url = url;
    this.reason = reason;
  }
}

export interface CrawlLimits {
  /** Pages tried, in sitemap order; a page that fails counts too (it cost a request). */
  maxPages: number;
  maxPageBytes: number;
  /** Everything read in one crawl: sitemaps, redirects and pages (robots.txt has its own bound). */
  maxTotalBytes: number;
  /** For each request (each redirect hop is a request). */
  timeoutMs: number;
  /**
   * For the whole crawl: without it a site answering each request just under timeoutMs would
   * hold the worker for maxPages × 4 hops × timeoutMs. Keep it under the worker's lease.
   */
  maxDurationMs: number;
  /** Each page is read to text in the extraction child, with its heap limit and deadline. */
  extraction: ExtractionLimits;
}

const MB = 1024 * 1024;
export const CRAWL_LIMITS: CrawlLimits = Object.freeze({
  maxPages: 200,
  maxPageBytes: 2 * MB,
  maxTotalBytes: 20 * MB,
  timeoutMs: 10_000,
  maxDurationMs: 5 * 60_000,
  extraction: EXTRACTION_LIMITS,
});

export const CRAWLER_USER_AGENT = 'ParlorBot/1.0 (+knowledge crawler)';

const MAX_REDIRECTS = 3;
/** RFC 9309 §2.5: crawlers must parse at least 500 KiB of a robots.txt. */
const MAX_ROBOTS_BYTES = 512 * 1024;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const HEADERS = {
  'user-agent': CRAWLER_USER_AGENT,
  accept: 'text/html, application/xhtml+xml, text/plain;q=0.9, application/xml;q=0.9, */*;q=0.1',
};

export interface Crawl {
  policy: OutgoingPolicy;
  limits: CrawlLimits;
  /** Bytes read so far, against limits.maxTotalBytes. */
  spent: number;
  /** Date.now() past which no request starts, and none runs. */
  deadline: number;
  /** robots.txt, read once per origin per crawl. */
  robots: Map<string, Promise<RobotsRules>>;
  /** What a redirect off the site is refused as being off: "the sitemap" or "the page". */
  from: string;
}

export const newCrawl = (policy: OutgoingPolicy, limits: CrawlLimits, from: string): Crawl => ({
  from,
  policy,
  limits,
  spent: 0,
  deadline: Date.now() + limits.maxDurationMs,
  robots: new Map(),
});

/**
 * The host a sitemap may list pages of. `www.` and the bare host count as one site (sitemaps
 * at example.com listing www.example.com pages are common and the owner is the same); the port
 * counts, the scheme does not.
 */
export function siteOf(url: URL): string {
  return url.host.replace(/^www\./, '');
}

/**
 * GETs a URL, following up to MAX_REDIRECTS redirects; each hop is checked by the policy, by
 * robots.txt of its host and (when `site` is given) for staying on the site, before it is sent.
 */
export async function download(
  crawl: Crawl,
  start: string,
  maxBytes: number,
  site: string | null,
): Promise<OutgoingResponse> {
  let href = URL.parse(start)?.href ?? start;
  // maxBytes bounds the redirect bodies and the page together.
  let left = maxBytes;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (Date.now() >= crawl.deadline) throw unread(start, href, `not read: ${timeBound(crawl.limits)}`);
    const refusal = await refusalOf(crawl, href, site);
    if (refusal) throw unread(start, href, refusal);
    let res: OutgoingResponse;
    try {
      res = await sendOutgoing(
        href,
        {
          method: 'GET',
          headers: HEADERS,
          timeoutMs: requestTimeout(crawl),
          maxResponseBytes: left,
          maxRedirects: 0,
        },
        crawl.policy,
      );
    } catch (err) {
      const tooLarge = err instanceof OutgoingTooLarge;
      if (tooLarge) crawl.spent += left; // read up to the bound before giving up
      throw unread(start, href, tooLarge ? `larger than ${formatBytes(maxBytes)}` : networkReason(err));
    }
    crawl.spent += res.body.length;
    left -= res.body.length;
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return res;
    href = URL.parse(location, res.url)?.href ?? location;
  }
  throw new CrawlFailed(start, `more than ${MAX_REDIRECTS} redirects`);
}

/** Why `href` must not be requested, or null. */
async function refusalOf(crawl: Crawl, href: string, site: string | null): Promise<string | null> {
  let url: URL;
  try {
    url = checkOutgoingUrl(href, crawl.policy);
  } catch (err) {
    return networkReason(err);
  }
  if (site !== null && siteOf(url) !== site) return `on another site than ${crawl.from}`;
  const allows = await robotsOf(crawl, url);
  return allows(url.pathname + url.search) ? null : 'robots.txt does not let ParlorBot read it';
}

/** The failure of `start`, saying where it redirected when the failing hop is another URL. */
export function unread(start: string, href: string, reason: string): CrawlFailed {
  return new CrawlFailed(
    start,
    href === (URL.parse(start)?.href ?? start) ? reason : `redirects to ${href}, ${reason}`,
  );
}

function networkReason(err: unknown): string {
  if (err instanceof OutgoingRefused) return `refused: ${err.message}`;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `no such host (${code})`;
  if (typeof code === 'string') return `could not connect (${code})`;
  // "no answer within … ms" from sendOutgoing reads as it is.
  return err instanceof Error ? err.message : String(err);
}

export function mediaType(res: OutgoingResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** The body in its declared charset (UTF-8 when none or unknown). */
export function decode(res: OutgoingResponse): string {
  const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(res.headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(res.body);
  } catch {
    return new TextDecoder('utf-8').decode(res.body);
  }
}

export function formatBytes(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** The per-request timeout, shortened so that no request outlives the crawl's deadline. */
function requestTimeout(crawl: Crawl): number {
  return Math.max(1, Math.min(crawl.limits.timeoutMs, crawl.deadline - Date.now()));
}

function formatDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 6000) / 10} min`;
  if (ms >= 1000) return `${Math.round(ms / 100) / 10} s`;
  return `${ms} ms`;
}

export const timeBound = (limits: CrawlLimits) => `the crawl reads for at most ${formatDuration(limits.maxDurationMs)}`;

export const bytesBound = (limits: CrawlLimits) =>
  `the crawl reads at most ${formatBytes(limits.maxTotalBytes)} in all`;

/** What robots.txt of `url`'s origin allows, read once per origin per crawl. */
function robotsOf(crawl: Crawl, url: URL): Promise<RobotsRules> {
  let rules = crawl.robots.get(url.origin);
  if (!rules) {
    rules = loadRobots(crawl, url.origin);
    crawl.robots.set(url.origin, rules);
  }
  return rules;
}

/**
 * Everything is allowed when robots.txt is missing (any non-2xx) or cannot be read at all.
 * RFC 9309 has a 5xx mean "disallow everything"; a brokerage crawling its own site is better
 * served by reading on, and its pages' own errors are reported page by page.
 */
async function loadRobots(crawl: Crawl, origin: string): Promise<RobotsRules> {
  try {
    const res = await sendOutgoing(
      `${origin}/robots.txt`,
      {
        method: 'GET',
        headers: HEADERS,
        timeoutMs: requestTimeout(crawl),
        maxResponseBytes: MAX_ROBOTS_BYTES,
        maxRedirects: 5, // RFC 9309 §2.3.1.2: at least five
      },
      crawl.policy,
    );
    if (res.status >= 200 && res.status <= 299) return readRobots(res.body.toString('utf8'));
  } catch {
    // Unreachable, refused or too large: as if there were none. A refused host is refused
    // again when its page is requested.
  }
  return () => true;
}
