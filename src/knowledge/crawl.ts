// A brokerage's website as knowledge: one page (a websiteList entry) or the pages a sitemap
// lists, read to text by a background worker, never in a request path; each page's HTML is
// parsed in the extraction child process (extract-child.ts), never in the server.
//
// Every request goes through net/outgoing.ts (public addresses only, each redirect hop checked
// again). Redirects are followed by crawl-request.ts, one hop at a time, rather than by
// sendOutgoing, so that each hop is also checked against robots.txt of its host and, in a
// sitemap crawl, against the sitemap's site before it is requested. Pages are read one at a
// time: a brokerage's site is often a small shared host, and a sequential crawl keeps the byte
// budget exact.
//
// A crawl is bounded: at most maxPages pages are tried (in sitemap order), every byte read
// (sitemaps and pages) counts towards maxTotalBytes, no request outlives maxDurationMs, and
// what is left when a bound is reached is reported as skipped, not failed.
//
// What robots.txt allows is decided in robots.ts, what a sitemap lists in sitemap.ts.
import { gunzipSync } from 'node:zlib';
import type { OutgoingPolicy } from '../net/outgoing.ts';
import {
  bytesBound,
  CRAWL_LIMITS,
  type Crawl,
  CrawlFailed,
  type CrawlLimits,
  decode,
  download,
  formatBytes,
  mediaType,
  newCrawl,
  siteOf,
  timeBound,
  unread,
} from './crawl-request.ts';
import { ExtractionFailed } from './extract.ts';
import { extractPage } from './extract-child.ts';
import { parseSitemap, type Sitemap } from './sitemap.ts';

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

/** Child sitemaps followed from a sitemap index (one level only). */
const MAX_CHILD_SITEMAPS = 50;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

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
    // Parsed in the extraction child, never here: a hostile page costs the child's time.
    const timeoutMs = Math.max(1000, Math.min(crawl.limits.extraction.timeoutMs, crawl.deadline - Date.now()));
    try {
      ({ title, text } = await extractPage(decode(res), { ...crawl.limits.extraction, timeoutMs }));
    } catch (err) {
      if (err instanceof ExtractionFailed) throw unread(url, res.url, err.message);
      throw err;
    }
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

const pagesBound = (limits: CrawlLimits) => `the crawl reads at most ${limits.maxPages} pages`;
