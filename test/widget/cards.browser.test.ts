// Listing cards in a real browser: an answer's Listings shown under it as cards (photo or a
// placeholder, price, beds/baths/area, address, a link opening a new tab), on a desktop and
// on phone-sized screens, and again after a reload. The answer comes from a scripted engine
// so that the cards are known; its screenshots are the README's (src/widget/screenshot-*.png).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerRequest } from '../../src/answer/engine.ts';
import { DEMO_SETTINGS } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { type ChatTestApp, chatTestApp } from '../chat/chat-app.ts';
import { createChatbot, createListing, listingBody } from '../factories.ts';
import { call, newWorkspace } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, widgetOf } from './browser.ts';
import { useAsDemo } from './fixture.ts';

let t: ChatTestApp;
let browser: Browser;
let base: string;

const QUESTION = 'Homes in Austin under $500,000';

/** The listings the answer shows, in its order: two with photos, one whose photo fails, a rental without any. */
const HOMES = [
  { MLSNumber: 'ATX2041', Address: '7 Elm Ave', SalePrice: 399000, Bedrooms: 2, Bathrooms: 2, BuildingArea: 1240 },
  { MLSNumber: 'ATX1187', Address: '12 Oak St', SalePrice: 420000, Bedrooms: 3, Bathrooms: 2.5, BuildingArea: 1850 },
  { MLSNumber: 'ATX3310', Address: '88 Lakeview Dr', SalePrice: 465000, Bedrooms: 4, Bathrooms: 3, BuildingArea: 2310 },
  {
    MLSNumber: 'ATX5502',
    Address: '41 Barton Sq #3',
    SaleType: 'for_rent',
    SalePrice: null,
    RentPrice: 2450,
    Bedrooms: 1,
    Bathrooms: 1,
    BuildingArea: 720,
  },
];
const IMAGES = [
  ['https://img.example.com/elm.jpg'],
  ['https://img.example.com/oak.jpg'],
  ['https://img.example.com/gone.jpg'],
  [],
];

