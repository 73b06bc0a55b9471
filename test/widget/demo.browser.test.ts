// The demo page in a real browser: bubble, suggested message, streamed answer with listing
// links, the talk-to-human form, where the conversation is kept, and a first visit from the
// home page that misses nothing (no 404, the favicon included).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp, type TestWorkspace } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, widgetOf } from './browser.ts';
import { demoChatbot, edit, useAsDemo } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base: string;
let ws: TestWorkspace;
let serial: string;

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  ({ ws, serial } = await demoChatbot(t));
  useAsDemo(t, serial);
  base = await serve(t);
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const SUGGESTION = '3-bed homes under $450,000 in Austin';

/** Counts how often the answer being streamed was re-rendered (once per arriving fragment). */
async function countStreamedRenders(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('#parlor-widget')?.shadowRoot;
    const log = root?.querySelector('.log');
    const w = window as unknown as { renders: number };
    w.renders = 0;
    new MutationObserver((records) => {
      for (const r of records) if (r.target instanceof Element && r.target.matches('.msg.bot.pending')) w.renders++;
    }).observe(log as Node, { subtree: true, childList: true });
  });
}

describe('the demo page', () => {
  it('opens, answers a suggestion as a stream with listing links, and takes a lead', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${base}/demo`);
    const widget = widgetOf(page);
    const bubble = widget.locator('.bubble');
    await bubble.click();
    await expect.poll(() => bubble.getAttribute('aria-expanded')).toBe('true');
    await widget.getByText("Hi! I'm the Demo Realty assistant.").waitFor();
    await expect
      .poll(() =>
        widget.locator('input[name=question]').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true);

    await countStreamedRenders(page);
    const asked = page.waitForResponse((r) => r.url().endsWith('/chat/Chat/Ask'));
    await widget.getByRole('button', { name: SUGGESTION }).click();
    expect((await asked).headers()['content-type']).toMatch(/^text\/event-stream/);
    const link = widget.locator('.msg.bot a[href^="https://homes.example.com/"]').first();
    await link.waitFor();
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { renders: number }).renders)).toBeGreaterThan(1);
    expect(await link.getAttribute('target')).toBe('_blank');
    const answer = await widget.locator('.msg.bot').last().textContent();
    expect(answer).toMatch(/\$420,000|\$399,000/);
    expect(await widget.locator('.chips').isHidden()).toBe(true);
    await screenshot(page, 'widget-desktop.png');

    await widget.getByRole('button', { name: 'Talk to a person' }).click();
    const form = widget.locator('form.lead');
    await form.getByLabel('Name').fill('Jane Doe');
    await form.getByLabel('Email').fill('jane@example.com');
    await form.getByLabel('Message').fill('Can I see 12 Oak St on Saturday?');
    await form.getByRole('button', { name: 'Send' }).click();
    await widget.getByText('Thanks! Someone from our team will contact you shortly.').waitFor();
    expect(await form.isHidden()).toBe(true);
    const leads = await call<{ List: { Name: string; Email: string; Message: string }[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: serial },
      ws.auth,
    );
    expect(leads.List).toEqual([expect.objectContaining({ Name: 'Jane Doe', Email: 'jane@example.com' })]);

    // Kept in localStorage by default: a reload and a new tab both show the conversation.
    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('.msg.user', { hasText: SUGGESTION }).waitFor();
    expect(await widget.locator('.msg.bot a[href^="https://homes.example.com/"]').count()).toBeGreaterThan(0);
    const tab = await browser.context.newPage();
    await tab.goto(`${base}/demo`);
    await widgetOf(tab).locator('.bubble').click();
    await widgetOf(tab).locator('.msg.user', { hasText: SUGGESTION }).waitFor();

    // Phone-sized: the open panel fills the screen.
    await tab.setViewportSize({ width: 390, height: 844 });
    const box = await widgetOf(tab).locator('.panel').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await screenshot(tab, 'widget-phone.png');
    await tab.close();
    await page.close();
  });

  it('keeps the conversation only in the tab with RemoveChatLogOnBrowserClose', async () => {
    await edit(t, ws.auth, serial, { RemoveChatLogOnBrowserClose: true });
    const page = await browser.context.newPage();
    await page.goto(`${base}/demo`);
    const widget = widgetOf(page);
    await widget.locator('.bubble').click();
    const input = widget.locator('input[name=question]');
    await input.fill('How many homes are for sale in Austin?');
    await input.press('Enter');
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    // The earlier conversation moved from localStorage into this tab's sessionStorage.
    expect(await widget.locator('.msg.user').count()).toBe(2);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), `parlor-chat:${serial}`)).toContain('How many homes');
    expect(await page.evaluate((k) => localStorage.getItem(k), `parlor-chat:${serial}`)).toBeNull();

    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('.msg.user', { hasText: 'How many homes' }).waitFor();

    const fresh = await browser.context.newPage();
    await fresh.goto(`${base}/demo`);
    await widgetOf(fresh).locator('.bubble').click();
    await widgetOf(fresh).getByText("Hi! I'm the Demo Realty assistant.").waitFor();
    expect(await widgetOf(fresh).locator('.msg.user').count()).toBe(0);
    await fresh.close();
    await page.close();
  });

  it('is reached from the home page, and nothing it loads is missing: no 404, no console error', async () => {
    // What the server answered, favicon requests included (the browser makes those itself,
    // out of the page's sight). A new profile: no favicon cached from the tests above.
    const answered: { url: string; status: number }[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      res.once('finish', () => answered.push({ url: req.url ?? '', status: res.statusCode }));
    };
    t.app.server.on('request', watch);
    const first = await openBrowser();
    const errors: string[] = [];
    try {
      const page = await first.context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await page.goto(`${base}/`);
      await page.getByRole('link', { name: 'Widget demo' }).click();
      await page.waitForURL(`${base}/demo`);
      await widgetOf(page).locator('.bubble').click();
      await widgetOf(page).getByText("Hi! I'm the Demo Realty assistant.").waitFor();
      // Chrome asks for the icons itself; a headless shell (the npm package's build) does not,
      // so the page's declared icons and /favicon.ico are asked for here, as a browser would.
      const icons = await page
        .locator('link[rel~="icon"]')
        .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
      expect(icons.length).toBeGreaterThan(0);
      for (const icon of [...icons, `${base}/favicon.ico`]) expect((await page.request.get(icon)).status()).toBe(200);
      await expect.poll(() => answered.filter((a) => a.url.startsWith('/favicon')).length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(answered.filter((a) => a.status >= 400)).toEqual([]);
    } finally {
      t.app.server.off('request', watch);
      await first.close();
    }
  });
});
