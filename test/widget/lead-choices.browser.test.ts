// The widget's lead form with the chatbot's QualifyQuestions, in Chromium: the chosen fields
// are offered as choices in the chatbot's order, what the visitor picks reaches the lead
// (LeadList), and the form passes axe-core (no serious or critical violations).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { buildTestApp, call, type TestApp } from '../harness.ts';
import { type Browser, openBrowser, serve, widgetOf } from './browser.ts';
import { demoChatbot } from './fixture.ts';

let t: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  base = await serve(t);
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function openForm(serial: string) {
  const page = await browser.context.newPage();
  await page.goto(`${base}/demo?chatbot=${serial}`);
  const widget = widgetOf(page);
  await widget.locator('.bubble').click();
  await widget.getByRole('button', { name: 'Talk to a person' }).click();
  const form = widget.locator('form.lead');
  await form.getByLabel('Name').waitFor();
  return { page, widget, form };
}

it('shows the chosen qualification fields as choices and sends them with the lead', async () => {
  const { serial, ws } = await demoChatbot(t, { QualifyQuestions: ['Timeline', 'PreApproved', 'Budget', 'Areas'] });
  const { page, widget, form } = await openForm(serial);
  const labels = await form.locator('label').allTextContents();
  expect(labels.map((l) => l.split(/[—\n]/)[0]?.trim())).toEqual([
    'Name',
    'Email',
    'Phone',
    'Message',
    expect.stringMatching(/^When/),
    expect.stringMatching(/^Pre-approved/),
    'Budget from',
    'Budget up to',
    'Areas',
  ]);
  expect(await form.getByLabel('I want to').count()).toBe(0);
  expect(await seriousViolations(page, ['#parlor-widget', 'form.lead'])).toEqual([]);

  await form.getByLabel('Name').fill('Jane Doe');
  await form.getByLabel('Email').fill('jane@example.com');
  await form.getByLabel('When').selectOption('3-6 months');
  await form.getByLabel('Pre-approved for a mortgage').selectOption('yes');
  await form.getByLabel('Budget from').fill('450000');
  await form.getByLabel('Budget up to').fill('600000');
  await form.getByLabel('Areas').fill('Austin, Round Rock');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.waitFor({ state: 'hidden' });
  await widget.locator('.msg.bot').last().waitFor();

  const leads = await call<Record<string, unknown>[]>(
    t.app,
    '/chat/Chatbot/LeadList',
    { serialNumber: serial },
    ws.auth,
  );
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    Name: 'Jane Doe',
    Timeline: '3-6 months',
    PreApproved: 'yes',
    BudgetMin: 450_000,
    BudgetMax: 600_000,
    Areas: ['Austin', 'Round Rock'],
    Intent: '',
  });
  await page.close();
});

it('without QualifyQuestions the form has no choices, and fields left blank are not sent', async () => {
  const plain = await demoChatbot(t);
  const a = await openForm(plain.serial);
  expect(await a.form.locator('select').count()).toBe(0);
  await a.page.close();

  const { serial, ws } = await demoChatbot(t, { QualifyQuestions: ['Intent', 'PropertyType'] });
  const { page, form } = await openForm(serial);
  await form.getByLabel('Name').fill('Jo Lee');
  await form.getByLabel('Phone').fill('+1 512 555 0100');
  await form.getByLabel('Kind of home').selectOption('condo');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.waitFor({ state: 'hidden' });
  const leads = await call<Record<string, unknown>[]>(
    t.app,
    '/chat/Chatbot/LeadList',
    { serialNumber: serial },
    ws.auth,
  );
  expect(leads[0]).toMatchObject({ Intent: '', PropertyType: 'condo', BudgetMin: null, Areas: [] });
  await page.close();
});

it('a budget that is not a round thousand (a rent of 1,500) is sent, not stopped by the form', async () => {
  const { serial, ws } = await demoChatbot(t, { QualifyQuestions: ['Intent', 'Budget'] });
  const { page, form } = await openForm(serial);
  await form.getByLabel('Name').fill('Rita Moss');
  await form.getByLabel('Email').fill('rita@example.com');
  await form.getByLabel('I want to').selectOption('rent');
  await form.getByLabel('Budget from').fill('1500');
  await form.getByLabel('Budget up to').fill('2250');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.waitFor({ state: 'hidden', timeout: 5_000 });
  const leads = await call<Record<string, unknown>[]>(
    t.app,
    '/chat/Chatbot/LeadList',
    { serialNumber: serial },
    ws.auth,
  );
  expect(leads[0]).toMatchObject({ Intent: 'rent', BudgetMin: 1500, BudgetMax: 2250 });
  await page.close();
});
