// Showings in the widget, in a real browser: an answer that offers slots shows them as buttons;
// a click opens a small form that books the slot (BookTour with the visitor's key); the booked
// showing shows as a card with "Add to calendar" (an .ics the server serves) and "Change or
// cancel", and again after a reload. A slot taken meanwhile says so and offers what is free now.
// The answer comes from a scripted engine that asks the session's own TourDesk for the slots.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatTestApp } from '../chat/chat-app.ts';
import { createChatbot, createListing, listingBody } from '../factories.ts';
import { call, newWorkspace, type TestWorkspace } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, widgetOf } from './browser.ts';
import { useAsDemo } from './fixture.ts';

let t: ChatTestApp;
let browser: Browser;
let base: string;
let ws: TestWorkspace;
let serial = '';
const QUESTION = 'Can I see 12 Oak St this week?';

beforeAll(async () => {
  t = await chatTestApp({}, { notify: { enabled: false } });
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, 'Demo Realty Assistant');
  await createListing(
    t.app,
    ws.auth,
    listingBody(serial, { MLSNumber: 'ATX1187', Address: '12 Oak St', City: 'Austin', State: 'TX' }),
  );
  // Any day, any hour: the slots are real ones from now on, whatever the time of the run.
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    {
      serialNumber: serial,
      TimeZone: 'America/Chicago',
      Hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((Day) => ({ Day, Start: '00:00', End: '24:00' })),
      NoticeMinutes: 60,
    },
    ws.auth,
  );
  t.engine.script = {
    fragments: ['Here are the next free times to see 12 Oak St. ', 'Tap one to book it.'],
    tour: async (req) => {
      const answer = await req.tours?.slots({ mlsNumber: 'ATX1187' });
      if (!answer?.ok) throw new Error('no slots');
      return {
        MLSNumber: answer.mlsNumber,
        Address: answer.address,
        Slots: answer.slots.slice(0, 6),
        Appointment: null,
      };
    },
  };
  useAsDemo(t, serial);
  base = await serve(t);
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

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

const slotLabels = (widget: Locator) => widget.locator('.tour .slot').allTextContents();

async function bookings() {
  return call<{ Start: string; Name: string; Email: string; Status: string }[]>(
    t.app,
    '/chat/Chatbot/AppointmentList',
    { serialNumber: serial, From: '2000-01-01', To: '2100-12-31' },
    ws.auth,
  );
}

describe('showings in the widget', () => {
  it('clicks a slot button, books it with a name and e-mail, and shows the confirmation card', async () => {
    const page = await browser.context.newPage();
    const widget = await askOnDemo(page);
    await widget.locator('.tour .slot').first().waitFor();
    const labels = await slotLabels(widget);
    expect(labels).toHaveLength(6);
    expect(await widget.locator('.tour .tour-title').textContent()).toBe('Times to see 12 Oak St, Austin, TX');

    await widget.locator('.tour .slot').nth(1).click();
    const form = widget.locator('form.tour-form');
    await expect.poll(() => form.locator('.tour-when').textContent()).toBe(`Book ${labels[1]}`);
    await form.locator('input[name=name]').fill('Jane Doe');
    await form.locator('input[name=email]').fill('jane@example.com');
    await form.locator('button[type=submit]').click();

    const booked = widget.locator('.tour.booked');
    await booked.waitFor();
    expect(await booked.locator('.tour-title').textContent()).toBe('✓ Showing booked');
    expect(await booked.locator('.tour-when').textContent()).toBe(labels[1]);
    expect(await booked.locator('.tour-where').textContent()).toBe('12 Oak St, Austin, TX');
    const calendar = await booked.locator('a', { hasText: 'Add to calendar' }).getAttribute('href');
    const manage = await booked.locator('a', { hasText: 'Change or cancel' }).getAttribute('href');
    expect(manage).toMatch(/\/tours\/manage\/\d+\.\d+\.[\w-]{43}$/);
    expect(calendar).toBe(`${manage}/invite.ics`);
    const ics = await fetch(new URL(new URL(calendar ?? '').pathname, base));
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain('LOCATION:12 Oak St\\, Austin\\, TX');
    await screenshot(page, 'widget-tour-booked.png');

    const list = await bookings();
    expect(list).toEqual([expect.objectContaining({ Name: 'Jane Doe', Email: 'jane@example.com', Status: 'booked' })]);

    // Kept in the browser: the card is there again after a reload.
    await page.reload();
    await widget.locator('.bubble').click();
    await widget.locator('.tour.booked').waitFor();
    expect(await widget.locator('.tour.booked .tour-when').textContent()).toBe(labels[1]);
    await page.close();
  });

  it('a slot taken meanwhile: says so, offers the slots free now, and books another', async () => {
    const page = await browser.context.newPage();
    const widget = await askOnDemo(page);
    await widget.locator('.tour .slot').first().waitFor();
    const before = await bookings();
    const firstLabel = (await slotLabels(widget))[0];
    // Someone else takes the first slot (capacity 1) while the buttons are on screen.
    const offered = await call<{ Start: string; Label: string }[]>(
      t.app,
      '/chat/Chat/GetTourSlots',
      {
        sessionID: (
          await call<{ SessionID: number }>(t.app, '/chat/Chatbot/GetSession', { serialNumber: serial }, ws.auth)
        ).SessionID,
      },
      ws.auth,
    );
    const taken = offered.find((s) => s.Label === firstLabel);
    const other = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/BookTour',
      { sessionID: other.SessionID, Start: taken?.Start, Name: 'Early Bird', Email: 'early@example.com' },
      ws.auth,
    );

    await widget.locator('.tour .slot').first().click();
    const form = widget.locator('form.tour-form');
    await form.locator('input[name=name]').fill('Sam Late');
    await form.locator('input[name=email]').fill('sam@example.com');
    await form.locator('button[type=submit]').click();
    const note = widget.locator('.tour .tour-note');
    await expect.poll(() => note.textContent()).toBe(`${firstLabel} is already taken. Please choose another time.`);
    expect(await slotLabels(widget)).not.toContain(firstLabel);

    await widget.locator('.tour .slot').first().click();
    await widget.locator('form.tour-form button[type=submit]').click();
    await widget.locator('.tour.booked').waitFor();
    const after = await bookings();
    expect(after.length - before.length).toBe(2);
    expect(after.filter((a) => a.Email === 'sam@example.com')).toHaveLength(1);
    await page.close();
  });
});
