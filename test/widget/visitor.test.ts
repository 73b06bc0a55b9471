// GetConfig (exactly the public settings, a session and its visitor key) and what a
// visitor key can reach: its own session through Ask and TalkToHuman, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, post, type TestApp } from '../harness.ts';
import { demoChatbot, edit, getConfigOf, multipartFile, PNG_1X1, type VisitorConfig, visitorOf } from './fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
});
afterAll(async () => t?.close());

const getConfig = (serial: string, headers: Record<string, string> = {}) => getConfigOf(t, serial, headers);
const visitor = (serial: string, headers: Record<string, string> = {}) => visitorOf(t, serial, headers);

const PUBLIC_FIELDS = [
  'SerialNumber',
  'SessionID',
  'SessionKey',
  'SessionMode',
  'Name',
  'ChatBubbleColor',
  'ChatBubbleAlign',
  'ChatIconUrl',
  'ChatProfilePictureUrl',
  'WelcomeMessage',
  'SuggestedMessages',
  'UserInputPlaceholder',
  'UserMessageColor',
  'ChatbotPrivacyPolicyName',
  'ChatbotPrivacyPolicyDescription',
  'ChatbotPrivacyPolicyUrl',
  'ChatbotPopupOnce',
  'EnablePushToTalk',
  'EnableUploadImage',
  'FacebookUrl',
  'InstagramUrl',
  'WhatsappUrl',
  'RemoveChatLogOnBrowserClose',
  'QualifyQuestions',
  // The platform's names, which its widget reads.
  'ChatbotID',
  'DisplayName',
  'SuggestedMessage',
  'ChatIcon',
  'ChatIconFileName',
  'ChatProfilePicture',
  'ChatProfilePictureFileName',
  'Domains',
  'CustomDomain',
];

