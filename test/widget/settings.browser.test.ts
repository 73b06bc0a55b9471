// The chatbot's settings as the widget shows them: colours and alignment changed through
// Edit (checked as computed styles), texts, links, popup-once, image and voice questions,
// and the message a site that is not allowed gets instead of the chat.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../harness.ts';
import { type Browser, computed, openBrowser, serve, widgetOf } from './browser.ts';
import { demoChatbot, edit } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  base = await serve(t);
  // A fake microphone that plays a tone, and no permission prompt.
  browser = await openBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function openDemo(serial: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${base}/demo?chatbot=${serial}`);
  await widgetOf(page).locator('.bubble').waitFor();
  return page;
}

describe('look and feel', () => {
  it('applies colours, alignment and texts set through Edit', async () => {
    const { serial, ws } = await demoChatbot(t);
    let page = await openDemo(serial);
    let widget = widgetOf(page);
    expect(await computed(widget.locator('.bubble'), 'background-color')).toBe('rgb(37, 99, 235)');
    expect((await widget.locator('.bubble').boundingBox())?.x).toBeGreaterThan(640);
    await page.close();

    await edit(t, ws.auth, serial, {
      Name: 'Casa Bot',
      ChatBubbleColor: '#10b981',
      ChatBubbleAlign: 1,
      UserMessageColor: 'rgb(200, 30, 30)',
      WelcomeMessage: 'Welcome to Casa!',
      UserInputPlaceholder: 'Type here, please',
      SuggestedMessage: 'Homes in Austin',
      ChatbotPrivacyPolicyName: 'Privacy notice',
      ChatbotPrivacyPolicyDescription: 'We keep your messages for 30 days.',
      ChatbotPrivacyPolicyUrl: 'https://casa.example/privacy',
      FacebookUrl: 'https://facebook.com/casa',
      InstagramUrl: 'https://instagram.com/casa',
      WhatsappUrl: 'https://wa.me/15125550100',
    });
    page = await openDemo(serial);
    widget = widgetOf(page);
    const bubble = widget.locator('.bubble');
    expect(await computed(bubble, 'background-color')).toBe('rgb(16, 185, 129)');
    expect((await bubble.boundingBox())?.x).toBeLessThan(100);
    await bubble.press('Enter'); // keyboard opens it too
    await widget.getByText('Welcome to Casa!').waitFor();
    expect(await computed(widget.locator('header'), 'background-color')).toBe('rgb(16, 185, 129)');
    expect(await widget.locator('header h2').textContent()).toBe('Casa Bot');
    expect(await widget.locator('input[name=question]').getAttribute('placeholder')).toBe('Type here, please');
    const notice = widget.locator('.notice');
    expect(await notice.textContent()).toContain('We keep your messages for 30 days.');
    expect(await notice.locator('a').getAttribute('href')).toBe('https://casa.example/privacy');
    const social = widget.locator('.social a');
    expect(await social.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Facebook', 'https://facebook.com/casa'],
      ['Instagram', 'https://instagram.com/casa'],
      ['WhatsApp', 'https://wa.me/15125550100'],
    ]);
    await widget.getByRole('button', { name: 'Homes in Austin' }).click();
    const mine = widget.locator('.msg.user').first();
    await mine.waitFor();
    expect(await computed(mine, 'background-color')).toBe('rgb(200, 30, 30)');
    await widget.locator('.msg.pending').waitFor({ state: 'detached' });
    // Escape closes the panel and gives the focus back to the bubble.
    await widget.locator('input[name=question]').press('Escape');
    await widget.locator('.panel').waitFor({ state: 'hidden' });
    expect(await bubble.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.close();
  });

  it('pops up by itself once with ChatbotPopupOnce', async () => {
    const { serial, ws } = await demoChatbot(t);
    await edit(t, ws.auth, serial, { ChatbotPopupOnce: true });
    const page = await openDemo(serial);
    await widgetOf(page).locator('.panel').waitFor({ state: 'visible' });
    await page.reload();
    await widgetOf(page).locator('.bubble').waitFor();
    expect(await widgetOf(page).locator('.panel').isHidden()).toBe(true);
    await page.close();
  });
});

describe('the chat as a page (/chatbot-iframe/SERIAL)', () => {
  it('follows the same settings as the bubble, open and filling the viewport', async () => {
    const { serial, ws } = await demoChatbot(t);
    await edit(t, ws.auth, serial, {
      Name: 'Casa Bot',
      ChatBubbleColor: '#10b981',
      UserMessageColor: 'rgb(200, 30, 30)',
      WelcomeMessage: 'Welcome to Casa!',
      SuggestedMessage: 'Homes in Austin',
      ChatbotPrivacyPolicyDescription: 'We keep your messages for 30 days.',
      EnableUploadImage: true,
      EnablePushToTalk: true,
      RemoveChatLogOnBrowserClose: true,
    });
    const page = await browser.context.newPage();
    await page.goto(`${base}/chatbot-iframe/${serial}`);
    const chat = widgetOf(page);
    await chat.getByText('Welcome to Casa!').waitFor();
    expect(await chat.locator('.panel').boundingBox()).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    expect(await chat.locator('.bubble, .close').count()).toBe(0);
    expect(await computed(chat.locator('header'), 'background-color')).toBe('rgb(16, 185, 129)');
    expect(await chat.locator('header h2').textContent()).toBe('Casa Bot');
    expect(await chat.locator('.notice').textContent()).toContain('We keep your messages for 30 days.');
    for (const name of ['Send an image', 'Record a voice question', 'Talk to a person']) {
      expect(await chat.getByRole('button', { name }).count(), name).toBe(1);
    }
    await chat.getByRole('button', { name: 'Homes in Austin' }).click();
    const mine = chat.locator('.msg.user').first();
    await mine.waitFor();
    expect(await computed(mine, 'background-color')).toBe('rgb(200, 30, 30)');
    await chat.locator('.msg.pending').waitFor({ state: 'detached' });
    const key = `parlor-chat:${serial}`;
    expect(await page.evaluate((k) => sessionStorage.getItem(k), key)).toContain('Homes in Austin');
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
    await page.close();
  });
});

describe('media questions', () => {
  it('uploads an image and a recorded WAV and asks with them', async () => {
    const { serial, ws } = await demoChatbot(t);
    const page = await openDemo(serial);
    const widget = widgetOf(page);
    await widget.locator('.bubble').click();
    expect(await widget.getByRole('button', { name: 'Send an image' }).count()).toBe(0);
    expect(await widget.getByRole('button', { name: 'Record a voice question' }).count()).toBe(0);
    await page.close();

    await edit(t, ws.auth, serial, { EnableUploadImage: true, EnablePushToTalk: true });
    const p2 = await openDemo(serial);
    const w2 = widgetOf(p2);
    await w2.locator('.bubble').click();
    const asks: Record<string, unknown>[] = [];
    p2.on('request', (r) => {
      if (r.url().endsWith('/chat/Chat/Ask')) asks.push(r.postDataJSON() as Record<string, unknown>);
    });

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    await w2.locator('input[type=file]').setInputFiles({ name: 'house.png', mimeType: 'image/png', buffer: png });
    await w2.locator('.msg.user', { hasText: 'house.png' }).waitFor();
    await w2.locator('.msg.pending').waitFor({ state: 'detached' });
    expect(asks[0]).toMatchObject({ chatAskType: 'Image', fileIds: [expect.any(Number)] });

    await w2.getByRole('button', { name: 'Record a voice question' }).click();
    const mic = w2.locator('button.mic'); // its name changes while recording
    await expect.poll(() => mic.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => mic.textContent(), { timeout: 10_000 }).toMatch(/0:0[1-9]/); // a second recorded
    await w2.getByRole('button', { name: 'Stop and send the voice question' }).click();
    await w2.locator('.msg.user', { hasText: 'Voice question' }).waitFor();
    await w2.locator('.msg.pending').waitFor({ state: 'detached' });
    expect(asks[1]).toMatchObject({ chatAskType: 'Audio', content: '', fileIds: [expect.any(Number)] });
    // The server took the recording as WAV: 16-bit mono at 16 kHz, about a second long.
    const fileId = (asks[1].fileIds as number[])[0];
    const file = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Download',
      headers: ws.auth,
      payload: { FileStoreId: fileId },
    });
    expect(file.statusCode).toBe(200);
    const wav = file.rawPayload;
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBeGreaterThan(16_000 * 2 * 0.9);
    await p2.close();
  });
});

describe('domain verification', () => {
  it('shows a clear message instead of the chat on a site that is not allowed', async () => {
    const { serial, ws } = await demoChatbot(t);
    await edit(t, ws.auth, serial, { VerifyDomain: true, Domains: 'brokerage.example, *.brokerage.example' });
    const page = await openDemo(serial);
    const widget = widgetOf(page);
    await widget.locator('.bubble').click();
    const blocked = widget.locator('.blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toMatch(/This chat is not available here: .*not enabled on 127\.0\.0\.1/);
    expect(await widget.locator('input[name=question]').count()).toBe(0);

    await edit(t, ws.auth, serial, { Domains: 'brokerage.example\n127.0.0.1' });
    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('input[name=question]').waitFor();
    await page.close();
  });
});
