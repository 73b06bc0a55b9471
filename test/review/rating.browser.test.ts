// A visitor rates an answer down with a reason in the widget, in Chromium; the review queue,
// open in the console of the same server, shows the item without a reload. The thumbs are
// checked with axe-core (no serious or critical violations) and kept after a reload.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner, widgetOf } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let keys = { serialNumber: '', ownerEmail: '', ownerPassword: '' };

beforeAll(async () => {
  t = await buildTestApp();
  ({ keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@review.example`));
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('a visitor rates an answer down with a reason; the review queue shows it live', async () => {
  const staff = await browser.context.newPage();
  await signInOwner(staff, base, keys.ownerEmail, keys.ownerPassword);
  await staff.goto(`${base}/console#/review`);
  await staff.getByRole('heading', { name: 'Review', level: 1 }).waitFor();

  const visitor = await browser.context.newPage();
  await visitor.goto(`${base}/demo?chatbot=${keys.serialNumber}`);
  const widget = widgetOf(visitor);
  await widget.locator('.bubble').click();
  const input = widget.locator('input[name=question]');
  await input.fill('Do you sell boats?');
  await input.press('Enter');
  await widget.locator('.msg.pending').waitFor({ state: 'detached' });
  await widget.getByRole('button', { name: 'Not helpful' }).click();
  await widget.getByRole('button', { name: 'Out of date' }).click();
  await widget.getByText('Thanks for the feedback').waitFor();
  expect(await widget.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
  // The thumbs and their reason form (the listing cards are checked by the widget's own tests).
  expect(await seriousViolations(visitor, ['#parlor-widget', '.rate'])).toEqual([]);
  await screenshot(visitor, 'review-widget-rated.png');

  // The console's queue, untouched since it opened, shows the item.
  const item = staff.locator('.review li', { hasText: 'Do you sell boats?' });
  await item.waitFor({ timeout: 15_000 });
  expect(await item.textContent()).toContain('Rated down');
  expect(await item.textContent()).toContain('out of date');
  await screenshot(staff, 'review-queue-live.png');

  // A listing search in the same conversation, for the analytics' searched cities and funnel.
  await input.fill('Homes in Austin under 500k?');
  await input.press('Enter');
  await widget.locator('.msg.pending').waitFor({ state: 'detached' });
  await widget.locator('.card').first().waitFor();

  // Analytics of the same chatbot show the questions and the rating, in the plot and the table.
  await staff.goto(`${base}/console#/analytics`);
  await staff.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  const totals = staff.locator('dl.totals');
  await totals.waitFor();
  const figure = (name: string) => totals.locator(`dt:text-is("${name}") + dd`).textContent();
  expect(await figure('Questions')).toBe('2');
  expect(await figure('Rated down')).toBe('1');
  // One day of the plot of conversations (the chatbot's own day, which may not be UTC's) holds the one.
  const columns = await staff.locator('svg.plot rect title').allTextContents();
  expect(columns.filter((c) => c.endsWith(': 1'))).toHaveLength(1);
  expect(await staff.locator('#a-top li', { hasText: 'Do you sell boats?' }).count()).toBe(1);
  // What the visitor searched, and the funnel's first two steps.
  expect(await staff.locator('#a-cities li').allTextContents()).toEqual(['Austin (1)']);
  expect(await staff.locator('#a-prices li').allTextContents()).toEqual(['$250k–$500k (1)']);
  const step = (name: string) => staff.locator(`#a-funnel th:text-is("${name}") + td`).textContent();
  expect(await step('Conversations')).toBe('1');
  expect(await step('Searched listings')).toBe('1');
  expect(await step('Booked a showing')).toBe('0');
  expect(await seriousViolations(staff, 'main')).toEqual([]);
  await screenshot(staff, 'analytics-page.png');

  // Kept with the line: after a reload the thumbs show the rating.
  await visitor.reload();
  await widgetOf(visitor).locator('.bubble').click();
  // The first answer is the one rated (the search's answer is not).
  const down = widgetOf(visitor).getByRole('button', { name: 'Not helpful' }).first();
  await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
}, 90_000);
