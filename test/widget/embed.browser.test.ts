// Acceptance: the hosted platform's embed code, unchanged but for its domain, on a page of
// another site (a second loopback origin), pointed at Parlor: the bubble (chatpilotConfig +
// embed.min.js) and the page (newoaksIframeConfig + embed.iframe.js + #chatbot-iframe). Both
// answer; with VerifyDomain on and the site not in Domains, the bubble shows why and the
// browser refuses to frame the page (frame-ancestors).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestWorkspace } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, widgetOf } from './browser.ts';
import { demoChatbot, edit } from './fixture.ts';

/** The frame-ancestors directive of a page's Content Security Policy. */
const framing = (csp: unknown) =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors'));

let t: TestApp;
let browser: Browser;
let parlor: string;
let site: Server;
let sitePort: number;
let ws: TestWorkspace;
let serial: string;

/** The platform's two embed codes, as its dashboard hands them out, with Parlor's domain. */
function hostPage(url: URL): string {
  const chatbotId = JSON.stringify(url.searchParams.get('serial') ?? '');
  const domain = JSON.stringify(url.searchParams.get('domain') ?? parlor);
  const embed =
    url.pathname === '/bubble'
      ? `<script>window.chatpilotConfig = { chatbotId: ${chatbotId}, domain: ${domain} }</script>
<script src="${parlor}/embed.min.js" charset="utf-8" defer></script>`
      : `<script>window.newoaksIframeConfig = { chatbotId: ${chatbotId}, domain: ${domain} }</script>
<script src="${parlor}/embed.iframe.js" charset="utf-8" defer></script>
<iframe id="chatbot-iframe"${url.searchParams.has('src') ? ` src="${parlor}/chatbot-iframe/${url.searchParams.get('serial')}"` : ''}></iframe>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Example Realty</title></head>
<body style="font-family:sans-serif;background:#f1f5f9;margin:24px"><h1>Example Realty</h1>
<p>Homes in Austin, on a site that is not Parlor.</p>${embed}</body></html>`;
}

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  ({ ws, serial } = await demoChatbot(t));
  parlor = await serve(t);
  site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage(new URL(req.url ?? '/', 'http://localhost')));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await t?.close();
});

/** A page of the other site: localhost, not 127.0.0.1, so another origin and another host. */
async function openSite(path: string, params: Record<string, string>): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`http://localhost:${sitePort}${path}?${new URLSearchParams({ serial, ...params })}`);
  return page;
}

async function askAustin(chat: ReturnType<typeof widgetOf>): Promise<string> {
  const input = chat.locator('input[name=question]');
  await input.fill('homes in Austin');
  await input.press('Enter');
  await chat.locator('.msg.bot a[href^="https://homes.example.com/"]').first().waitFor();
  await chat.locator('.msg.pending').waitFor({ state: 'detached' });
  return (await chat.locator('.msg.bot').last().textContent()) ?? '';
}

function chatFrame(page: Page): FrameLocator {
  return page.frameLocator('#chatbot-iframe');
}

describe("the platform's bubble embed code (chatpilotConfig + embed.min.js)", () => {
  it('opens the chat on another site and answers, with a domain written without scheme', async () => {
    // "127.0.0.1:PORT/": no scheme, a trailing slash, as people paste it.
    const page = await openSite('/bubble', { domain: `${parlor.replace('http://', '')}/` });
    const asks: Request[] = [];
    page.on('request', (r) => {
      if (r.url() === `${parlor}/chat/Chat/Ask`) asks.push(r);
    });
    const chat = widgetOf(page);
    await chat.locator('.bubble').click();
    await chat.getByText("Hi! I'm the Demo Realty assistant.").waitFor();
    expect(await askAustin(chat)).toMatch(/\$420,000|\$399,000/);
    expect(await asks[0]?.allHeaders()).toMatchObject({
      origin: `http://localhost:${sitePort}`,
      'x-stream-format': 'sse',
    });
    await screenshot(page, 'embed-bubble.png');

    // The platform's page API: newoaksActions.closeBubble/openBubble.
    await page.evaluate(() => window.newoaksActions?.closeBubble());
    await chat.locator('.panel').waitFor({ state: 'hidden' });
    await page.evaluate(() => window.newoaksActions?.openBubble());
    await chat.locator('.panel').waitFor({ state: 'visible' });
    await page.close();
  });
});

describe("the platform's iframe embed code (newoaksIframeConfig + embed.iframe.js + #chatbot-iframe)", () => {
  it('fills and sizes an empty iframe with the chat as a page, open, with no bubble, and answers', async () => {
    const page = await openSite('/iframe', {});
    const frame = page.locator('#chatbot-iframe');
    await expect.poll(() => frame.getAttribute('src')).toBe(`${parlor}/chatbot-iframe/${serial}`);
    const box = await frame.boundingBox();
    expect(box).toMatchObject({ width: 460, height: 600 });
    const chat = chatFrame(page).locator('#parlor-widget');
    await chat.getByText("Hi! I'm the Demo Realty assistant.").waitFor();
    expect(await chat.locator('.panel').isVisible()).toBe(true);
    expect(await chat.locator('.bubble').count()).toBe(0);
    expect(await chat.locator('.chip').count()).toBe(3);
    expect(await askAustin(chat)).toMatch(/\$420,000|\$399,000/);
    // The page fills the iframe.
    expect(await chat.locator('.panel').boundingBox()).toMatchObject({ width: 458, height: 598 });
    await screenshot(page, 'embed-iframe.png');
    await page.close();
  });
});

describe('VerifyDomain on', () => {
  it("lets a listed site use both forms: frame-ancestors admits it, the page inside is Parlor's own", async () => {
    // As the platform stores Domains: a URL, here with another port (ports are ignored).
    await edit(t, ws.auth, serial, {
      VerifyDomain: true,
      Domains: 'https://www.example-realty.com\nhttp://localhost:3000',
    });
    const bubble = await openSite('/bubble', {});
    await widgetOf(bubble).locator('.bubble').click();
    expect(await askAustin(widgetOf(bubble))).toMatch(/\$420,000|\$399,000/);
    await bubble.close();

    const page = await openSite('/iframe', { src: '1' });
    const chat = chatFrame(page).locator('#parlor-widget');
    expect(await askAustin(chat)).toMatch(/\$420,000|\$399,000/);
    await page.close();
  });

  it('refuses a site that is not listed: the bubble says why, the browser will not frame the page', async () => {
    await edit(t, ws.auth, serial, { VerifyDomain: true, Domains: 'https://www.example-realty.com' });
    const bubble = await openSite('/bubble', {});
    const widget = widgetOf(bubble);
    await widget.locator('.bubble').click();
    const blocked = widget.locator('.blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toMatch(/This chat is not available here: .*not enabled on localhost/);
    expect(await widget.locator('input[name=question]').count()).toBe(0);
    await screenshot(bubble, 'embed-bubble-blocked.png');
    await bubble.close();

    const page = await browser.context.newPage();
    const served = page.waitForResponse((r) => r.url() === `${parlor}/chatbot-iframe/${serial}`);
    await page.goto(`http://localhost:${sitePort}/iframe?${new URLSearchParams({ serial, src: '1' })}`);
    const response = await served;
    expect(response.status()).toBe(200);
    expect(framing(response.headers()['content-security-policy'])).toBe(
      'frame-ancestors http://www.example-realty.com:* https://www.example-realty.com:*',
    );
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    const framed = () => page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => framed()?.url()).toMatch(/^chrome-error:/);
    expect(await chatFrame(page).locator('#parlor-widget').count()).toBe(0);
    await page.close();
  });
});
