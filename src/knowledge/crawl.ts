// A brokerage's website as knowledge: one page (a websiteList entry) or the pages a sitemap
// lists, read to text (extract.ts) by a background worker, never in a request path.
//
// Every request goes through net/outgoing.ts (public addresses only, each redirect hop checked
// again). Redirects are followed here, one hop at a time, rather than by sendOutgoing, so that
// each hop is also checked against robots.txt of its host and, in a sitemap crawl, against the
// sitemap's site before it is requested. Pages are read one at a time: a brokerage's site is
// often a small shared host, and a sequential crawl keeps the byte budget exact.
//
// A crawl is bounded: at most maxPages pages are tried (in sitemap order), every byte read
// (sitemaps and pages) counts towards maxTotalBytes, no request outlives maxDurationMs, and
// what is left when a bound is reached is reported as skipped, not failed.
//
// What robots.txt allows is decided in robots.ts, what a sitemap lists in sitemap.ts.
import { gunzipSync } from 'node:zlib';
import {
  checkOutgoingUrl,
  type OutgoingPolicy,
  OutgoingRefused,
  type OutgoingResponse,
  OutgoingTooLarge,
  sendOutgoing,
} from '../net/outgoing.ts';
import { htmlText } from './extract.ts';
import { type RobotsRules, readRobots } from './robots.ts';
import { parseSitemap, type Sitemap } from './sitemap.ts';

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
}

const MB = 1024 * 1024;
export const CRAWL_LIMITS: CrawlLimits = Object.freeze({
  maxPages: 200,
  maxPageBytes: 2 * MB,
  maxTotalBytes: 20 * MB,
  timeoutMs: 10_000,
  maxDurationMs: 5 * 60_000,
});

export const CRAWLER_USER_AGENT = 'ParlorBot/1.0 (+knowledge crawler)';

export interface CrawledPage {
  /** Where the page was read, after redirects. */
  url: string;
  /** The HTML <title>; empty for plain text and pages without one. */
  title: string;
  text: string;
}

export interface SkippedUrl {
  url: string;
  reason: string;
}

export interface SitemapCrawl {
  pages: CrawledPage[];
  skipped: SkippedUrl[];
}

const MAX_REDIRECTS = 3;
/** RFC 9309 §2.5: crawlers must parse at least 500 KiB of a robots.txt. */
const MAX_ROBOTS_BYTES = 512 * 1024;
/** Child sitemaps followed from a sitemap index (one level only). */
const MAX_CHILD_SITEMAPS = 50;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const HEADERS = {
  'user-agent': CRAWLER_USER_AGENT,
  accept: 'text/html, application/xhtml+xml, text/plain;q=0.9, application/xml;q=0.9, */*;q=0.1',
};

