// The console's MCP page in Chromium: an owner publishes a chatbot as an MCP server, sees the
// URL to paste into an assistant (which then answers tools/list), requires keys, creates one
// (shown once, copied by its button; the server answers with it and refuses without it) and
// revokes it (refused again). axe-core finds no serious or critical violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { rawCall } from '../mcp.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let page: Page;
let serial = '';
let auth: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const { keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@mcp.example`);
  serial = keys.serialNumber;
  auth = { authorization: keys.apiKey };
  base = await serve(t);
  browser = await openBrowser();
  page = await browser.context.newPage();
  page.on('dialog', (d) => void d.accept());
  await signInOwner(page, base, keys.ownerEmail, keys.ownerPassword);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const settings = () =>
  call<{ EnableMcp: boolean; McpRequireKey: boolean }>(t.app, '/chat/Chatbot/Get', { serialNumber: serial }, auth);

const copied = () => page.evaluate(() => (window as unknown as { copiedText: string }).copiedText);

it('turns the MCP server on, shows its URL, creates a key shown once, requires and revokes it', async () => {
  await page.goto(`${base}/console#/mcp`);
  await page.getByRole('heading', { name: 'Assistants (MCP)', level: 1 }).waitFor();
  // The clipboard as the page sees it: what a button writes is kept for the test to read.
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
  const url = `${base}/mcp/${serial}`;
  await expect.poll(() => page.locator('#m-url').textContent()).toBe(url);
  await page.getByRole('button', { name: 'Copy the MCP server URL' }).click();
  await expect.poll(copied).toBe(url);

  // Off by default: the URL is not there until the owner turns it on.
  expect(await page.getByLabel('Publish as an MCP server').isChecked()).toBe(false);
  expect((await rawCall(new URL(url), 'tools/list')).status).toBe(404);
  await page.getByLabel('Publish as an MCP server').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('MCP settings saved.').waitFor();
  expect((await settings()).EnableMcp).toBe(true);
  const listed = await rawCall(new URL(url), 'tools/list');
  expect(listed.status).toBe(200);

  await page.getByLabel('Require an MCP key').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await settings()).McpRequireKey).toBe(true);
  expect((await rawCall(new URL(url), 'tools/list')).status).toBe(401);

  await page.getByLabel('Key name').fill('Claude connector');
  await page.getByRole('button', { name: 'Create an MCP key' }).click();
  const key = (await page.locator('#m-new-key').textContent()) ?? '';
  expect(key).toMatch(/^mcp_/);
  await page.getByRole('button', { name: 'Copy the new MCP key' }).click();
  await expect.poll(copied).toBe(key);
  const row = page.locator('tr', { hasText: 'Claude connector' });
  await row.waitFor();
  // Listed by its first characters only: the key itself is on the page once, in the notice.
  expect(await row.textContent()).not.toContain(key);
  expect((await rawCall(new URL(url), 'tools/list', {}, { authorization: `Bearer ${key}` })).status).toBe(200);
  await screenshot(page, 'console-mcp.png');
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /Revoke MCP key Claude connector/ }).click();
  await expect.poll(() => row.locator('td').nth(3).textContent()).not.toBe('—');
  expect(await row.getByRole('button').count()).toBe(0);
  expect((await rawCall(new URL(url), 'tools/list', {}, { authorization: `Bearer ${key}` })).status).toBe(401);

  // A reload shows the keys again, never the key.
  await page.reload();
  await page.locator('tr', { hasText: 'Claude connector' }).waitFor();
  expect(await page.locator('#m-new-key').count()).toBe(0);
  expect(await page.getByLabel('Require an MCP key').isChecked()).toBe(true);
});

it('a key name past 100 characters is refused with the field named', async () => {
  await page.goto(`${base}/console#/mcp`);
  await page.getByRole('heading', { name: 'Assistants (MCP)', level: 1 }).waitFor();
  // The input's maxlength stops typing; the request is what the server refuses.
  await page.getByLabel('Key name').evaluate((el) => el.removeAttribute('maxlength'));
  await page.getByLabel('Key name').fill('k'.repeat(101));
  await page.getByRole('button', { name: 'Create an MCP key' }).click();
  await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/Name/);
});