/** A stand-in photo: a house under a sky, in the listing's colours. */
function photo(sky: string, wall: string, roof: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180">
<rect width="320" height="180" fill="${sky}"/><rect y="132" width="320" height="48" fill="#7cb36b"/>
<rect x="92" y="78" width="136" height="66" fill="${wall}"/><polygon points="80,82 160,34 240,82" fill="${roof}"/>
<rect x="148" y="104" width="24" height="40" fill="#6b4f3a"/><rect x="106" y="92" width="28" height="22" fill="#dbeafe"/>
<rect x="186" y="92" width="28" height="22" fill="#dbeafe"/><circle cx="270" cy="40" r="16" fill="#fde68a"/></svg>`;
}
const PHOTOS: Record<string, string> = {
  'elm.jpg': photo('#bfdbfe', '#f5f5f4', '#9a3412'),
  'oak.jpg': photo('#c7d2fe', '#fef3c7', '#334155'),
};

let serial = '';
let urls: string[] = [];

beforeAll(async () => {
  t = await chatTestApp({}, { notify: { enabled: false } });
  const ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, DEMO_SETTINGS.Name);
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: serial, ...DEMO_SETTINGS }, ws.auth);
  const bodies = HOMES.map((home, i) => listingBody(serial, { City: 'Austin', ...home, Images: IMAGES[i] }));
  for (const b of bodies) await createListing(t.app, ws.auth, b);
  urls = bodies.map((b) => b.Url);
  const text = [
    'I found 4 homes in Austin up to $500,000. Here they are, cheapest first:',
    ...bodies.map((b, i) => `${i + 1}. MLS ${b.MLSNumber} — ${b.Address}`),
    'Tap a card for photos and details, or ask me about any of them.',
  ].join('\n');
  t.engine.script = {
    fragments: text.match(/.{1,24}/gs) ?? [text],
    listings: async (req: AnswerRequest) => {
      const shown = [];
      for (const b of bodies) {
        const { listings } = await req.listings.search(
          { mlsNumber: b.MLSNumber },
          { sort: 'Newest', offset: 0, limit: 1 },
        );
        shown.push(...listings);
      }
      return shown;
    },
  };
  useAsDemo(t, serial);
  base = await serve(t);
  browser = await openBrowser();
  await browser.context.route('https://img.example.com/**', (route) => {
    const body = PHOTOS[new URL(route.request().url()).pathname.slice(1)];
    return body
      ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body })
      : route.fulfill({ status: 404, body: 'gone' });
  });
  // The listing pages the cards link to, opened in a new tab.
  await browser.context.route('https://homes.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Listing</title><h1>Listing</h1>' }),
  );
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A new conversation on the demo page (the kept one forgotten), asking QUESTION. */
async function askOnDemo(page: Page): Promise<Locator> {
  await page.goto(`${base}/demo`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const widget = widgetOf(page);
  await widget.locator('.bubble').click();
  const input = widget.locator('input[name=question]');
  await input.fill(QUESTION);
  await input.press('Enter');
  await widget.locator('.msg.pending').waitFor({ state: 'detached' });
  return widget;
}

/** Each card as the visitor sees it. */
function cardsOf(widget: Locator) {
  return widget.locator('.cards a.card').evaluateAll((cards) =>
    cards.map((a) => ({
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel'),
      price: a.querySelector('.price')?.textContent,
      facts: a.querySelector('.facts')?.textContent,
      place: a.querySelector('.addr')?.textContent,
      tag: a.querySelector('.tag')?.textContent,
      photo: (() => {
        const img = a.querySelector('img');
        if (img) return { alt: img.alt, loaded: img.complete && img.naturalWidth > 0 };
        return a.querySelector('.ph[aria-hidden=true] svg') ? 'placeholder' : 'none';
      })(),
    })),
  );
}

/** The box of `el` stays inside the page's width. */
async function insideViewport(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  return box;
}

describe('listing cards', () => {
  it('shows the answer’s listings as linked cards on a desktop, and again after a reload', async () => {
    const page = await browser.context.newPage();
    const widget = await askOnDemo(page);
    const expected = [
      { price: '$399,000', facts: '2 bd · 2 ba · 1,240 sq ft', place: '7 Elm Ave, Austin', tag: 'For Sale' },
      { price: '$420,000', facts: '3 bd · 2.5 ba · 1,850 sq ft', place: '12 Oak St, Austin', tag: 'For Sale' },
      { price: '$465,000', facts: '4 bd · 3 ba · 2,310 sq ft', place: '88 Lakeview Dr, Austin', tag: 'For Sale' },
      { price: '$2,450/mo', facts: '1 bd · 1 ba · 720 sq ft', place: '41 Barton Sq #3, Austin', tag: 'For Rent' },
    ];
    await expect
      .poll(async () => (await cardsOf(widget)).map((c) => c.photo))
      .toEqual([
        { alt: '', loaded: true }, // the card's text names the link; the alt would repeat it
        { alt: '', loaded: true },
        'placeholder', // the image failed to load
        'placeholder', // the listing has none
      ]);
    const cards = await cardsOf(widget);
    expect(cards.map(({ price, facts, place, tag }) => ({ price, facts, place, tag }))).toEqual(expected);
    expect(cards.map((c) => c.href)).toEqual(urls);
    expect(cards.every((c) => c.target === '_blank' && c.rel === 'noopener')).toBe(true);

    // The cards follow the answer (before its rating buttons), scroll sideways inside the panel,
    // and take the keyboard.
    const strip = widget.locator('.cards');
    const items = await widget.locator('.log > li').evaluateAll((lis) => lis.map((li) => li.className));
    const answerAt = items.map((c) => /\bmsg bot\b/.test(c)).lastIndexOf(true);
    expect(
      items.slice(answerAt + 1).some((c) => c.includes('listings')),
      JSON.stringify(items),
    ).toBe(true);
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const panel = await widget.locator('.panel').boundingBox();
    const first = await widget.locator('.cards a.card').first().boundingBox();
    expect(first?.x).toBeGreaterThanOrEqual(panel?.x ?? 0);
    const link = widget.locator('.cards a.card').first();
    await link.focus();
    expect(await link.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    // Named by its visible text (what speech control users say), and a new tab announced.
    expect(await link.getAttribute('aria-label')).toBeNull();
    await widget
      .getByRole('link', { name: 'For Sale $399,000 2 bd · 2 ba · 1,240 sq ft 7 Elm Ave, Austin (opens in a new tab)' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await link.blur();
    await screenshot(page, 'widget-cards-desktop.png');

    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('.msg.user', { hasText: QUESTION }).waitFor();
    await expect.poll(async () => (await cardsOf(widget)).map((c) => c.href)).toEqual(urls);
    expect((await cardsOf(widget)).map((c) => c.price)).toEqual(expected.map((c) => c.price));
    await page.close();
  });

  it('counts a card opened, once per answer and listing, also from the transcript after a reload', async () => {
    const page = await browser.context.newPage();
    const widget = await askOnDemo(page);
    await expect.poll(async () => (await cardsOf(widget)).map((c) => c.href)).toEqual(urls);
    const openRows = () =>
      t.db.kysely
        .selectFrom('listing_searches as s')
        .innerJoin('listings as l', 'l.id', 's.listing_id')
        .select(['l.mls_number as mls', 's.message_id'])
        .where('s.kind', '=', 'open')
        .execute();
    const before = (await openRows()).length;
    const second = widget.locator('.cards a.card').nth(1);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), second.click()]);
    await tab.close();
    await expect.poll(async () => (await openRows()).slice(before).map((r) => r.mls)).toEqual(['ATX1187']);
    await page.reload();
    await widget.locator('.bubble').click();
    const said = page.waitForResponse((r) => r.url().endsWith('/chat/Chat/OpenListing'));
    const [again] = await Promise.all([page.context().waitForEvent('page'), second.click()]);
    await again.close();
    // The second opening of the same answer's card is answered but not counted again.
    expect(await (await said).json()).toMatchObject({ Data: { Counted: false } });
    expect((await openRows()).slice(before).map((r) => r.mls)).toEqual(['ATX1187']);
    await page.close();
  });

  it('fits the cards on phone-sized screens (390×844 and 360 px wide)', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const widget = await askOnDemo(page);
    await expect.poll(async () => (await cardsOf(widget)).map((c) => c.href)).toEqual(urls);
    const cards = await cardsOf(widget);
    expect(cards[0]).toMatchObject({ price: '$399,000', href: urls[0], target: '_blank' });
    const first = widget.locator('.cards a.card').first();
    const box = await insideViewport(page, first);
    expect(box?.width).toBeGreaterThanOrEqual(200);
    await insideViewport(page, widget.locator('.cards'));
    // No sideways scrolling of the page or the panel: only the strip scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await widget.locator('.body').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'widget-cards-phone.png');

    await page.setViewportSize({ width: 360, height: 740 });
    await insideViewport(page, first);
    expect((await first.boundingBox())?.width).toBeGreaterThanOrEqual(200);
    await page.close();
  });
});