interface Crawl {
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

const newCrawl = (policy: OutgoingPolicy, limits: CrawlLimits, from: string): Crawl => ({
  from,
  policy,
  limits,
  spent: 0,
  deadline: Date.now() + limits.maxDurationMs,
  robots: new Map(),
});

/**
 * One page (a websiteList entry), following redirects on its own site only (the brokerage's
 * site moving a page); throws CrawlFailed with the reason.
 */
export async function fetchPage(url: string, policy: OutgoingPolicy, limits = CRAWL_LIMITS): Promise<CrawledPage> {
  const start = URL.parse(url);
  if (!start) throw new CrawlFailed(url, 'must be an http(s) URL');
  const crawl = newCrawl(policy, limits, 'the page');
  return readPage(crawl, url, Math.min(limits.maxPageBytes, limits.maxTotalBytes), siteOf(start));
}

/**
 * The pages a sitemap lists (a urlset, or the urlsets of a sitemap index, one level deep), on
 * the sitemap's own site only. Pages that cannot be read are skipped with their reason; throws
 * CrawlFailed when the sitemap cannot be read or no page could be.
 */
export async function crawlSitemap(
  sitemapUrl: string,
  policy: OutgoingPolicy,
  limits = CRAWL_LIMITS,
): Promise<SitemapCrawl> {
  const crawl = newCrawl(policy, limits, 'the sitemap');
  const start = URL.parse(sitemapUrl);
  if (!start) throw new CrawlFailed(sitemapUrl, 'must be an http(s) URL');
  const site = siteOf(start);
  const skipped: SkippedUrl[] = [];
  const seen = new Set<string>();
  const urls: string[] = [];
  const top = await readSitemap(crawl, sitemapUrl, null);
  if (top.kind === 'urlset') {
    keepOnSite(top.locs, site, seen, urls, skipped);
  } else {
    const children: string[] = [];
    keepOnSite(top.locs, site, new Set(), children, skipped);
    for (const [i, child] of children.entries()) {
      if (urls.length >= limits.maxPages) skipped.push({ url: child, reason: `not read: ${pagesBound(limits)}` });
      else if (i >= MAX_CHILD_SITEMAPS)
        skipped.push({ url: child, reason: `not read: at most ${MAX_CHILD_SITEMAPS} sitemaps of an index are read` });
      else {
        try {
          const sitemap = await readSitemap(crawl, child, site);
          if (sitemap.kind === 'urlset') keepOnSite(sitemap.locs, site, seen, urls, skipped);
          else skipped.push({ url: child, reason: 'a sitemap index inside a sitemap index is not followed' });
        } catch (err) {
          if (!(err instanceof CrawlFailed)) throw err;
          skipped.push({ url: child, reason: err.reason });
        }
      }
    }
  }
  if (urls.length === 0) throw new CrawlFailed(sitemapUrl, `lists no pages on ${start.host}`);
  const firstFailure = skipped.length;
  const pages = await readPages(crawl, urls, site, skipped);
  if (pages.length === 0) {
    const first = skipped[firstFailure];
    throw new CrawlFailed(sitemapUrl, `no page could be read (${first.url}: ${first.reason})`);
  }
  return { pages, skipped };
}

async function readPages(crawl: Crawl, urls: string[], site: string, skipped: SkippedUrl[]): Promise<CrawledPage[]> {
  const { limits } = crawl;
  const pages: CrawledPage[] = [];
  const read = new Set<string>();
  for (const [i, url] of urls.entries()) {
    const left = limits.maxTotalBytes - crawl.spent;
    if (i >= limits.maxPages) skipped.push({ url, reason: `not read: ${pagesBound(limits)}` });
    else if (left <= 0) skipped.push({ url, reason: `not read: ${bytesBound(limits)}` });
    else {
      const allowance = Math.min(limits.maxPageBytes, left);
      try {
        const page = await readPage(crawl, url, allowance, site);
        // Two sitemap entries redirecting to one page (/a and /a/) are one page.
        if (read.has(page.url)) skipped.push({ url, reason: `the same page as ${page.url}` });
        else pages.push(page);
        read.add(page.url);
      } catch (err) {
        if (!(err instanceof CrawlFailed)) throw err;
        // A page cut short by a bound of the crawl (its deadline shortened the request's
        // timeout, or the total budget its size bound) was not read for that reason.
        let reason = err.reason;
        if (Date.now() >= crawl.deadline) reason = `not read: ${timeBound(limits)}`;
        else if (allowance < limits.maxPageBytes && crawl.spent >= limits.maxTotalBytes)
          reason = `not read: ${bytesBound(limits)}`;
        skipped.push({ url, reason });
      }
    }
  }
  return pages;
}

async function readPage(crawl: Crawl, url: string, maxBytes: number, site: string | null): Promise<CrawledPage> {
  const res = await download(crawl, url, maxBytes, site);
  if (res.status < 200 || res.status > 299) throw unread(url, res.url, `the site answered ${res.status}`);
  const type = mediaType(res);
  let title = '';
  let text: string;
  if (
    HTML_TYPES.has(type) ||
    (type === '' && /^\s*<(!doctype html|html)/i.test(res.body.subarray(0, 512).toString()))
  ) {
    ({ title, text } = htmlText(decode(res)));
  } else if (type === 'text/plain') {
    text = decode(res);
  } else {
    throw unread(url, res.url, type ? `not a web page or text (${type})` : 'not a web page (no Content-Type)');
  }
  text = text.replace(/\r\n?/g, '\n').trim();
  if (!text) throw unread(url, res.url, 'no readable text');
  return { url: res.url, title, text };
}

async function readSitemap(crawl: Crawl, url: string, site: string | null): Promise<Sitemap> {
  // A sitemap may be far larger than a page (up to 50 MB by the protocol): what the crawl has left.
  const left = crawl.limits.maxTotalBytes - crawl.spent;
  if (left <= 0) throw new CrawlFailed(url, `not read: ${bytesBound(crawl.limits)}`);
  const res = await download(crawl, url, left, site);
  if (res.status < 200 || res.status > 299) throw unread(url, res.url, `the site answered ${res.status}`);
  let body = res.body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      body = gunzipSync(body, { maxOutputLength: left });
    } catch {
      throw new CrawlFailed(url, `a gzip sitemap that cannot be unpacked within ${formatBytes(left)}`);
    }
  }
  const sitemap = parseSitemap(body.toString('utf8'));
  if (!sitemap) throw new CrawlFailed(url, 'not a sitemap (no <urlset> or <sitemapindex>)');
  return sitemap;
}

/**
 * The host a sitemap may list pages of. `www.` and the bare host count as one site (sitemaps
 * at example.com listing www.example.com pages are common and the owner is the same); the port
 * counts, the scheme does not.
 */
function siteOf(url: URL): string {
  return url.host.replace(/^www\./, '');
}

/** Adds each http(s) URL on `site` once (fragments dropped) to `into`; the others are reported. */
function keepOnSite(locs: string[], site: string, seen: Set<string>, into: string[], skipped: SkippedUrl[]): void {
  for (const loc of locs) {
    const url = URL.parse(loc);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      skipped.push({ url: loc, reason: 'not an http(s) URL' });
    } else if (siteOf(url) !== site) {
      skipped.push({ url: loc, reason: 'on another site than the sitemap' });
    } else {
      url.hash = '';
      if (!seen.has(url.href)) into.push(url.href);
      seen.add(url.href);
    }
  }
}

/**
 * GETs a URL, following up to MAX_REDIRECTS redirects; each hop is checked by the policy, by
 * robots.txt of its host and (when `site` is given) for staying on the site, before it is sent.
 */
async function download(crawl: Crawl, start: string, maxBytes: number, site: string | null): Promise<OutgoingResponse> {
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
function unread(start: string, href: string, reason: string): CrawlFailed {
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

function mediaType(res: OutgoingResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** The body in its declared charset (UTF-8 when none or unknown). */
function decode(res: OutgoingResponse): string {
  const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(res.headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(res.body);
  } catch {
    return new TextDecoder('utf-8').decode(res.body);
  }
}

function formatBytes(n: number): string {
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

const timeBound = (limits: CrawlLimits) => `the crawl reads for at most ${formatDuration(limits.maxDurationMs)}`;
const pagesBound = (limits: CrawlLimits) => `the crawl reads at most ${limits.maxPages} pages`;
const bytesBound = (limits: CrawlLimits) => `the crawl reads at most ${formatBytes(limits.maxTotalBytes)} in all`;

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
