// The widget by keyboard, in a real browser: Tab and Shift+Tab stay inside the open panel (from
// its last control to its first and back), and Escape in the talk-to-a-person form closes the
// form and keeps the chat open; Escape again closes the panel and gives focus to the bubble.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, serve, widgetOf } from './browser.ts';
import { demoChatbot, useAsDemo } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base = '';

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  const { serial } = await demoChatbot(t);
  useAsDemo(t, serial);
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** What has focus inside the widget's shadow root: its tag and its name or label. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.querySelector('#parlor-widget')?.shadowRoot?.activeElement as HTMLElement | null;
    if (!el) return '';
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? ''}`;
  });
}

it('Tab stays inside the open panel, both ways', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${base}/demo`);
  const widget = widgetOf(page);
  await widget.locator('.bubble').click();
  await widget.locator('input[name=question]').focus();
  // Walk forward until focus comes back to where it started: it never leaves the panel.
  const start = await focused(page);
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now, `after ${i + 1} Tab presses focus left the panel (seen: ${seen.join(' → ')})`).not.toBe('');
    seen.push(now);
    if (now === start) break;
  }
  expect(seen.at(-1)).toBe(start);
  expect(seen.length).toBeGreaterThan(2);
  // And backward: Shift+Tab from the first control goes to the last, and round to the start.
  const back: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    const now = await focused(page);
    expect(now, `after ${i + 1} Shift+Tab presses focus left the panel`).not.toBe('');
    back.push(now);
    if (now === start) break;
  }
  expect(back.at(-1)).toBe(start);
  expect(back.length).toBe(seen.length);
  await page.close();
});

it('Escape in the lead form closes the form, not the chat; Escape again closes the chat', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${base}/demo`);
  const widget = widgetOf(page);
  await widget.locator('.bubble').click();
  await widget.getByRole('button', { name: 'Talk to a person' }).click();
  const form = widget.locator('form.lead');
  await form.getByLabel('Name').waitFor();
  await form.getByLabel('Name').fill('Jane');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'hidden' });
  expect(await widget.locator('.panel').isVisible()).toBe(true);
  expect(await widget.locator('form.ask').isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await widget.locator('.panel').waitFor({ state: 'hidden' });
  expect(await focused(page)).toMatch(/^button:/);
  await page.close();
});
