// Every console page in Chromium, on a desktop and on a 390×844 phone, checked with axe-core: no
// serious or critical accessibility violations (the invitation pages: get-started.browser.test.ts).
// Also: the inbox's filters, a lead's qualification shown and its status saved from the leads page,
// a setting refused with the API's field-named message on the chatbots page (the listings page's
// own: listings.browser.test.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { LEAD } from '../factories.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner, widgetOf } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let page: Page;
let sessionId = 0;
let demo = { serial: '', auth: {} as Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  const { keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@axe.example`);
  const auth = { authorization: keys.apiKey };
  demo = { serial: keys.serialNumber, auth };
  ({ SessionID: sessionId } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: keys.serialNumber },
    auth,
  ));
  await call(t.app, '/chat/Chat/ClientAsk', { sessionID: sessionId, content: 'Homes in Dallas with a pool?' }, auth);
  await call(
    t.app,
    '/chat/Chat/TalkToHuman',
    { sessionID: sessionId, ...LEAD, Intent: 'buy', Timeline: '1-3 months', BudgetMin: 600_000, BudgetMax: 750_000 },
    auth,
  );
  base = await serve(t);
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signInOwner(page, base, keys.ownerEmail, keys.ownerPassword);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const PAGES: [string, string, string][] = [
  ['get-started', '#/start', 'Get started'],
  ['conversations', '#/conversations', 'Conversations'],
  ['conversation', '#/conversations/SESSION', 'Jane Doe'],
  ['leads', '#/leads', 'Leads'],
  ['agenda', '#/agenda', 'Agenda'],
  ['chatbots', '#/chatbots', 'Chatbots'],
  ['listings', '#/listings', 'Listings'],
  ['knowledge', '#/knowledge', 'Knowledge'],
  ['review', '#/review', 'Review'],
  ['analytics', '#/analytics', 'Analytics'],
  ['usage', '#/usage', 'Usage'],
  ['keys', '#/keys', 'Keys'],
  ['mcp', '#/mcp', 'Assistants (MCP)'],
  ['privacy', '#/privacy', 'Privacy'],
  ['people', '#/people', 'People'],
];

describe('on a phone (390×844): a one-line navigation and no sideways scrolling', () => {
  it.each(PAGES)('%s', async (name, hash, heading) => {
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    try {
      await phone.goto(`${base}/console${hash.replace('SESSION', String(sessionId))}`);
      await phone.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await phone.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
      const header = (await phone.locator('header.top').boundingBox())?.height ?? 0;
      expect(header).toBeGreaterThan(0);
      expect(header).toBeLessThanOrEqual(60);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      await screenshot(phone, `console-phone-${name}.png`);
      expect(await seriousViolations(phone)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('axe-core: no serious or critical violations', () => {
  it.each(PAGES)('%s', async (name, hash, heading) => {
    await page.goto(`${base}/console${hash.replace('SESSION', String(sessionId))}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    // Settled, but bounded: under load the chatbots page's preview frame has kept Playwright's
    // networkidle from ever firing (1 run in 8 on c1811aa with two busy cores), and the page is
    // checked as it is then (axe reads the frame when it answers).
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await screenshot(page, `console-${name}.png`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the check finds a violation when there is one (a button without a name)', async () => {
    await page.goto(`${base}/console#/keys`);
    await page.getByRole('heading', { name: 'Keys', level: 1 }).waitFor();
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
    expect((await seriousViolations(page)).map((v) => v.id)).toContain('button-name');
  });

  it('sign-in page, on a desktop and on a phone', async () => {
    const fresh = (await browser.context.browser()?.newPage()) ?? (await browser.context.newPage());
    const other = await openBrowser();
    try {
      const p = await other.context.newPage();
      await p.goto(`${base}/console`);
      await p.waitForURL(/sign-in$/);
      await p.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await p.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(p)).toEqual([]);
    } finally {
      await other.close();
      if (fresh !== page) await fresh.close().catch(() => {});
    }
  });
});

