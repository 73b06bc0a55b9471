// The crawler against a real server on 127.0.0.1 standing in for public sites (an injected
// resolver and a policy that counts 127.0.0.1 as public, as in net/outgoing.test.ts): pages to
// text, robots.txt, sitemaps and their bounds, and what is refused without being requested.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../net/address-policy.ts';
import type { OutgoingPolicy, Resolver } from '../net/outgoing.ts';
import { crawlSitemap, fetchPage } from './crawl.ts';
import { CRAWL_LIMITS, CRAWLER_USER_AGENT, CrawlFailed } from './crawl-request.ts';

let server: Server;
let port: number;
/** "host/path" of every request the server saw: a refused or skipped URL must never appear. */
let hits: string[] = [];
const agents = new Set<string>();

const ROBOTS = `# Everyone else: nothing at all.
User-agent: *
Disallow: /

User-agent: Googlebot
User-agent: ParlorBot/2.0
Disallow: /private/
Allow: /private/open
Disallow: /*.pdf$
`;

const html = (title: string, main: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>
  <nav><a href="/">Home</a> <a href="/listings">Listings</a></nav><main>${main}</main>
  <footer>© Sunbelt Realty</footer></body></html>`;

const urlset = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${p.startsWith('http') ? p : `http://site.example.test:${port}${p}`}</loc></url>`)
    .join('\n')}</urlset>`;

function siteRoutes(path: string, res: ServerResponse) {
  const send = (type: string, body: string | Buffer) => res.writeHead(200, { 'content-type': type }).end(body);
  const site = `http://site.example.test:${port}`;
  if (path === '/robots.txt') return send('text/plain', ROBOTS);
  if (path === '/about')
    return send('text/html; charset=utf-8', html('About us', '<h1>Our fees</h1><p>Buyers pay nothing.</p>'));
  if (path === '/notes.txt') return send('text/plain', 'Open daily, 9 to 5.\r\n');
  if (path.startsWith('/private/') || path.startsWith('/p/'))
    return send('text/html', html(path, `<p>${path} ${'padding '.repeat(350)}</p>`));
  if (path.startsWith('/brochure.pdf')) return send('application/pdf', '%PDF-1.4');
  if (path === '/empty') return send('text/html', html('Empty', ''));
  if (path === '/big') return send('text/html', html('Big', `<p>${'x'.repeat(50_000)}</p>`));
  if (path.startsWith('/to?'))
    return res.writeHead(302, { location: new URLSearchParams(path.slice(4)).get('url') ?? '/' }).end();
  if (path === '/silent') return; // never answers
  if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
  if (path === '/sitemap.xml') {
    return send(
      'application/xml',
      `<?xml version="1.0"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <!-- <url><loc>${site}/commented-out</loc></url> -->
        <url><loc> ${site}/about </loc><image:image><image:loc>${site}/photo.jpg</image:loc></image:image></url>
        <url><loc>${site}/about#team</loc></url>
        <url><loc>http://www.site.example.test:${port}/notes.txt</loc></url>
        <url><loc><![CDATA[${site}/private/open-house]]></loc></url>
        <url><loc>${site}/p/1?a=1&amp;b=2</loc></url>
        <url><loc>http://other.example.test:${port}/elsewhere</loc></url>
        <url><loc>ftp://site.example.test/file</loc></url>
        <url><loc>${site}/private/secret</loc></url>
        <url><loc>${site}/missing</loc></url>
        <url><loc>${site}/to?url=${encodeURIComponent(`http://other.example.test:${port}/landing`)}</loc></url>
      </urlset>`,
    );
  }
  if (path === '/index.xml') {
    const locs = [`${site}/a.xml`, `http://other.example.test:${port}/b.xml`, `${site}/index.xml`, `${site}/gone.xml`];
    return send(
      'text/xml',
      `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`,
    );
  }
  if (path === '/a.xml.gz') return send('application/gzip', gzipSync(urlset(['/about'])));
  if (path === '/a.xml') return send('text/xml', urlset(['/about', '/notes.txt']));
  if (path === '/slow.xml') return send('text/xml', urlset(['/silent', '/about', '/notes.txt']));
  if (path === '/five.xml') return send('text/xml', urlset(['/p/1', '/p/2', '/p/3', '/p/4', '/p/5']));
  if (path === '/with-big.xml') return send('text/xml', urlset(['/big', '/about']));
  if (path === '/broken.xml') return send('text/xml', urlset(['/missing', '/empty', '/brochure.pdf?x']));
  if (path === '/foreign.xml') return send('text/xml', urlset([`http://other.example.test:${port}/x`]));
  if (path === '/rss.xml')
    return send('application/rss+xml', '<?xml version="1.0"?><rss><channel><link>x</link></channel></rss>');
  res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
}

