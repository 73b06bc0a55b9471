// GetConfig and Ask as the platform's widget calls them: its body and headers, its field
// names in Data, bounded header values, and domain verification that trusts only what the
// browser sets (also inside Parlor's own chat page, where Origin is Parlor's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../../src/setup/bootstrap.ts';
import { createChatbot } from '../factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../harness.ts';
import { edit, type VisitorConfig } from './fixture.ts';

let t: TestApp;
let ws: TestWorkspace;
const PUBLIC_URL = 'https://chat.parlor.test';
beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false }, env: { PARLOR_PUBLIC_URL: PUBLIC_URL } });
  ws = await newWorkspace(t.db);
});
afterAll(async () => t?.close());

async function chatbot(settings: Record<string, unknown> = {}): Promise<string> {
  const serial = await createChatbot(t.app, ws.auth, 'Demo Realty Assistant');
  await edit(t, ws.auth, serial, { ...DEMO_SETTINGS, ...settings });
  return serial;
}

const platformConfig = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post<VisitorConfig>(t.app, '/chat/Chatbot/GetConfig', body, headers);

describe("GetConfig with the platform widget's body", () => {
  it('accepts and ignores clientTimeZone and clientCurrentTime, null as absent', async () => {
    const serial = await chatbot();
    for (const extra of [
      { clientTimeZone: 'America/Chicago', clientCurrentTime: '2026-11-23 09:30:00' },
      { clientTimeZone: null, clientCurrentTime: null },
      {},
    ]) {
      const r = await platformConfig({ serialNumber: serial, ...extra });
      expect(r.body.Code, JSON.stringify(extra)).toBe(200);
      expect(r.body.Data.SerialNumber).toBe(serial);
    }
  });

  it('still validates them: 400 naming the field', async () => {
    const serial = await chatbot();
    const cases: [Record<string, unknown>, string][] = [
      [{ clientTimeZone: 5 }, 'clientTimeZone: must be a string'],
      [{ clientCurrentTime: 'x'.repeat(65) }, 'clientCurrentTime: must be at most 64 characters'],
      [{ serialNumber: 'x'.repeat(65) }, 'serialNumber: must be at most 64 characters'],
    ];
    for (const [extra, message] of cases) {
      const r = await platformConfig({ serialNumber: serial, ...extra });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ Success: false, Code: 400, Message: message, Data: null });
    }
  });

  it("carries the platform's field names beside Parlor's", async () => {
    const serial = await chatbot({
      Domains: 'https://www.example-realty.com\nhttp://localhost:3000',
      CustomDomain: 'chat.example-realty.com',
    });
    const row = await t.db.kysely
      .selectFrom('chatbots')
      .select('id')
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    const { body } = await platformConfig({ serialNumber: serial });
    expect(body.Data).toMatchObject({
      ChatbotID: Number(row.id),
      DisplayName: 'Demo Realty Assistant',
      Name: 'Demo Realty Assistant',
      SuggestedMessage: DEMO_SETTINGS.SuggestedMessage,
      SuggestedMessages: DEMO_SETTINGS.SuggestedMessage.split('\n'),
      WelcomeMessage: DEMO_SETTINGS.WelcomeMessage,
      ChatProfilePicture: '',
      ChatProfilePictureFileName: '',
      ChatProfilePictureUrl: '',
      ChatIcon: '',
      ChatIconFileName: '',
      ChatIconUrl: '',
      ChatBubbleColor: 'rgb(37,99,235)',
      ChatBubbleAlign: 0,
      RemoveChatLogOnBrowserClose: false,
      Domains: 'https://www.example-realty.com\nhttp://localhost:3000',
      CustomDomain: 'chat.example-realty.com',
    });
    expect(Number.isInteger(body.Data.ChatbotID)).toBe(true);
  });
});

