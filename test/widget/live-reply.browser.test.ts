// A visitor who types their contact details into the chat, in a real browser on a desktop and
// on a 390×844 phone, on SQLite and PostgreSQL: the builtin engine takes them as a lead, the answer says the session now waits for
// a person, and the widget follows the conversation at once, so an agent's reply shows within a
// second without the visitor typing again, labelled with the name the agent gave themselves
// (never their e-mail); a reply from an API key, with no person behind it, is labelled "Agent".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../console/staff.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, widgetOf } from './browser.ts';
import { demoChatbot, useAsDemo } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let chatbot: Awaited<ReturnType<typeof demoChatbot>>;

const SIZES: [string, { width: number; height: number }][] = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

describe.each(SIZES)('on a %s', (size, viewport) => {
  beforeAll(async () => {
    t = await buildTestApp({ keepAliveMs: 200 });
    chatbot = await demoChatbot(t);
    useAsDemo(t, chatbot.serial);
    base = await serve(t);
    browser = await openBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('contact details typed in the chat: the agent reply shows within a second, with their name', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${base}/demo`);
    const widget = widgetOf(page);
    await widget.locator('.bubble').click();
    const input = widget.locator('input[name=question]');
    await input.fill("I'm Jenny Park, please call me at 512-555-0143 about 12 Oak St");
    await input.press('Enter');
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });

    // The lead is recorded and the session waits for a person.
    const leads = await call<{ List: { Name: string }[] }>(
      t.app,
      '/chat/Chatbot/LeadList',
      { serialNumber: chatbot.serial },
      chatbot.ws.auth,
    );
    expect(JSON.stringify(leads)).toContain('Jenny Park');
    const session = await t.db.kysely
      .selectFrom('sessions')
      .select(['id', 'mode'])
      .where('workspace_id', '=', chatbot.ws.workspaceId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.mode).toBe('human');
    const sessionId = session.id;
    expect(sessionId).toBeGreaterThan(0);

    // An agent signed in to the console replies; the visitor has typed nothing since.
    const agent = await staffOf(t.app, t.db, chatbot.ws.workspaceId, 'agent');
    const sent = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/Chat/AgentReply',
      headers: agent.write,
      payload: JSON.stringify({ sessionID: sessionId, content: 'Hi Jenny, I can call you at 3 today.' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = widget.locator('.msg.agent', { hasText: 'I can call you at 3 today' });
    await reply.waitFor({ timeout: 5000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    const label = await reply.locator('.who').textContent();
    expect(label).toMatch(/^agent \d+ · agent$/);
    expect(label).not.toContain('@');
    await screenshot(page, `widget-live-reply-${size}.png`);

    // A reply through the API key has no person's name: it still says it is a person's.
    await call(
      t.app,
      '/chat/Chat/AgentReply',
      { sessionID: sessionId, content: 'Also, our office opens at 9.' },
      chatbot.ws.auth,
    );
    const keyed = widget.locator('.msg.agent', { hasText: 'our office opens at 9' });
    await keyed.waitFor({ timeout: 5000 });
    expect(await keyed.locator('.who').textContent()).toBe('Agent');

    // After a reload the kept transcript shows both replies with their labels.
    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('.msg.agent .who', { hasText: '· agent' }).waitFor();
    expect(await widget.locator('.msg.agent .who').allTextContents()).toEqual([label, 'Agent']);
  }, 60_000);
});