it('the privacy page counts before it erases, then lists the erasure in the audit', async () => {
  await page.goto(`${base}/console#/privacy`);
  await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
  const erase = page.getByRole('button', { name: 'Erase', exact: true });
  expect(await erase.isDisabled()).toBe(true);
  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Count what would be erased' }).click();
  await page.getByText('Would erase: nothing.').waitFor();
  page.once('dialog', (d) => void d.accept());
  await erase.click();
  await page.getByText('Erased: nothing.').waitFor();
  await page.locator('table.grid tbody tr', { hasText: 'erase' }).first().waitFor();
  expect(await page.locator('.error').first().textContent()).toBe('');
});

it("a conversation's listing cards show prices in plain words", async () => {
  await page.goto(`${base}/console#/conversations/${sessionId}`);
  await page.locator('.cards li').first().waitFor();
  const cards = (await page.locator('.cards li').allTextContents()).join('\n');
  expect(cards).toMatch(/\$\d{1,3},\d{3}/);
  expect(cards).not.toMatch(/\$\d{4}/);
});

it('the inbox filters by state and lead', async () => {
  await page.goto(`${base}/console#/conversations`);
  await page.locator('.inbox li', { hasText: 'Jane Doe' }).waitFor();
  // A row is a line or two of text, not a screen (its preview is not the settings' preview frame).
  const rowHeight = (await page.locator('.inbox li', { hasText: 'Jane Doe' }).boundingBox())?.height ?? 0;
  expect(rowHeight).toBeGreaterThan(0);
  expect(rowHeight).toBeLessThan(120);
  await page.getByLabel('State').selectOption('bot');
  await page.getByText('No conversations match.').waitFor();
  await page.getByLabel('State').selectOption('waiting');
  await page.locator('.inbox li', { hasText: 'Jane Doe' }).waitFor();
  const withLead = page.waitForResponse((r) => r.url().includes('lead=true'));
  await page.getByLabel('Has a lead').check();
  expect((await withLead).status()).toBe(200);
  await page.locator('.inbox li', { hasText: 'Jane Doe' }).waitFor();
  expect(await page.locator('.error').first().textContent()).toBe('');
});

it('a lead shows its qualification, moves to contacted with a note, and the CSV export has both', async () => {
  await page.goto(`${base}/console#/leads`);
  const row = page.locator('tr', { hasText: 'Jane Doe' }).first();
  await row.waitFor();
  expect(await row.textContent()).toContain('buy · 1-3 months');
  expect(await row.textContent()).toContain('budget 600,000–750,000');
  await page.getByLabel('Status of Jane Doe').selectOption('contacted');
  await page.getByLabel('Note on Jane Doe').fill('Called back; showing Saturday');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved').waitFor();
  const csv = await page.evaluate(async () => (await fetch('/console/api/leads.csv?status=contacted')).text());
  expect(csv.split('\r\n')[0]).toBe(
    'ID,Created,Chatbot,Status,Name,Email,Phone,Message,Note,Source,Session,Intent,Timeline,PreApproved,Budget,Areas,PropertyType,MLSNumber',
  );
  expect(csv).toContain('contacted,Jane Doe,jane@example.com');
  expect(csv).toContain('Called back; showing Saturday');
  expect(csv).toContain('buy,1-3 months,,"600,000–750,000",');
});

