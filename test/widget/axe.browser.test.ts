// The widget checked with axe-core, closed (the bubble alone, as most visitors first meet it)
// and open, on a desktop and on a phone: no serious or critical violation, its shadow root
// included. A planted violation in the shadow root is found, so the check reaches it, and so is
// one in a part of it named by a path of selectors (as other tests check the rating or lead form).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, serve, widgetOf } from './browser.ts';
import { demoChatbot } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let serial = '';

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  ({ serial } = await demoChatbot(t));
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function demoPage(size: { width: number; height: number }) {
  const page = await browser.context.newPage();
  await page.setViewportSize(size);
  await page.goto(`${base}/demo?chatbot=${serial}`);
  await widgetOf(page).locator('.bubble').waitFor();
  return page;
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])('on a %s', (_name, size) => {
  it('closed: no serious or critical violation', async () => {
    const page = await demoPage(size);
    expect(await widgetOf(page).locator('.panel').isHidden()).toBe(true);
    expect(await seriousViolations(page, '#parlor-widget')).toEqual([]);
    await page.close();
  });

  it('open: no serious or critical violation', async () => {
    const page = await demoPage(size);
    await widgetOf(page).locator('.bubble').click();
    await widgetOf(page).locator('.panel').waitFor({ state: 'visible' });
    expect(await seriousViolations(page, '#parlor-widget')).toEqual([]);
    await page.close();
  });
});

it('finds a violation planted in the closed widget’s shadow root (a button without a name)', async () => {
  const page = await demoPage({ width: 1280, height: 800 });
  await page.evaluate(() => {
    const root = document.querySelector('#parlor-widget')?.shadowRoot;
    root?.querySelector('.bubble')?.after(document.createElement('button'));
  });
  expect((await seriousViolations(page, '#parlor-widget')).map((v) => v.id)).toContain('button-name');
  await page.close();
});

it('finds a violation planted in one part of the open widget, named by its path through the shadow root', async () => {
  const page = await demoPage({ width: 1280, height: 800 });
  await widgetOf(page).locator('.bubble').click();
  await widgetOf(page).locator('.panel').waitFor({ state: 'visible' });
  await page.evaluate(() => {
    const root = document.querySelector('#parlor-widget')?.shadowRoot;
    root?.querySelector('.panel')?.append(document.createElement('button'));
  });
  expect((await seriousViolations(page, ['#parlor-widget', '.panel'])).map((v) => v.id)).toContain('button-name');
  await page.close();
});
