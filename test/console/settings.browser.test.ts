// The chatbots page's settings in Chromium, as an office manager meets them: grouped and named
// in plain words with the welcome message first, "Saved" shown beside the Save button where
// the person is, a warning when white text on the brand colour would be hard to read (with a
// darker shade offered), the answer engine chosen from ModelList, and the avatar uploaded from
// the page with a preview (a file that is not an image, or over 2 MB, refused at the field
// before anything is sent, for the avatar and the logo alike).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner } from '../widget/browser.ts';

let t: TestApp;
let browser: Browser;
let base = '';
let page: Page;
let keys: Awaited<ReturnType<typeof createDemo>>['keys'];
let auth: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@settings.example`));
  auth = { authorization: keys.apiKey };
  base = await serve(t);
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signInOwner(page, base, keys.ownerEmail, keys.ownerPassword);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The chatbots page, read afresh (what an earlier test left unsaved is gone). */
async function settingsPage() {
  await page.goto(`${base}/console#/chatbots`);
  await page.reload();
  await page.getByLabel('Welcome message').waitFor();
}

const saved = () =>
  call<Record<string, unknown>>(t.app, '/chat/Chatbot/Get', { serialNumber: keys.serialNumber }, auth);

/** WCAG 2's contrast ratio of white on a #rrggbb colour, worked out here. */
function whiteOn(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

it('groups the settings in plain words, the welcome message first, and says "Saved" beside Save', async () => {
  await settingsPage();
  const legends = await page.locator('form.settings legend').allTextContents();
  expect(legends.slice(0, 4)).toEqual(['Conversation', 'Appearance', 'Leads & contact', 'Languages & answers']);
  expect(legends).toContain('Privacy');
  expect(legends).not.toContain('Other settings');
  // The first field of the form is the welcome message.
  expect(await page.locator('form.settings label').first().textContent()).toBe('Welcome message');
  // No label is an API name (one word in CamelCase such as TalkToHumanEmail).
  const labels = await page.locator('form.settings label').allTextContents();
  expect(labels.filter((l) => /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(l))).toEqual([]);
  // Choices in words: the button position, the answer engine from ModelList.
  const align = page.getByLabel('Chat button position');
  expect(await align.locator('option').allTextContents()).toEqual(['Bottom right', 'Bottom left']);
  const engine = page.getByLabel('Answer engine', { exact: true });
  expect(await engine.evaluate((el) => el.tagName)).toBe('SELECT');
  const models = await call<{ Key: string }[]>(t.app, '/chat/Chatbot/ModelList', {}, auth);
  expect(models.length).toBeGreaterThan(0);
  const offered = await engine.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toEqual(expect.arrayContaining(models.map((m) => m.Key)));

  await page.getByLabel('Welcome message').fill('Welcome to Lakeside Realty!');
  await align.selectOption({ label: 'Bottom left' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const status = page.locator('form.settings .savebar [role=status]');
  await expect.poll(() => status.textContent()).toBe('Saved 2 settings.');
  // Where the person is: on screen, beside the button they pressed.
  const box = await status.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box && box.y >= 0 && box.y + box.height <= height).toBe(true);
  const record = await saved();
  expect(record.WelcomeMessage).toBe('Welcome to Lakeside Realty!');
  expect(record.ChatBubbleAlign).toBe(1);
  await screenshot(page, 'console-chatbots-settings.png');
});

it('warns when white text on the brand colour is under 4.5:1 and offers a darker shade that passes', async () => {
  await settingsPage();
  const colour = page.getByLabel('Brand colour', { exact: true });
  const warning = page.locator('#s-ChatBubbleColor-contrast');
  expect(await warning.textContent()).toBe(''); // the demo's blue reads well
  await colour.fill('#a5b4fc');
  const expected = whiteOn('#a5b4fc').toFixed(2);
  await expect.poll(() => warning.textContent()).toContain(`its contrast is ${expected}:1`);
  expect(Number(expected)).toBeLessThan(4.5);
  const use = page.getByRole('button', { name: /^Use #[0-9a-f]{6}$/ });
  const shade = (await use.textContent())?.slice(4) ?? '';
  await use.click();
  expect(await colour.inputValue()).toBe(shade);
  expect(whiteOn(shade)).toBeGreaterThanOrEqual(4.5);
  // Just dark enough: the same colour, not black.
  expect(whiteOn(shade)).toBeLessThan(5);
  await expect.poll(() => warning.textContent()).toBe('');
  // The picker follows the field.
  expect(await page.locator('#s-ChatBubbleColor-picker').inputValue()).toBe(shade);
  await screenshot(page, 'console-chatbots-contrast.png');
});

it('uploads an avatar from the page with a preview; refuses a non-image or one over 2 MB at the field', async () => {
  await settingsPage();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/files/upload/') || r.url().endsWith('/chat/User/GetPreUploadUrl')) uploads.push(r.url());
  });
  const picker = page.getByLabel('Avatar', { exact: true });
  const message = page.locator('#s-ChatProfilePicture-upload');

  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect
    .poll(() => message.textContent())
    .toBe('notes.txt is not an image: choose a PNG, JPEG, WebP or GIF file.');
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect.poll(() => message.textContent()).toBe('huge.png is 2.0 MB: choose an image of 2 MB or less.');
  // The logo on the chat button, the same way.
  const logo = page.getByLabel('Logo on the chat button', { exact: true });
  const logoMessage = page.locator('#s-ChatIcon-upload');
  await logo.setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect
    .poll(() => logoMessage.textContent())
    .toBe('logo.pdf is not an image: choose a PNG, JPEG, WebP or GIF file.');
  await logo.setInputFiles({ name: 'big-logo.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024) });
  await expect.poll(() => logoMessage.textContent()).toBe('big-logo.png is 3.0 MB: choose an image of 2 MB or less.');
  expect(uploads).toEqual([]);

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await picker.setInputFiles({ name: 'agent.png', mimeType: 'image/png', buffer: png });
  await page.getByText('Uploaded: save to use it.').waitFor();
  expect(await message.textContent()).toBe('');
  const thumb = page.getByRole('img', { name: 'Avatar: the chosen image' });
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator('form.settings .savebar [role=status]').textContent()).toBe('Saved 1 setting.');
  const id = String((await saved()).ChatProfilePicture);
  expect(id).toMatch(/^\d+$/);
  // After saving, the page shows the saved image, served as the chatbot's picture.
  const served = await page.evaluate(async (src) => (await fetch(src)).status, `/files/${id}/image`);
  expect(served).toBe(200);
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await saved()).ChatProfilePicture).toBe('');
});

it('the preview flags each refused setting at its field and still redraws from the rest; it says it is a preview', async () => {
  await settingsPage();
  const frame = page.frameLocator('iframe.widget-preview');
  const header = frame.locator('#parlor-widget header h2');
  await expect.poll(() => header.textContent()).toBe('Demo Realty Assistant');
  await page.getByLabel('Brand colour', { exact: true }).fill('not a colour');
  await page.getByLabel('Link to your privacy policy').fill('not a link');
  await page.getByLabel('Chatbot name', { exact: true }).fill('Still Drawn Realty');
  await expect.poll(() => header.textContent()).toBe('Still Drawn Realty');
  await expect.poll(() => page.locator('#s-ChatBubbleColor-err').textContent()).toMatch(/^Brand colour: \S/);
  expect(await page.locator('#s-ChatbotPrivacyPolicyUrl-err').textContent()).toMatch(
    /^Link to your privacy policy: \S/,
  );
  // A picture of the chat: its question box and buttons do nothing, and it points to the live widget.
  const question = frame.locator('#parlor-widget input[name=question]');
  expect(await question.isDisabled()).toBe(true);
  expect(await question.getAttribute('placeholder')).toBe('Preview: chat in the live widget');
  expect(await page.getByRole('link', { name: 'open the live widget' }).getAttribute('href')).toBe(
    `/demo?chatbot=${keys.serialNumber}`,
  );
});
