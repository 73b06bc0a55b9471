// Web pages and sitemaps as knowledge, on SQLite and PostgreSQL, against a site on loopback
// (tests allow private addresses; without that setting a loopback URL is a 400): a page read to
// status 2 and answered from; a page the site answers 404 for fails (status 3) with the reason;
// retrain reads a changed page again; a sitemap re-synced after SyncSiteMapDays picks up a
// change, and a failed re-sync keeps the last good read; removal takes the passages away.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/files/storage.ts';
import { processKnowledge } from '../../src/knowledge/worker.ts';
import { chatbotWithSession, expectFailure } from '../factories.ts';
import { buildTestApp, call, post, testClock } from '../harness.ts';
import { settledSources, sourcesOf } from './sources.ts';

const clock = testClock(new Date());
const t = await buildTestApp({ clock, env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
const { ws, serial, sessionId } = await chatbotWithSession(t, { Name: 'Cedar Realty' });

const pages: Record<string, string> = {
  '/hours.html': page('Office hours', 'Cedar Realty is open Tuesday to Saturday, 9 am to 4 pm.'),
  '/fees.html': page('Fees', 'Buyers pay Cedar Realty a flat fee of $2,900 at closing.'),
};
let sitemapBroken = false;
const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path === '/sitemap.xml') {
    if (sitemapBroken) {
      res.writeHead(500).end();
      return;
    }
    const locs = ['/hours.html', '/fees.html'].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
    res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset>${locs}</urlset>`);
    return;
  }
  const body = pages[path];
  if (!body) {
    res.writeHead(404).end('not here');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  await t.close();
  server.close();
});

function page(title: string, text: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><nav>Home | About | Contact</nav><main><h1>${title}</h1><p>${text}</p></main><footer>© Cedar Realty</footer></body></html>`;
}

const sources = () => sourcesOf(t.app, serial, ws.auth);
const settled = () => settledSources(t.app, serial, ws.auth);
const edit = (body: Record<string, unknown>) =>
  call(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: serial, ...body }, ws.auth);
const ask = async (content: string) =>
  (await call<{ content: string }>(t.app, '/chat/Chat/ClientAsk', { sessionID: sessionId, content }, ws.auth)).content;
const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'parlor-pages-')));
/** One run of the knowledge worker now (the app's own also runs every few seconds). */
const worker = () =>
  processKnowledge({
    db: t.db,
    storage,
    clock,
    outgoing: { allowPrivate: true },
    onError: (e) => {
      throw e;
    },
  });
/** Runs the worker until `done` holds (the app's worker may take the source first), within 10 s. */
async function until(done: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await worker();
    if ((await done()) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('web pages', () => {
  it('a page is read to status 2 without its navigation and answers, naming the page; a 404 fails with the reason', async () => {
    await edit({ websiteList: [{ url: `${origin}/hours.html` }, { url: `${origin}/gone.html` }] });
    const list = await settled();
    expect(list.map((s) => [s.Type, s.Value, s.Status])).toEqual([
      ['UrlList', `${origin}/hours.html`, 2],
      ['UrlList', `${origin}/gone.html`, 3],
    ]);
    expect(list[1]?.StatusMessage).toBe(`${origin}/gone.html: the site answered 404`);
    const answer = await ask('When is your office open?');
    expect(answer).toMatch(/Tuesday to Saturday, 9 am to 4 pm/);
    expect(answer).toContain(`${origin}/hours.html`);
    expect(answer).not.toMatch(/Home \| About/);
  });

  it('retrain reads a changed page again; a page kept without retrain is not read again', async () => {
    pages['/hours.html'] = page('Office hours', 'Cedar Realty is open Monday to Friday, 8 am to 6 pm.');
    await edit({ websiteList: [{ url: `${origin}/hours.html` }] });
    await settled();
    expect(await ask('When is your office open?')).toMatch(/Tuesday to Saturday/);
    await edit({ websiteList: [{ url: `${origin}/hours.html`, retrain: true }] });
    await settled();
    expect(await ask('When is your office open?')).toMatch(/Monday to Friday, 8 am to 6 pm/);
  });

  it('removing the pages removes their passages', async () => {
    await edit({ websiteList: [] });
    expect((await sources()).filter((s) => s.Type === 'UrlList')).toEqual([]);
    expect(await ask('When is your office open?')).not.toMatch(/Monday to Friday/);
  });

  it('without PARLOR_ALLOW_PRIVATE_URLS a loopback page or sitemap is a 400 naming it', async () => {
    const strict = await buildTestApp({ db: t.db });
    try {
      const res = await post(
        strict.app,
        '/chat/Chatbot/EditKnowledge',
        { serialNumber: serial, websiteList: [{ url: `${origin}/hours.html` }] },
        ws.auth,
      );
      expectFailure(res, 400, 'websiteList[0].url');
      expect(res.body.Message).toMatch(/loopback, private/);
    } finally {
      await strict.close();
    }
  });
});

describe('a sitemap', () => {
  it('its pages are read; it is read again after SyncSiteMapDays; a failed re-sync keeps the last read; removal clears it', async () => {
    await edit({ SiteMapUrl: `${origin}/sitemap.xml`, EnableSyncSiteMap: true, SyncSiteMapDays: 1 });
    let map = (await settled()).find((s) => s.SiteMap);
    expect(map).toMatchObject({
      Status: 2,
      StatusMessage: '2 pages read',
      EnableSyncSiteMap: true,
      SyncSiteMapDays: 1,
    });
    expect(await ask('What fee do buyers pay?')).toMatch(/\$2,900/);

    pages['/fees.html'] = page('Fees', 'Buyers pay Cedar Realty a flat fee of $3,100 at closing.');
    expect(await worker()).toBe(0); // not due yet
    clock.advance(25 * 3600_000);
    await until(async () => /\$3,100/.test(await ask('What fee do buyers pay?')));
    expect(await ask('What fee do buyers pay?')).toMatch(/\$3,100/);

    sitemapBroken = true;
    clock.advance(25 * 3600_000);
    await until(async () => /500/.test((await sources()).find((s) => s.SiteMap)?.StatusMessage ?? ''));
    map = (await sources()).find((s) => s.SiteMap);
    expect(map?.Status).toBe(2);
    expect(map?.StatusMessage).toMatch(/sitemap\.xml: the site answered 500/);
    expect(await ask('What fee do buyers pay?')).toMatch(/\$3,100/);

    await edit({ SiteMapUrl: null });
    expect((await sources()).filter((s) => s.SiteMap)).toEqual([]);
    expect(await ask('What fee do buyers pay?')).not.toMatch(/\$3,100/);
  });
});