it('the keyboard: a skip link first, focus on the new page after navigating; phones and e-mails are links', async () => {
  await page.goto(`${base}/console#/conversations`);
  await page.locator('.inbox li').first().waitFor();
  // A fresh load: the first Tab reaches the skip link.
  await page.reload();
  await page.locator('.inbox li').first().waitFor();
  await page.keyboard.press('Tab');
  const active = () =>
    page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.slice(0, 20)}`);
  expect(await active()).toBe('A:Skip to the page');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Leads' }).click();
  await page.getByLabel('Status of Jane Doe').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  const row = page.locator('tr', { hasText: 'Jane Doe' }).first();
  expect(await row.getByRole('link', { name: 'jane@example.com' }).getAttribute('href')).toBe(
    'mailto:jane@example.com',
  );
  expect(await row.getByRole('link', { name: '+1 (512) 555-0100' }).getAttribute('href')).toBe('tel:+15125550100');
});

it('a new API key is named, shown once with a copy button that copies it, and listed by its name; the page says what the keys are for', async () => {
  await page.goto(`${base}/console#/keys`);
  await page.getByText('Keys let your own software').waitFor();
  // The clipboard as the page sees it: what the button writes is kept for the test to read.
  await page.evaluate(() => {
    const w = window as unknown as { copiedText: string };
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: async (text: string) => {
          w.copiedText = text;
        },
      },
      configurable: true,
    });
  });
  await page.getByLabel('Key name').fill('Brokerage website');
  await page.getByRole('button', { name: 'Create an API key' }).click();
  await page.getByText('New API key "Brokerage website" — copy it now').waitFor();
  const key = await page.locator('code.key').textContent();
  expect(key).toMatch(/^pk_/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Copied').waitFor();
  expect(await page.evaluate(() => (window as unknown as { copiedText: string }).copiedText)).toBe(key);
  // The list names it, beside the key's first characters.
  const row = page.locator('table.grid tbody tr', { hasText: 'Brokerage website' });
  const prefix = (await row.locator('code').textContent())?.replace(/…$/, '') ?? '';
  expect(prefix.length).toBeGreaterThan(3);
  expect(key?.startsWith(prefix)).toBe(true);
  expect(await row.getByRole('button', { name: /^Revoke api key Brokerage website \(pk_/ }).count()).toBe(1);
});

it("the usage page's plot has a value axis and each day's count, and its numbers as a table", async () => {
  await page.goto(`${base}/console#/usage`);
  await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
  // The heading comes before the figures: the plot is drawn when they arrive.
  const plot = page.locator('svg.plot');
  await expect.poll(() => plot.locator('text.value').allTextContents()).toContain('1');
  expect(await plot.locator('text.axis').allTextContents()).toContain('0');
  await page.getByText('Leads per day as a table').click();
  const today = page.locator('details table tbody tr').last();
  await expect.poll(() => today.locator('td').last().textContent()).toBe('1');
  expect(await page.locator('.usage li').first().textContent()).not.toMatch(/\b1 questions\b/);
});

