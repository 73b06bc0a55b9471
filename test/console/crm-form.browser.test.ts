// The Keys page's CRM form, in Chromium: the owner connects Follow Up Boss (the keys come back
// masked, never in the page), a refused value shows the server's message, a new lead's event
// shows as the last delivery, and Disconnect removes the connection.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, serve, signInOwner } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let keys = { serialNumber: '', ownerEmail: '', ownerPassword: '', apiKey: '' };

beforeAll(async () => {
  // No worker: a queued event stays queued, so that the page's status is known.
  t = await buildTestApp({ notify: { enabled: false } });
  ({ keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@crm.example`));
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('connects Follow Up Boss, shows the keys masked and the last delivery, and disconnects', async () => {
  const page = await browser.context.newPage();
  await signInOwner(page, base, keys.ownerEmail, keys.ownerPassword);
  await page.goto(`${base}/console#/keys`);
  const form = page.getByRole('form', { name: 'CRM: Follow Up Boss' });
  await form.getByText('No CRM connected').waitFor();
  await form.getByText('No lead has been sent to the CRM yet.').waitFor();

  // The API key is required: the server's message, naming the field, is shown.
  await form.getByRole('button', { name: 'Connect Follow Up Boss' }).click();
  await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/ApiKey/);

  await form.getByLabel('API key').fill('fka_0123456789abcdef');
  await form.getByLabel('System name').fill('Demo Site');
  await form.getByLabel('System key').fill('sys_secret_9876');
  await form.getByRole('button', { name: 'Connect Follow Up Boss' }).click();
  await form.getByText('Connected to Follow Up Boss as Demo Site, API key ••••cdef.').waitFor();
  expect(await form.getByLabel('API key').inputValue()).toBe('');
  const html = await page.content();
  expect(html).not.toContain('0123456789abcdef');
  expect(html).not.toContain('sys_secret_9876');

  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: keys.serialNumber },
    { authorization: keys.apiKey },
  );
  await call(
    t.app,
    '/chat/Chat/TalkToHuman',
    { sessionID: SessionID, Name: 'Jane Doe', Email: 'jane@example.com', Message: 'Call me' },
    { authorization: keys.apiKey },
  );
  await page.reload();
  await form.getByText(/Last lead \(.+\): queued, not sent yet/).waitFor();

  page.once('dialog', (d) => void d.accept());
  await form.getByRole('button', { name: 'Disconnect' }).click();
  await form.getByText('No CRM connected').waitFor();
  await page.close();
});