function route(req: IncomingMessage, res: ServerResponse) {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  hits.push(`${host}${path}`);
  agents.add(req.headers['user-agent'] ?? '');
  if (host === 'site.example.test' || host === 'www.site.example.test') return siteRoutes(path, res);
  // other.example.test: no robots.txt, one page.
  if (path === '/landing')
    return res.writeHead(200, { 'content-type': 'text/html' }).end(html('Landing', '<p>Elsewhere.</p>'));
  res.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
});

const resolve: Resolver = async (hostname) => {
  const names: Record<string, string> = {
    'site.example.test': '127.0.0.1',
    'www.site.example.test': '127.0.0.1',
    'other.example.test': '127.0.0.1',
    'internal.example.test': '10.0.0.7',
  };
  const address = names[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
/** The test server's address stands for a public one; every other address is judged by the real policy. */
const policy: OutgoingPolicy = {
  allowPrivate: false,
  resolve,
  isAllowed: (address) => address === '127.0.0.1' || isPublicAddress(address),
};
const site = () => `http://site.example.test:${port}`;

/** The CrawlFailed message of a call that must fail. */
async function failure(call: Promise<unknown>): Promise<string> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CrawlFailed);
  return (err as CrawlFailed).message;
}

describe('fetchPage', () => {
  it('reads an HTML page to text without its navigation, and a text page as it is', async () => {
    expect(await fetchPage(`${site()}/about`, policy)).toEqual({
      url: `${site()}/about`,
      title: 'About us',
      text: '# Our fees\n\nBuyers pay nothing.',
    });
    expect(await fetchPage(`${site()}/notes.txt`, policy)).toEqual({
      url: `${site()}/notes.txt`,
      title: '',
      text: 'Open daily, 9 to 5.',
    });
    expect([...agents]).toEqual([CRAWLER_USER_AGENT]);
  });

  it('follows a redirect on its own site only (www. or not); another site is refused unrequested', async () => {
    const moved = `http://www.site.example.test:${port}/about`;
    expect(await fetchPage(`${site()}/to?url=${encodeURIComponent(moved)}`, policy)).toMatchObject({ url: moved });
    const target = `http://other.example.test:${port}/landing`;
    const away = `${site()}/to?url=${encodeURIComponent(target)}`;
    expect(await failure(fetchPage(away, policy))).toBe(
      `${away}: redirects to ${target}, on another site than the page`,
    );
    expect(hits.some((h) => h.startsWith('other.example.test/'))).toBe(false);
  });

  it('honours robots.txt: the ParlorBot group over *, the longest rule, `$`', async () => {
    await expect(fetchPage(`${site()}/private/open-house`, policy)).resolves.toMatchObject({
      title: '/private/open-house',
    });
    expect(await failure(fetchPage(`${site()}/private/secret`, policy))).toBe(
      `${site()}/private/secret: robots.txt does not let ParlorBot read it`,
    );
    expect(await failure(fetchPage(`${site()}/brochure.pdf`, policy))).toMatch(/robots.txt does not let ParlorBot/);
    // Not at the end of the path: allowed, then refused for its type.
    expect(await failure(fetchPage(`${site()}/brochure.pdf?x`, policy))).toBe(
      `${site()}/brochure.pdf?x: not a web page or text (application/pdf)`,
    );
    expect(hits.filter((h) => h.includes('/private/secret') || h.endsWith('.pdf'))).toEqual([]);
  });

  it('names the URL and the reason when a page cannot be read', async () => {
    const small = { ...CRAWL_LIMITS, maxPageBytes: 16 * 1024 };
    expect(await failure(fetchPage(`${site()}/big`, policy, small))).toBe(`${site()}/big: larger than 16 KB`);
    expect(await failure(fetchPage(`${site()}/missing`, policy))).toBe(`${site()}/missing: the site answered 404`);
    expect(await failure(fetchPage(`${site()}/empty`, policy))).toBe(`${site()}/empty: no readable text`);
    expect(await failure(fetchPage(`${site()}/loop`, policy))).toBe(`${site()}/loop: more than 3 redirects`);
    expect(await failure(fetchPage('http://nowhere.example.test/', policy))).toBe(
      'http://nowhere.example.test/: no such host (ENOTFOUND)',
    );
    expect(await failure(fetchPage('ftp://site.example.test/', policy))).toBe(
      'ftp://site.example.test/: refused: must be an http(s) URL',
    );
  });

  it('fails on an unreachable site (a closed port)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://site.example.test:${closedPort}/`;
    expect(await failure(fetchPage(url, policy))).toBe(`${url}: could not connect (ECONNREFUSED)`);
  });

  it('refuses private addresses, directly or after a redirect, without requesting them', async () => {
    const strict: OutgoingPolicy = { allowPrivate: false };
    expect(await failure(fetchPage(`http://127.0.0.1:${port}/about`, strict))).toMatch(
      /\/about: refused: must not point to a loopback, private, link-local or otherwise non-public address \(127\.0\.0\.1\)$/,
    );
    const metadata = 'http://169.254.169.254/latest/meta-data';
    const viaMetadata = `${site()}/to?url=${encodeURIComponent(metadata)}`;
    expect(await failure(fetchPage(viaMetadata, policy))).toBe(
      `${viaMetadata}: redirects to ${metadata}, refused: must not point to a loopback, private, link-local or otherwise non-public address (169.254.169.254)`,
    );
    // A page whose own name resolves to a private address: refused when connecting.
    expect(await failure(fetchPage(`http://internal.example.test:${port}/secret`, policy))).toMatch(
      /\/secret: refused: .*\(internal\.example\.test resolves to 10\.0\.0\.7\)$/,
    );
    expect(hits.every((h) => h.startsWith('site.example.test/'))).toBe(true);
  });
});

