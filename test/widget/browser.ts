// Browser tests drive Chromium through playwright-core: Debian's when the machine has it, else
// the one @sparticuz/chromium ships inside its npm package (test/binaries.ts; the global setup
// finds it once per run). Never a downloaded browser. One browser per test file, a fresh
// profile each time, the app on a real socket.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { TestApp } from '../harness.ts';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The browser this run found (test/global-setup.ts); fails the test saying what to install. */
export function chromiumPath(): string {
  const found = inject('chromium');
  if ('error' in found) throw new Error(found.error);
  return found.path;
}

export async function openBrowser(extraArgs: string[] = [], executablePath = chromiumPath()): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'parlor-chromium-'));
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [...ARGS, ...extraArgs],
      viewport: { width: 1280, height: 800 },
    })
    .catch((e: Error) => {
      rmSync(profile, { recursive: true, force: true });
      throw new Error(
        `Chromium (${executablePath}) did not start: ${e.message}\nInstall a browser the tests can use: apt-get install chromium`,
      );
    });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Listens on 127.0.0.1, a free port; answers the base URL. */
export async function serve(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The widget's host element; CSS locators pierce its (open) shadow root. */
export function widgetOf(page: Page): Locator {
  return page.locator('#parlor-widget');
}

export function computed(el: Locator, property: string): Promise<string> {
  return el.evaluate((node, p) => getComputedStyle(node).getPropertyValue(p), property);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: join('test-results', name) });
}

/** Signs an owner in through the console's own page and waits for their home, Get started. */
export async function signInOwner(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Get started', level: 1 }).waitFor();
}