describe('GetConfig', () => {
  it('answers without a credential with exactly the public settings and a new visitor session', async () => {
    const { serial, ws } = await demoChatbot(t);
    await edit(t, ws.auth, serial, {
      SystemMessage: 'SECRET-SYSTEM-PROMPT',
      TalkToHumanEmail: 'agent@secret.example',
      EmailForDailyLeads: 'leads@secret.example',
      EmailForDailyChatLogs: 'logs@secret.example',
      RateLimitMessage: 'SECRET-RATE',
      RateLimitCount: 31337,
      MessageLimit: 987654,
      TalkToHumanResponseMessage: 'SECRET-HANDOFF',
      ChatbotPrivacyPolicyName: 'Privacy',
      FacebookUrl: 'https://facebook.com/demo',
    });
    const r = await post<VisitorConfig>(t.app, '/chat/Chatbot/GetConfig', { SERIALNUMBER: serial });
    expect(r.status).toBe(200);
    const data = r.body.Data;
    expect(Object.keys(data).sort()).toEqual([...PUBLIC_FIELDS].sort());
    expect(data).toMatchObject({
      SerialNumber: serial,
      Name: 'Demo Realty Assistant',
      ChatBubbleAlign: 0,
      ChatIconUrl: '',
      SuggestedMessages: [
        '3-bed homes under $450,000 in Austin',
        'Rentals with a pool in Dallas',
        'How many homes are for sale in Houston?',
      ],
      ChatbotPrivacyPolicyName: 'Privacy',
      FacebookUrl: 'https://facebook.com/demo',
    });
    expect(data.SessionKey).toMatch(/^vk_/);
    const text = JSON.stringify(r.body);
    for (const secret of ['SECRET', 'secret', '31337', '987654', 'builtin', ws.apiKey, ws.sessionKey]) {
      expect(text).not.toContain(secret);
    }

    const again = await visitor(serial);
    expect(again.SessionID).not.toBe(data.SessionID);
  });

  it('keeps the session of a presented visitor key of the same chatbot, not of another', async () => {
    const a = await demoChatbot(t);
    const b = await demoChatbot(t);
    const first = await visitor(a.serial);
    const kept = await visitor(a.serial, { 'chatrobot-sessionkey': first.SessionKey });
    expect(kept).toMatchObject({ SessionID: first.SessionID, SessionKey: first.SessionKey });
    const other = await visitor(b.serial, { 'chatrobot-sessionkey': first.SessionKey });
    expect(other.SessionID).not.toBe(first.SessionID);
  });

  it('gives public URLs for the picture and icon', async () => {
    const { serial, ws } = await demoChatbot(t);
    const body = multipartFile('me.png', Buffer.from(PNG_1X1, 'base64'));
    const up = await t.app.inject({
      method: 'POST',
      url: '/chat/File/Upload',
      payload: body.payload,
      headers: { ...ws.auth, ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = (up.json() as { Data: { FileStoreId: string } }).Data.FileStoreId;
    await edit(t, ws.auth, serial, { ChatProfilePicture: id, ChatIcon: id });
    const cfg = await visitor(serial);
    expect(cfg).toMatchObject({
      ChatProfilePictureUrl: `/files/${id}/picture`,
      ChatIconUrl: `/files/${id}/icon`,
      // The platform's fields: the file ID as a string and the name it was uploaded under.
      ChatProfilePicture: id,
      ChatIcon: id,
      ChatProfilePictureFileName: 'me.png',
      ChatIconFileName: 'me.png',
    });
    const img = await t.app.inject({ method: 'GET', url: String(cfg.ChatIconUrl) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for an unknown chatbot', async () => {
    const r = await getConfig('no-such-chatbot');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ Success: false, Code: 404 });
  });
});

describe('a visitor key', () => {
  it('asks in its own session, streamed by default, and JSON on request', async () => {
    const { serial } = await demoChatbot(t);
    const v = await visitor(serial);
    const key = { 'chatrobot-sessionkey': v.SessionKey };
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/chat/Chat/Ask',
      headers: { ...key, 'content-type': 'application/json' },
      payload: { sessionID: v.SessionID, content: '3-bed homes under $450,000 in Austin' },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(streamed.body).toContain('"content"');
    expect(streamed.body).toMatch(/"Answer":"[^"]*https:\/\/homes\.example\.com\//);
    const json = await call<{ content: string }>(
      t.app,
      '/chat/Chat/Ask',
      { sessionID: v.SessionID, content: 'hello', stream: false },
      key,
    );
    expect(json.content.length).toBeGreaterThan(0);
  });

  it('reaches no other session and no management endpoint', async () => {
    const { serial, ws } = await demoChatbot(t);
    const mine = await visitor(serial);
    const theirs = await visitor(serial);
    const key = { 'chatrobot-sessionkey': mine.SessionKey };
    const ask = await post(t.app, '/chat/Chat/Ask', { sessionID: theirs.SessionID, content: 'hi', stream: false }, key);
    expect(ask.status).toBe(404);
    const lead = { sessionID: theirs.SessionID, Name: 'X', Email: 'x@example.com' };
    expect((await post(t.app, '/chat/Chat/TalkToHuman', lead, key)).status).toBe(404);
    const management: [string, object][] = [
      ['/chat/Chat/ClientAsk', { sessionID: mine.SessionID, content: 'hi' }],
      ['/chat/Chat/GetMessages', { sessionID: mine.SessionID }],
      ['/chat/Chatbot/Get', { serialNumber: serial }],
      ['/chat/Chatbot/Edit', { serialNumber: serial, Name: 'pwned' }],
      ['/chat/Chatbot/GetSession', { serialNumber: serial }],
      ['/chat/Chatbot/RealEstateList', { SerialNumber: serial }],
      ['/chat/Chatbot/List', {}],
      ['/chat/Chatbot/GetLeads', { serialNumber: serial }],
      ['/chat/User/GetPreUploadUrl', { fileName: 'a.png' }],
    ];
    for (const [path, body] of management) {
      const r = await post(t.app, path, body, key);
      expect(r.status, path).toBe(403);
    }
    const bot = await call<{ Name: string }>(t.app, '/chat/Chatbot/Get', { serialNumber: serial }, ws.auth);
    expect(bot.Name).toBe('Demo Realty Assistant');
  });

  it('is required by Ask', async () => {
    const r = await post(t.app, '/chat/Chat/Ask', { sessionID: 1, content: 'hi' });
    expect(r.status).toBe(401);
  });
});