describe('the headers the platform widget sends', () => {
  const names: [string, string][] = [
    ['x-referer', 'X-Referer'],
    ['referrerinfo', 'ReferrerInfo'],
    ['lang', 'lang'],
  ];

  it('are allowed up to 2,048 characters; a longer one is a 400 naming it', async () => {
    const serial = await chatbot();
    const origin = { origin: 'https://www.example-realty.com' };
    for (const [header, name] of names) {
      const fits = await platformConfig({ serialNumber: serial }, { ...origin, [header]: 'a'.repeat(2048) });
      expect(fits.status, header).toBe(200);
      const long = await platformConfig({ serialNumber: serial }, { ...origin, [header]: 'a'.repeat(2049) });
      expect(long.status, header).toBe(400);
      expect(long.body).toMatchObject({ Code: 400, Message: `${name}: must be at most 2048 characters` });
      // The widget can read why.
      expect(long.headers['access-control-allow-origin']).toBe(origin.origin);
    }
  });

  it('are bounded on Ask too, before anything is stored', async () => {
    const serial = await chatbot();
    const v = (await platformConfig({ serialNumber: serial })).body.Data;
    const key = { 'chatrobot-sessionkey': v.SessionKey };
    const ask = { sessionID: v.SessionID, content: 'hello', stream: false };
    const stored = async () =>
      (await call<{ VirtualCount: number }>(t.app, '/chat/Chat/GetMessages', { sessionID: v.SessionID }, ws.auth))
        .VirtualCount;
    const long = await post(t.app, '/chat/Chat/Ask', ask, { ...key, lang: 'e'.repeat(2049) });
    expect(long.body).toMatchObject({ Code: 400, Message: 'lang: must be at most 2048 characters' });
    expect(await stored()).toBe(0);
    const ok = await post(t.app, '/chat/Chat/Ask', ask, { ...key, lang: 'en', 'x-referer': 'www.example.com' });
    expect(ok.body).toMatchObject({ Code: 200 });
    expect(await stored()).toBe(2);
  });

  it('never count for domain verification: only Origin and Referer do', async () => {
    const serial = await chatbot({ VerifyDomain: true, Domains: 'https://www.example-realty.com' });
    const claims = {
      'x-referer': 'www.example-realty.com',
      referrerinfo: JSON.stringify({ url: 'https://www.example-realty.com/listings' }),
    };
    const evil = await platformConfig({ serialNumber: serial }, { ...claims, origin: 'https://evil.test' });
    expect(evil.body).toMatchObject({ Code: 403 });
    expect(evil.body.Message).toMatch(/not enabled on evil\.test/);
    const bare = await platformConfig({ serialNumber: serial }, claims);
    expect(bare.body).toMatchObject({ Code: 403 });
    const real = await platformConfig({ serialNumber: serial }, { origin: 'https://www.example-realty.com' });
    expect(real.body).toMatchObject({ Code: 200 });
  });
});

describe("Parlor's own chat page under VerifyDomain", () => {
  // Inside /chatbot-iframe/SERIAL the requests carry Parlor's Origin; frame-ancestors keeps
  // other sites from framing the page.
  it('is answered from the host the request went to, for its own chatbot only', async () => {
    const serial = await chatbot({ VerifyDomain: true, Domains: 'https://www.example-realty.com' });
    const other = await chatbot({ VerifyDomain: true, Domains: 'https://www.example-realty.com' });
    const fromPage = (path: string, host = 'parlor.internal:8080') => ({
      host,
      origin: `http://${host}`,
      referer: `http://${host}${path}`,
    });
    const r = await platformConfig({ serialNumber: serial }, fromPage(`/chatbot-iframe/${serial}`));
    expect(r.body).toMatchObject({ Code: 200 });
    const key = { 'chatrobot-sessionkey': r.body.Data.SessionKey };
    const ask = { sessionID: r.body.Data.SessionID, content: 'hello', stream: false };
    const asked = await post(t.app, '/chat/Chat/Ask', ask, { ...key, ...fromPage(`/chatbot-iframe/${serial}`) });
    expect(asked.body).toMatchObject({ Code: 200 });

    for (const path of [`/chatbot-iframe/${other}`, '/demo', `/x/chatbot-iframe/${serial}`]) {
      const refused = await platformConfig({ serialNumber: serial }, fromPage(path));
      expect(refused.body, path).toMatchObject({ Code: 403 });
    }
    const elsewhere = { ...fromPage(`/chatbot-iframe/${serial}`), origin: 'https://evil.test' };
    expect((await platformConfig({ serialNumber: serial }, elsewhere)).body).toMatchObject({ Code: 403 });
    const asElsewhere = await post(t.app, '/chat/Chat/Ask', ask, { ...key, origin: 'https://evil.test' });
    expect(asElsewhere.body).toMatchObject({ Code: 403 });
  });

  it("counts PARLOR_PUBLIC_URL's host and the CustomDomain as Parlor's", async () => {
    const serial = await chatbot({ VerifyDomain: true, Domains: 'www.example-realty.com' });
    const page = (origin: string) => ({ host: '10.0.0.5:8080', origin, referer: `${origin}/chatbot-iframe/${serial}` });
    expect((await platformConfig({ serialNumber: serial }, page(PUBLIC_URL))).body).toMatchObject({ Code: 200 });
    const custom = page('https://chat.example-realty.com');
    expect((await platformConfig({ serialNumber: serial }, custom)).body).toMatchObject({ Code: 403 });
    await edit(t, ws.auth, serial, { CustomDomain: 'https://chat.example-realty.com' });
    expect((await platformConfig({ serialNumber: serial }, custom)).body).toMatchObject({ Code: 200 });
  });
});
