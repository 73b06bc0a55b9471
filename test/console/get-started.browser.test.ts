// The owner's first hour in Chromium, on a desktop and on a 390×844 phone: the Get started page
// reaches "Done" by doing each step in the console (the chatbot's name, welcome and handoff
// e-mail on Chatbots, the About text on Knowledge, an agent invited and one's own password on
// People, demo data removed); a chatbot created on Chatbots answers in its widget and is deleted
// after a confirmation; an invited agent sets a password by the link (a short one is refused at
// the field), sees their own work (conversations, leads, agenda) and their own account, not the
// owner's pages (review and analytics included), and changes their own e-mail; the link used again, altered or expired shows a
// page saying so; axe-core finds no serious or critical violation on the invitation's pages. (A
// listing is added through the API: the listings page has its own test.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { createInvite, INVITE_MS } from '../../src/users/index.ts';
import { seriousViolations } from '../axe.ts';
import { createListing, listingBody } from '../factories.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner, widgetOf } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let guest: Browser;
let base = '';
let page: Page;
let keys: Awaited<ReturnType<typeof createDemo>>['keys'];
let inviteLink = '';

const SIZES: [string, { width: number; height: number }][] = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

describe.each(SIZES)('on a %s', (size, viewport) => {
  beforeAll(async () => {
    t = await buildTestApp();
    inviteLink = '';
    ({ keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@start.example`));
    base = await serve(t);
    browser = await openBrowser();
    guest = await openBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    page.on('pageerror', (e) => console.error(`console page error: ${e.message}`));
    await signInOwner(page, base, keys.ownerEmail, keys.ownerPassword);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await guest?.close();
    await t?.close();
  });

  const summary = () => page.locator('#g-summary').textContent();
  const stepDone = (key: string) => page.locator(`.checklist li[data-step=${key}]`).getAttribute('class');

  async function home() {
    await page.goto(`${base}/console#/start`);
    await page.getByRole('heading', { name: 'Get started', level: 1 }).waitFor();
    await expect.poll(summary).toMatch(/steps done|Done/);
  }

  it('an owner lands on Get started: the embed snippet, the live widget and an open checklist', async () => {
    await page.getByRole('heading', { name: 'Get started', level: 1 }).waitFor();
    await expect.poll(summary).toBe('0 of 7 steps done.');
    const snippet = await page.getByLabel('Embed snippet').inputValue();
    expect(snippet).toContain(`data-chatbot="${keys.serialNumber}"`);
    expect(snippet).toMatch(/^<script src="http.*\/widget\.js"/);
    expect(await page.getByRole('link', { name: 'Open the live widget' }).getAttribute('href')).toBe(
      `/demo?chatbot=${keys.serialNumber}`,
    );
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Snippet (copied|selected)/);
    await screenshot(page, `console-get-started-${size}.png`);
  }, 60_000);

  it('each step done in the console ticks, up to "Done"', async () => {
    // Chatbots: the name, the welcome message and where handoffs go.
    await page.goto(`${base}/console#/chatbots`);
    await page.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
    await page.getByLabel('Name of this chatbot').fill('Lakeside Realty Assistant');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed to "Lakeside Realty Assistant".').waitFor();
    await page.locator('#s-WelcomeMessage').fill('Welcome to Lakeside Realty! Ask about our homes.');
    await page.locator('#s-TalkToHumanEmail').fill('desk@lakeside.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved \d+ setting/).waitFor();
    await home();
    expect(await stepDone('name')).toBe('done');
    expect(await stepDone('handoff')).toBe('done');

    // Knowledge: the About text.
    await page.getByRole('link', { name: 'Go to Knowledge' }).click();
    await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
    await page.getByLabel(/About the brokerage/).fill('Lakeside Realty has sold homes around the lake since 1998.');
    await page.getByRole('button', { name: 'Save knowledge' }).click();
    await page.getByText('Saved.').waitFor();

    await createListing(t.app, { authorization: keys.apiKey }, listingBody(keys.serialNumber));

    // People: invite an agent, then choose one's own password.
    await page.goto(`${base}/console#/people`);
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await page.locator('#inv-Email').fill(`agent-${process.pid}-${Date.now()}@start.example`);
    await page.locator('#inv-Name').fill('Dana Agent');
    // Sent by e-mail by default (queued: this test's server sends nothing), the link shown too.
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(/^Invitation e-mailed to agent-/).waitFor();
    const link = await page.locator('#inv-link').inputValue();
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/console/invite#[A-Za-z0-9_-]{43}$`));
    // The link names PARLOR_PUBLIC_URL; this test's server listens elsewhere.
    inviteLink = link.replace(t.config.publicUrl, base);
    await page.locator('#pw-CurrentPassword').fill(keys.ownerPassword);
    await page.locator('#pw-NewPassword').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('#pw-NewPassword-err').textContent(), { timeout: 15_000 })
      .toBe('must be at least 10 characters');
    await page.locator('#pw-NewPassword').fill('lakeside owner secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Password changed/).waitFor();

    // Demo data, after the confirmation.
    await home();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: 'Remove demo data' }).click();
    await page.getByText(/Demo data removed: 12 sample listing/).waitFor();
    expect(asked).toMatch(/12 sample listings/);
    // Read again after the removal: on a loaded machine, longer than the poll's default second.
    await expect.poll(summary, { timeout: 30_000 }).toBe('Done: everything to go live is in place.');
    expect(await page.getByRole('button', { name: 'Remove demo data' }).isHidden()).toBe(true);
    const list = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: keys.serialNumber },
      { authorization: keys.apiKey },
    );
    expect(list.VirtualCount).toBe(1);
    await screenshot(page, `console-get-started-done-${size}.png`);
  }, 120_000);

  it('a chatbot created in the console answers in its widget, and is deleted once confirmed', async () => {
    await page.goto(`${base}/console#/chatbots`);
    await page.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
    await page.getByLabel('New chatbot name').fill('Hillside Homes');
    await page.locator('#cb-new-zone').selectOption('America/Denver');
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.getByText('Chatbot "Hillside Homes" created.').waitFor();
    const serial = await page.locator('#c-bot').inputValue();
    expect(serial).not.toBe(keys.serialNumber);
    expect(await page.locator('#c-bot option:checked').textContent()).toBe('Hillside Homes');

    const visitor = await guest.context.newPage();
    await visitor.setViewportSize(viewport);
    await visitor.goto(`${base}/demo?chatbot=${serial}`);
    const widget = widgetOf(visitor);
    await widget.locator('.bubble').click();
    await widget.locator('input[name=question]').fill('Do you have homes for sale?');
    await widget.locator('input[name=question]').press('Enter');
    await widget.locator('.msg.user').waitFor();
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    expect((await widget.locator('.msg.bot').last().textContent())?.trim().length).toBeGreaterThan(0);
    await visitor.close();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete this chatbot' }).click();
    await page.getByText('Chatbot "Hillside Homes" deleted.').waitFor();
    const left = await page.locator('#c-bot option').allTextContents();
    expect(left).toEqual(['Lakeside Realty Assistant']);
  }, 90_000);

  it('the invited agent sets a password by the link and sees only conversations and leads', async () => {
    const agent = await guest.context.newPage();
    await agent.setViewportSize(viewport);
    await agent.goto(inviteLink);
    await agent.getByRole('heading', { name: 'Welcome to the Parlor console' }).waitFor();
    expect(await agent.getByLabel('Your name').inputValue()).toBe('Dana Agent');
    expect(await seriousViolations(agent)).toEqual([]);
    await agent.getByLabel('Choose a password').fill('too short');
    await agent.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect
      .poll(() => agent.locator('#join-Password-err').textContent(), { timeout: 15_000 })
      .toBe('must be at least 10 characters');
    expect(await seriousViolations(agent)).toEqual([]);
    await screenshot(agent, `console-invite-${size}.png`);
    await agent.getByLabel('Choose a password').fill('dana agent secret');
    await agent.getByRole('button', { name: 'Set password and sign in' }).click();
    await agent.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    const nav = await agent.locator('nav[aria-label=Console] a').allTextContents();
    // Their own work (conversations, leads, their showings) and their own account; none of the
    // owner's pages, review and analytics included.
    expect(nav.map((x) => x.trim())).toEqual(['Conversations', 'Leads', 'Agenda', 'Your account']);
    const owners = ['#/start', '#/review', '#/analytics', '#/chatbots', '#/listings', '#/knowledge', '#/usage'];
    for (const route of [...owners, '#/keys', '#/mcp', '#/privacy']) {
      await agent.goto(`${base}/console${route}`);
      await agent.reload();
      await agent.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
      expect(await agent.title()).toBe('Conversations · Parlor console');
    }
    // Their own e-mail, changed behind their password on their account page (People, to owners).
    const moved = `dana-${size}-${process.pid}-${Date.now()}@moved.example`;
    await agent.getByRole('link', { name: 'Your account' }).click();
    await agent.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    expect(await agent.title()).toBe('Your account · Parlor console');
    await agent.locator('#em-Email').fill(moved);
    await agent.locator('#em-CurrentPassword').fill('dana agent secret');
    await agent.getByRole('button', { name: 'Change e-mail' }).click();
    await agent.getByText(`E-mail changed to ${moved}; sign in with it from now on.`).waitFor();
    await agent.close();
  }, 60_000);

  it('the link used again, altered or expired shows a page saying so', async () => {
    const other = await openBrowser();
    try {
      const p = await other.context.newPage();
      await p.setViewportSize(viewport);
      const refused = async (link: string, why: RegExp) => {
        await p.goto(link);
        await p.reload();
        await p.getByRole('heading', { name: 'This invitation link cannot be used' }).waitFor();
        expect(await p.getByRole('alert').textContent()).toMatch(why);
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousViolations(p)).toEqual([]);
      };
      await refused(inviteLink, /already been used/);
      await refused(`${inviteLink.slice(0, -3)}xyz`, /not valid/);
      await screenshot(p, `console-invite-invalid-${size}.png`);
      // Made 72 hours and a minute ago: expired a minute ago.
      const { token } = await createInvite(
        t.db,
        {
          workspaceId: keys.workspaceId,
          email: `late-${size}-${process.pid}@start.example`,
          role: 'agent',
          invitedBy: null,
        },
        new Date(Date.now() - INVITE_MS - 60_000),
      );
      await refused(`${base}/console/invite#${token}`, /expired/);
    } finally {
      await other.close();
    }
  }, 60_000);
});
