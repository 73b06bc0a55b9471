// The console's showings in Chromium: the agenda (a week of the demo chatbot, its visitor and
// listing card), assign, reschedule to a free slot and cancel from it; the conversation view
// shows its booking; the chatbots page edits the showing hours (a capacity of 0 refused with
// the API's field-named message, 3 saved). axe-core finds no serious or critical violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, screenshot, serve, signInOwner } from '../widget/browser.ts';

interface Slot {
  Start: string;
  Label: string;
}
interface Appointment {
  ID: number;
  Start: string;
  Status: string;
  AssignedUserID: number | null;
}

let t: TestApp;
let browser: Browser;
let base = '';
let page: Page;
let serial = '';
let auth: Record<string, string> = {};
let sessionId = 0;
let booked: Slot;
let address = '';

beforeAll(async () => {
  t = await buildTestApp();
  const { keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@agenda.example`);
  serial = keys.serialNumber;
  auth = { authorization: keys.apiKey };
  ({ SessionID: sessionId } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    auth,
  ));
  const answer = await call<{ Listings: { MLSNumber: string; Address: string }[] }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: sessionId, content: 'Homes in Dallas with a pool?' },
    auth,
  );
  const listing = answer.Listings[0];
  address = listing?.Address ?? '';
  const slots = await call<Slot[]>(
    t.app,
    '/chat/Chat/GetTourSlots',
    { sessionID: sessionId, MLSNumber: listing?.MLSNumber, Days: 7 },
    auth,
  );
  booked = slots[0] as Slot;
  await call(
    t.app,
    '/chat/Chat/BookTour',
    {
      sessionID: sessionId,
      Start: booked.Start,
      MLSNumber: listing?.MLSNumber,
      Name: 'Jane Doe',
      Email: 'jane@example.com',
    },
    auth,
  );
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

const theShowing = async () =>
  (
    await call<Appointment[]>(
      t.app,
      '/chat/Chatbot/AppointmentList',
      { serialNumber: serial, From: booked.Start.slice(0, 10), To: '2099-12-31' },
      auth,
    )
  )[0] as Appointment;

it('the agenda shows the week’s showing with its visitor and listing; assign, reschedule, cancel', async () => {
  await page.goto(`${base}/console#/agenda`);
  await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
  const card = page.locator('li.showing', { hasText: 'Jane Doe' });
  await card.waitFor();
  expect(await card.textContent()).toContain(booked.Label);
  expect(await card.textContent()).toContain(address);
  await screenshot(page, 'console-agenda.png');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Agent for Jane Doe').selectOption({ index: 1 });
  await expect.poll(async () => (await theShowing()).AssignedUserID).not.toBeNull();

  await card.getByRole('button', { name: 'Reschedule' }).click();
  const moveTo = page.getByLabel('New time for Jane Doe');
  await moveTo.waitFor();
  const target = (await moveTo.locator('option').nth(1).getAttribute('value')) ?? '';
  await moveTo.selectOption(target);
  await card.getByRole('button', { name: 'Move' }).click();
  await expect.poll(async () => (await theShowing()).Start).toBe(target);

  await page.locator('li.showing', { hasText: 'Jane Doe' }).getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await theShowing()).Status).toBe('cancelled');
  await page.locator('li.showing.cancelled', { hasText: 'Jane Doe' }).waitFor();
});

it('the conversation view shows its showing', async () => {
  await page.goto(`${base}/console#/conversations/${sessionId}`);
  await page.getByRole('heading', { name: 'Showings' }).waitFor();
  const card = page.locator('aside li.showing', { hasText: 'Jane Doe' });
  await card.waitFor();
  expect(await card.textContent()).toContain('cancelled');
  expect(await seriousViolations(page)).toEqual([]);
});

it('the chatbots page edits the showing hours with the API’s messages', async () => {
  await page.goto(`${base}/console#/chatbots`);
  const capacity = page.getByLabel('Showings at once');
  await expect.poll(() => capacity.inputValue()).toBe('2');
  expect(await page.getByLabel('Day of range 1').inputValue()).toBe('Mon');
  await capacity.fill('0');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect.poll(() => page.locator('form[aria-labelledby=av-title] .error').textContent()).toMatch(/^Capacity/);
  await capacity.fill('3');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await page.getByText('Showing hours saved.').waitFor();
  const a = await call<{ Capacity: number; Hours: unknown[] }>(
    t.app,
    '/chat/Chatbot/GetAvailability',
    { serialNumber: serial },
    auth,
  );
  expect(a.Capacity).toBe(3);
  expect(a.Hours).toHaveLength(6);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  expect(await seriousViolations(page)).toEqual([]);
});
