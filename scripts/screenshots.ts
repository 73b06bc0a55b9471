// Screenshots of every console page, at a desktop size and on a 390×844 phone, into
// docs/screenshots/ (PNG, the viewport only). `npm run screenshots`; `npm run screenshots --
// invite keys` makes only the pages named.
//
// It starts Parlor on a fresh in-memory SQLite database with the demo chatbot and its sample
// listings, adds a conversation with a lead and an invitation, signs in as the demo owner, and
// visits the sign-in page, the invitation's page (and the page an unusable link shows), every
// page the console's navigation links to (so a new page is covered without editing this) and
// one conversation. The browser is the one the browser tests use (test/binaries.ts:
// the machine's Chromium, else the one @sparticuz/chromium ships); nothing is downloaded.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { defaultRegistry } from '../src/answer/default-registry.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/migrations/migrate.ts';
import { createDemo } from '../src/setup/bootstrap.ts';
import { createInvite } from '../src/users/index.ts';
import { findChromium } from '../test/binaries.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
/** The pages named on the command line, or every page. */
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const dataDir = mkdtempSync(join(tmpdir(), 'parlor-screenshots-'));
const config = loadConfig({ PARLOR_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = connect({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
await migrate(db);
const app = await buildApp({
  config,
  db,
  clock: () => new Date(),
  logger: false,
  notify: { enabled: false },
  retentionSweep: false,
  engines: defaultRegistry(config, null),
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const { keys } = await createDemo(db.kysely, new Date());
const call = async (path: string, body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: path, headers: { authorization: keys.apiKey }, payload: body });
  return (res.json() as { Data: Record<string, unknown> }).Data;
};
const session = await call('/chat/Chatbot/GetSession', { serialNumber: keys.serialNumber });
await call('/chat/Chat/ClientAsk', { sessionID: session.SessionID, content: 'Any 3-bedroom homes in Austin?' });
await call('/chat/Chat/TalkToHuman', {
  sessionID: session.SessionID,
  Name: 'Jane Doe',
  Email: 'jane@example.com',
  Phone: '+1 512 555 0143',
  Message: 'Could someone show me the house on Oak St this weekend?',
});

const { token } = await createInvite(
  db,
  {
    workspaceId: keys.workspaceId,
    email: 'dana@demo-realty.example',
    name: 'Dana Reyes',
    role: 'agent',
    invitedBy: null,
  },
  new Date(),
);

const found = await findChromium();
if ('error' in found) throw new Error(found.error);
const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox', '--disable-gpu'] });
mkdirSync(OUT, { recursive: true });

/** The page once its heading is up and its reads have settled (bounded: live pages keep a stream open). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

/** The page at a URL, settled, as docs/screenshots/NAME-SIZE.png, if it is wanted. */
async function shoot(page: Page, url: string, name: string, size: string): Promise<void> {
  if (!wanted(name)) return;
  await page.goto(url);
  // A change of the hash alone does not reload the invitation's page.
  if (url.includes('#') && url.includes('/invite')) await page.reload();
  await settled(page);
  await page.screenshot({ path: join(OUT, `${name}-${size}.png`) });
  console.log(`${name}-${size}.png`);
}

try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    await shoot(page, `${base}/console/invite#${token}`, 'invite', size.name);
    await shoot(page, `${base}/console/invite#${token.slice(0, -3)}xyz`, 'invite-invalid', size.name);
    await page.goto(`${base}/console/sign-in`);
    await settled(page);
    if (wanted('sign-in')) await page.screenshot({ path: join(OUT, `sign-in-${size.name}.png`) });
    await page.getByLabel('E-mail').fill(keys.ownerEmail);
    await page.getByLabel('Password').fill(keys.ownerPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('nav a[data-route]').first().waitFor();
    const routes = await page
      .locator('nav a[data-route]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-route') ?? ''));
    const pages = routes.map((route) => [route, route.replace(/^#\//, '')]);
    pages.push([`#/conversations/${String(session.SessionID)}`, 'conversation']);
    for (const [route, name] of pages) await shoot(page, `${base}/console${route}`, name ?? '', size.name);
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