it("a setting is refused with the API's field-named message, shown at the field", async () => {
  await page.goto(`${base}/console#/chatbots`);
  const field = page.getByLabel('Send requests to talk to a person to', { exact: true });
  await field.waitFor();
  await field.fill('not an address');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The API's message, under the field's own name.
  const message = page.locator('#s-TalkToHumanEmail-err');
  await expect.poll(() => message.textContent()).toMatch(/^Send requests to talk to a person to: \S/);
  expect(await page.locator('.savebar .error').textContent()).toBe(`Not saved. ${await message.textContent()}`);
  await field.fill('agents@demo-realty.example, boss@demo-realty.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/Saved 1 setting/).waitFor();
});

it('the preview redraws the widget as a setting changes, before saving, and flags a bad value at its field', async () => {
  await page.goto(`${base}/console#/chatbots`);
  const frame = page.frameLocator('iframe.widget-preview');
  const header = frame.locator('#parlor-widget header h2');
  await expect.poll(() => header.textContent()).toBe('Demo Realty Assistant');
  await page.getByLabel('Chatbot name', { exact: true }).fill('Preview Realty');
  await expect.poll(() => header.textContent()).toBe('Preview Realty');
  await page.getByLabel('Welcome message', { exact: true }).fill('Welcome to the preview!');
  await frame.locator('#parlor-widget .msg.bot', { hasText: 'Welcome to the preview!' }).waitFor();
  await page.getByLabel('Brand colour', { exact: true }).fill('not a colour');
  await expect.poll(() => page.locator('#s-ChatBubbleColor-err').textContent()).toMatch(/^Brand colour: /);
  await screenshot(page, 'console-chatbots-preview.png');
  // Nothing was saved.
  const saved = await page.evaluate(async () => {
    const doc = await (await fetch('/console/api/me')).json();
    return doc.Data.Chatbots[0].Name;
  });
  expect(saved).toBe('Demo Realty Assistant');
});

it("a visitor who closed the page finds the agent's reply when they come back; the lead form fits a phone", async () => {
  const visitor = await browser.context.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${base}/demo?chatbot=${demo.serial}`);
  const widget = widgetOf(visitor);
  await widget.locator('.bubble').click();
  await widget.getByRole('button', { name: 'Talk to a person' }).click();
  const form = widget.locator('form.lead');
  await form.getByRole('heading', { name: 'Talk to a person' }).waitFor();
  // On a phone: one Send button on screen, the form within the screen, the question row hidden.
  expect(await widget.locator('form.ask').isHidden()).toBe(true);
  expect(await widget.getByRole('button', { name: 'Send' }).count()).toBe(1);
  await form.getByLabel('Name').fill('Sam Lee');
  await form.getByRole('button', { name: 'Send' }).click();
  const err = form.locator('.err');
  await expect.poll(() => err.textContent()).toBe('Please give an email or a phone number.');
  await form.getByLabel('Phone').fill('+1 512 555 0199');
  expect(await err.textContent()).toBe('');
  const box = await form.boundingBox();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= 844).toBe(true);
  await screenshot(visitor, 'widget-lead-form-phone.png');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.waitFor({ state: 'hidden' });
  const stored = await visitor.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? '{}'),
    `parlor-chat:${demo.serial}`,
  );
  await visitor.close();

  await call(
    t.app,
    '/chat/Chat/AgentReply',
    { sessionID: stored.sessionId, content: 'Hi Sam, I will call you at 5.' },
    demo.auth,
  );

  const back = await browser.context.newPage();
  await back.goto(`${base}/demo?chatbot=${demo.serial}`);
  await widgetOf(back).locator('.bubble').click();
  await widgetOf(back).locator('.msg.agent', { hasText: 'I will call you at 5' }).waitFor({ timeout: 5000 });
  // Once: a reload does not show it twice.
  await back.reload();
  await widgetOf(back).locator('.bubble').click();
  await widgetOf(back).locator('.msg.agent').first().waitFor();
  await back.waitForTimeout(500);
  expect(await widgetOf(back).locator('.msg.agent').count()).toBe(1);
  await back.close();
});

it('the inbox shows a new conversation live; a page being filled in is not redrawn by live events', async () => {
  await page.goto(`${base}/console#/conversations`);
  await page.locator('.inbox li').first().waitFor();
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: demo.serial },
    demo.auth,
  );
  await call(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: SessionID, content: 'Condos in Dallas under $300k?' },
    demo.auth,
  );
  await page.locator('.inbox li', { hasText: `Visitor #${SessionID}` }).waitFor({ timeout: 5000 });

  await page.goto(`${base}/console#/leads`);
  const note = page.getByLabel('Note on Jane Doe');
  await note.fill('typing a note…');
  await call(t.app, '/chat/Chat/ClientAsk', { sessionID: SessionID, content: 'And in Houston?' }, demo.auth);
  // Past the events stream's 5 s resync too, which tells every page that anything may have changed.
  await page.waitForTimeout(6000);
  expect(await note.inputValue()).toBe('typing a note…');
});

it('the knowledge page saves text and a question, shows them ready, and the chatbot answers from them', async () => {
  await page.goto(`${base}/console#/knowledge`);
  await page.getByText('No knowledge yet.').waitFor();
  await page.getByLabel(/About the brokerage/).fill('# Office hours\n\nWe are open every weekday from 8 am to 5 pm.');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 1', { exact: true }).fill('Do you charge buyers a fee?');
  await page.getByLabel('Answer 1', { exact: true }).fill('No, buyers pay nothing.');
  await page.getByRole('button', { name: 'Save knowledge' }).click();
  await page.getByText('Saved.').waitFor();
  expect(await page.locator('table.grid tbody tr').allTextContents()).toEqual([
    expect.stringMatching(/^TextText\d+ready$/),
    expect.stringMatching(/^QAListQ&A \(1\)\d+ready$/),
  ]);
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: demo.serial },
    demo.auth,
  );
  const r = await call<{ content: string }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: SessionID, content: 'What are your office hours?' },
    demo.auth,
  );
  expect(r.content).toMatch(/every weekday from 8 am to 5 pm/);
  // A question without an answer: the API's message, nothing saved.
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 2', { exact: true }).fill('Where do you park?');
  await page.getByRole('button', { name: 'Save knowledge' }).click();
  await expect.poll(() => page.locator('p.error').first().textContent()).toMatch(/qaList/);
});
