// The human side end to end, in Chromium, on two Parlor processes sharing one PostgreSQL
// database (so it runs on PostgreSQL only): a visitor on instance 1 asks for a person; an
// agent signed in to the console on instance 2 sees the conversation arrive as waiting
// without reloading, opens it and replies; the visitor's widget shows the reply within a
// second; the agent hands back to the bot; the visitor's next question gets the bot's answer.
// Screenshots of each step go to test-results/console-step-*.png.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { freePort, type ServerProcess, startParlor } from '../../bench/lib/server-process.ts';
import { connect } from '../../src/db/connect.ts';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { dbKind } from '../harness.ts';
import { type Browser, openBrowser, screenshot, widgetOf } from '../widget/browser.ts';

const onPostgres = dbKind === 'postgres';
let servers: ServerProcess[] = [];
let visitorBrowser: Browser;
let agentBrowser: Browser;
let serial = '';
let owner = { email: '', password: '' };

beforeAll(async () => {
  if (!onPostgres) return;
  const databaseUrl = inject('pgUrl');
  const db = connect({ databaseUrl, dataDir: '' });
  try {
    const { keys } = await createDemo(db.kysely, new Date(), `owner-${Date.now()}@e2e.example`);
    serial = keys.serialNumber;
    owner = { email: keys.ownerEmail, password: keys.ownerPassword };
  } finally {
    await db.close();
  }
  servers = await Promise.all([1, 2].map(async () => startParlor({ port: await freePort(), databaseUrl })));
  [visitorBrowser, agentBrowser] = await Promise.all([openBrowser(), openBrowser()]);
}, 60_000);

afterAll(async () => {
  await visitorBrowser?.close();
  await agentBrowser?.close();
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
});

it.skipIf(!onPostgres)(
  'a visitor asks for a person on one instance; an agent on the other replies and hands back',
  async () => {
    const [one, two] = servers.map((s) => s.url);
    // The agent signs in on instance 2 and watches the inbox.
    const console2 = await agentBrowser.context.newPage();
    await console2.goto(`${two}/console`);
    await console2.waitForURL(/\/console\/sign-in$/);
    await console2.getByLabel('E-mail').fill(owner.email);
    await console2.getByLabel('Password').fill(owner.password);
    await console2.getByRole('button', { name: 'Sign in' }).click();
    // An owner lands on Get started; the inbox is one link away.
    await console2.getByRole('heading', { name: 'Get started' }).waitFor();
    await console2.getByRole('link', { name: 'Conversations' }).click();
    await console2.getByRole('heading', { name: 'Conversations' }).waitFor();

    // 1. The visitor, on instance 1, asks a question, then for a person, and leaves a lead.
    const visitor = await visitorBrowser.context.newPage();
    await visitor.goto(`${one}/demo?chatbot=${serial}`);
    const widget = widgetOf(visitor);
    await widget.locator('.bubble').click();
    const input = widget.locator('input[name=question]');
    await input.fill('3 bedroom homes in Austin');
    await input.press('Enter');
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    await widget.getByRole('button', { name: 'Talk to a person' }).click();
    const form = widget.locator('form.lead');
    await form.getByRole('heading', { name: 'Talk to a person' }).waitFor();
    expect(await widget.locator('form.ask').isHidden()).toBe(true);
    await form.getByLabel('Name').fill('Jane Doe');
    await form.getByLabel('Email').fill('jane@example.com');
    await form.getByLabel('Message').fill('Can I see the Duval St townhouse on Saturday?');
    await screenshot(visitor, 'console-step-1-visitor-lead.png');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.waitFor({ state: 'hidden' });

    // 2. It appears on instance 2's inbox as waiting, without a reload.
    const row = console2.locator('.inbox li', { hasText: 'Jane Doe' });
    await row.locator('.pill', { hasText: 'Waiting for a person' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => console2.locator('.badge').textContent()).toContain('1 waiting');
    await screenshot(console2, 'console-step-2-inbox-waiting.png');

    // 3. The agent opens it and replies; the visitor sees the reply within a second.
    await row.locator('a').click();
    await console2.getByRole('heading', { name: 'Jane Doe' }).waitFor();
    await console2.locator('.msg.user', { hasText: '3 bedroom homes in Austin' }).waitFor();
    await console2
      .getByLabel('Reply to the visitor')
      .fill('Hi Jane, this is Dana. Saturday at 10 works — see you there!');
    const sent = Date.now();
    await console2.getByRole('button', { name: 'Send reply' }).click();
    await widget.locator('.msg.agent', { hasText: 'this is Dana' }).waitFor({ timeout: 5000 });
    const delay = Date.now() - sent;
    expect(delay).toBeLessThan(1000);
    await console2.locator('.msg.agent', { hasText: 'this is Dana' }).waitFor();
    await screenshot(console2, 'console-step-3-agent-reply.png');
    await screenshot(visitor, 'console-step-4-visitor-sees-reply.png');

    // 4. The agent hands back to the bot.
    await console2.getByRole('button', { name: 'Hand back to the bot' }).click();
    await console2.locator('.pill', { hasText: 'With the bot' }).waitFor();
    await screenshot(console2, 'console-step-5-handed-back.png');

    // 5. The visitor's next question gets a bot answer.
    await input.fill('How many homes are for sale in Houston?');
    await input.press('Enter');
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    const answer = await widget.locator('.msg.bot').last().textContent();
    expect(answer).toMatch(/Houston/);
    expect(answer).not.toMatch(/reply to you here soon/);
    await screenshot(visitor, 'console-step-6-bot-answers.png');
  },
  60_000,
);