describe('crawlSitemap', () => {
  it('reads the pages of a urlset on its own site, once each, and reports the others', async () => {
    const { pages, skipped } = await crawlSitemap(`${site()}/sitemap.xml`, policy);
    expect(pages.map((p) => p.url)).toEqual([
      `${site()}/about`,
      `http://www.site.example.test:${port}/notes.txt`,
      `${site()}/private/open-house`,
      `${site()}/p/1?a=1&b=2`,
    ]);
    expect(pages[0]).toEqual({ url: `${site()}/about`, title: 'About us', text: '# Our fees\n\nBuyers pay nothing.' });
    const other = `http://other.example.test:${port}`;
    expect(skipped).toEqual([
      { url: `${other}/elsewhere`, reason: 'on another site than the sitemap' },
      { url: 'ftp://site.example.test/file', reason: 'not an http(s) URL' },
      { url: `${site()}/private/secret`, reason: 'robots.txt does not let ParlorBot read it' },
      { url: `${site()}/missing`, reason: 'the site answered 404' },
      {
        url: `${site()}/to?url=${encodeURIComponent(`${other}/landing`)}`,
        reason: `redirects to ${other}/landing, on another site than the sitemap`,
      },
    ]);
    expect(hits.filter((h) => h === 'site.example.test/robots.txt')).toHaveLength(1);
    expect(hits.some((h) => h.startsWith('other.example.test') || h.includes('photo') || h.includes('commented'))).toBe(
      false,
    );
  });

  it('follows a sitemap index one level deep', async () => {
    const { pages, skipped } = await crawlSitemap(`${site()}/index.xml`, policy);
    expect(pages.map((p) => p.url)).toEqual([`${site()}/about`, `${site()}/notes.txt`]);
    expect(skipped).toEqual([
      { url: `http://other.example.test:${port}/b.xml`, reason: 'on another site than the sitemap' },
      { url: `${site()}/index.xml`, reason: 'a sitemap index inside a sitemap index is not followed' },
      { url: `${site()}/gone.xml`, reason: 'the site answered 404' },
    ]);
  });

  it('unpacks a gzip sitemap', async () => {
    const { pages } = await crawlSitemap(`${site()}/a.xml.gz`, policy);
    expect(pages.map((p) => p.url)).toEqual([`${site()}/about`]);
  });

  it('stops at maxPages and reports the rest without requesting them', async () => {
    const { pages, skipped } = await crawlSitemap(`${site()}/five.xml`, policy, { ...CRAWL_LIMITS, maxPages: 2 });
    expect(pages.map((p) => p.title)).toEqual(['/p/1', '/p/2']);
    expect(skipped).toEqual(
      ['/p/3', '/p/4', '/p/5'].map((p) => ({
        url: `${site()}${p}`,
        reason: 'not read: the crawl reads at most 2 pages',
      })),
    );
    expect(hits.filter((h) => h.includes('/p/'))).toEqual(['site.example.test/p/1', 'site.example.test/p/2']);
  });

  it('stops at maxTotalBytes, counting the sitemap too', async () => {
    // The sitemap is about 500 bytes and each page about 3 KB: two pages fit in 7,000 bytes.
    const { pages, skipped } = await crawlSitemap(`${site()}/five.xml`, policy, {
      ...CRAWL_LIMITS,
      maxTotalBytes: 7000,
    });
    expect(pages).toHaveLength(2);
    expect(skipped.map((s) => s.reason)).toEqual(Array(3).fill('not read: the crawl reads at most 7 KB in all'));
  });

  it('stops at maxDurationMs, however long each request may take', async () => {
    // /silent never answers: its request is cut at the crawl's deadline, not at timeoutMs.
    const limits = { ...CRAWL_LIMITS, timeoutMs: 10_000, maxDurationMs: 300 };
    const started = Date.now();
    expect(await failure(crawlSitemap(`${site()}/slow.xml`, policy, limits))).toBe(
      `${site()}/slow.xml: no page could be read (${site()}/silent: not read: the crawl reads for at most 300 ms)`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(hits).not.toContain('site.example.test/about');
  });

  it('skips a page too large and reads the others', async () => {
    const limits = { ...CRAWL_LIMITS, maxPageBytes: 16 * 1024 };
    const { pages, skipped } = await crawlSitemap(`${site()}/with-big.xml`, policy, limits);
    expect(pages.map((p) => p.url)).toEqual([`${site()}/about`]);
    expect(skipped).toEqual([{ url: `${site()}/big`, reason: 'larger than 16 KB' }]);
  });

  it('fails when the sitemap is not one, cannot be read, or gives no page', async () => {
    expect(await failure(crawlSitemap(`${site()}/rss.xml`, policy))).toBe(
      `${site()}/rss.xml: not a sitemap (no <urlset> or <sitemapindex>)`,
    );
    expect(await failure(crawlSitemap(`${site()}/about`, policy))).toMatch(/about: not a sitemap/);
    expect(await failure(crawlSitemap(`${site()}/nothing.xml`, policy))).toBe(
      `${site()}/nothing.xml: the site answered 404`,
    );
    expect(await failure(crawlSitemap(`${site()}/foreign.xml`, policy))).toBe(
      `${site()}/foreign.xml: lists no pages on site.example.test:${port}`,
    );
    expect(await failure(crawlSitemap(`${site()}/broken.xml`, policy))).toBe(
      `${site()}/broken.xml: no page could be read (${site()}/missing: the site answered 404)`,
    );
  });
});
