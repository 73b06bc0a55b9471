// Every setting of Edit (DESIGN §3.3): what is accepted and how it is stored, and what is
// rejected with which message. A rejected Edit leaves the chatbot as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../../test/harness.ts';
import { RESPONSE_LANGUAGES } from './languages.ts';
import { DEFAULT_SETTINGS, type SettingName, type Settings } from './settings.ts';

let t: TestApp;
let ws: TestWorkspace;
let sn: string;
beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  sn = await createChatbot(t.app, ws.auth);
});
afterAll(() => t.close());

const get = () => call<Settings>(t.app, '/chat/Chatbot/Get', { serialNumber: sn }, ws.auth);

/** [given, stored] pairs per setting. */
const ACCEPTED: Partial<Record<SettingName, [unknown, unknown][]>> = {
  Name: [
    ['Example Realty', 'Example Realty'],
    ['  Padded  ', 'Padded'],
    ['x'.repeat(100), 'x'.repeat(100)],
  ],
  SystemMessage: [
    ['Answer briefly.', 'Answer briefly.'],
    ['s'.repeat(20_000), 's'.repeat(20_000)],
    ['', ''],
  ],
  Temperature: [
    [0, 0],
    [2, 2],
    [0.7, 0.7],
    ['1', 1],
  ],
  TimeZone: [
    ['Europe/Paris', 'Europe/Paris'],
    ['america/chicago', 'America/Chicago'],
    ['US/Central', 'America/Chicago'],
    ['utc', 'UTC'],
  ],
  AIResponseLanguage: [
    ['Spanish', 'Spanish'],
    ['french', 'French'],
    ['AUTO', 'Auto'],
    ['Ukrainian', 'Ukrainian'],
  ],
  ChatBubbleColor: [
    ['rgb(255,0,0)', 'rgb(255,0,0)'],
    [' RGB( 1 , 2 ,3 ) ', 'rgb(1,2,3)'],
    ['#ff0000', 'rgb(255,0,0)'],
    ['#0A0b0C', 'rgb(10,11,12)'],
  ],
  UserMessageColor: [['#000000', 'rgb(0,0,0)']],
  ChatBubbleAlign: [
    [1, 1],
    [0, 0],
    ['1', 1],
  ],
  ChatbotPrivacyPolicyUrl: [
    ['https://example.com/privacy', 'https://example.com/privacy'],
    [' http://example.com ', 'http://example.com'],
    ['', ''],
  ],
  FacebookUrl: [['https://facebook.com/example?x=1', 'https://facebook.com/example?x=1']],
  InstagramUrl: [['HTTPS://instagram.com/example', 'HTTPS://instagram.com/example']],
  WhatsappUrl: [['https://wa.me/15551234567', 'https://wa.me/15551234567']],
  TalkToHumanEmail: [
    ['agent@example.com', 'agent@example.com'],
    [' a@example.com ,b@example.org;a@example.com ', 'a@example.com, b@example.org'],
    ['', ''],
  ],
  EmailForDailyChatLogs: [['logs@example.com', 'logs@example.com']],
  EmailForDailyLeads: [['leads@example.com,  boss@example.com', 'leads@example.com, boss@example.com']],
  SuggestedMessage: [
    ['Homes in Austin?\n\n  Open houses this weekend?  \r\n', 'Homes in Austin?\nOpen houses this weekend?'],
    [
      Array.from({ length: 10 }, (_, i) => `q${i}`).join('\n'),
      Array.from({ length: 10 }, (_, i) => `q${i}`).join('\n'),
    ],
    ['', ''],
  ],
  Domains: [
    ['Example.com, *.Example.com\nshop.example.co.uk', 'example.com\n*.example.com\nshop.example.co.uk'],
    ['a.com,a.com,,', 'a.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['', ''],
  ],
  CustomDomain: [
    ['Chat.Example.com', 'chat.example.com'],
    ['', ''],
  ],
  RateLimitCount: [
    [0, 0],
    [30, 30],
  ],
  RateLimitTime: [
    [1, 1],
    ['3600', 3600],
  ],
  MessageLimit: [
    [-1, -1],
    [0, 0],
    [500, 500],
  ],
  ChatbotPopupOnce: [[true, true]],
  EnablePushToTalk: [[true, true]],
  EnableUploadImage: [[true, true]],
  RemoveChatLogOnBrowserClose: [[true, true]],
  VerifyDomain: [[true, true]],
  AnswerSuffix: [[' — Example Realty', ' — Example Realty']],
  ChatbotPrivacyPolicyDescription: [['We keep chats 30 days.', 'We keep chats 30 days.']],
  ChatbotPrivacyPolicyName: [['Privacy', 'Privacy']],
  RateLimitMessage: [['Slow down.', 'Slow down.']],
  TalkToHumanResponseMessage: [['An agent will call.', 'An agent will call.']],
  UserInputPlaceholder: [['Ask me', 'Ask me']],
  WelcomeMessage: [['w'.repeat(2000), 'w'.repeat(2000)]],
};

const COLOR = 'must be rgb(r,g,b) with each of r, g, b from 0 to 255, or #rrggbb';
const URL_RULE = 'must be an http(s) URL or ""';

/** [given, message] pairs per setting. */
const REJECTED: Partial<Record<SettingName, [unknown, string][]>> = {
  Name: [
    ['', 'Name: must not be empty'],
    ['   ', 'Name: must not be blank'],
    ['x'.repeat(101), 'Name: must be at most 100 characters'],
    [5, 'Name: must be a string or null'],
  ],
  SystemMessage: [['s'.repeat(20_001), 'SystemMessage: must be at most 20000 characters']],
  Temperature: [
    [-0.1, 'Temperature: must be >= 0'],
    [2.5, 'Temperature: must be <= 2'],
    ['warm', 'Temperature: must be a number or null'],
  ],
  TimeZone: [
    ['Mars/Olympus', 'TimeZone: must be an IANA time zone such as America/Chicago, got "Mars/Olympus"'],
    ['+05:00', 'TimeZone: must be an IANA time zone such as America/Chicago, got "+05:00"'],
    ['', 'TimeZone: must not be empty'],
  ],
  AIResponseLanguage: [['Klingon', `AIResponseLanguage: must be one of: ${RESPONSE_LANGUAGES.join(', ')}`]],
  ChatBubbleColor: [
    ['rgb(256,0,0)', `ChatBubbleColor: ${COLOR}`],
    ['rgb(1,2)', `ChatBubbleColor: ${COLOR}`],
    ['#fff', `ChatBubbleColor: ${COLOR}`],
    ['red', `ChatBubbleColor: ${COLOR}`],
    ['rgb(-1,0,0)', `ChatBubbleColor: ${COLOR}`],
  ],
  UserMessageColor: [['rgb(0,0,1000)', `UserMessageColor: ${COLOR}`]],
  ChatBubbleAlign: [
    [2, 'ChatBubbleAlign: must be one of: 0, 1'],
    ['left', 'ChatBubbleAlign: must be an integer or null'],
  ],
  ChatbotPrivacyPolicyUrl: [
    ['ftp://example.com', `ChatbotPrivacyPolicyUrl: ${URL_RULE}`],
    ['example.com', `ChatbotPrivacyPolicyUrl: ${URL_RULE}`],
    ['https://', `ChatbotPrivacyPolicyUrl: ${URL_RULE}`],
    ['javascript:alert(1)', `ChatbotPrivacyPolicyUrl: ${URL_RULE}`],
  ],
  FacebookUrl: [['https://exa mple.com', `FacebookUrl: ${URL_RULE}`]],
  InstagramUrl: [['instagram', `InstagramUrl: ${URL_RULE}`]],
  WhatsappUrl: [['wa.me/1', `WhatsappUrl: ${URL_RULE}`]],
  TalkToHumanEmail: [
    ['not-an-email', 'TalkToHumanEmail: "not-an-email" is not an e-mail address (separate several with commas)'],
    [
      'a@example.com b@example.com',
      'TalkToHumanEmail: "a@example.com b@example.com" is not an e-mail address (separate several with commas)',
    ],
    [' , ', 'TalkToHumanEmail: must be e-mail addresses separated by commas, or ""'],
  ],
  EmailForDailyChatLogs: [
    ['Agent <a@example.com>', /^EmailForDailyChatLogs: "Agent <a@example.com>" is not an e-mail/.source],
  ],
  EmailForDailyLeads: [
    [
      Array.from({ length: 21 }, (_, i) => `u${i}@example.com`).join(','),
      'EmailForDailyLeads: must have at most 20 addresses',
    ],
  ],
  SuggestedMessage: [
    [
      Array.from({ length: 11 }, (_, i) => `q${i}`).join('\n'),
      'SuggestedMessage: must have at most 10 suggestions (one per line), got 11',
    ],
    [`ok\n${'x'.repeat(201)}`, 'SuggestedMessage: suggestion 2 must be at most 200 characters'],
  ],
  Domains: [
    [
      'https://example.com',
      'Domains: "https://example.com" is not a host name (example.com or *.example.com, no scheme or path)',
    ],
    ['*.com', 'Domains: "*.com" is not a host name (example.com or *.example.com, no scheme or path)'],
    ['exa_mple.com', 'Domains: "exa_mple.com" is not a host name (example.com or *.example.com, no scheme or path)'],
    ['-bad.com', 'Domains: "-bad.com" is not a host name (example.com or *.example.com, no scheme or path)'],
    [
      'bücher.example/x',
      'Domains: "bücher.example/x" is not a host name (example.com or *.example.com, no scheme or path)',
    ],
  ],
  CustomDomain: [
    ['*.example.com', 'CustomDomain: must be a host name such as chat.example.com, or "", got "*.example.com"'],
    ['example.com/chat', 'CustomDomain: must be a host name such as chat.example.com, or "", got "example.com/chat"'],
  ],
  RateLimitCount: [
    [-1, 'RateLimitCount: must be >= 0'],
    [1.5, 'RateLimitCount: must be an integer or null'],
  ],
  RateLimitTime: [[0, 'RateLimitTime: must be >= 1']],
  MessageLimit: [
    [-2, 'MessageLimit: must be >= -1'],
    ['many', 'MessageLimit: must be an integer or null'],
  ],
  ChatbotPopupOnce: [['yes', 'ChatbotPopupOnce: must be a boolean (true or false) or null']],
  EnablePushToTalk: [[1, 'EnablePushToTalk: must be a boolean (true or false) or null']],
  EnableUploadImage: [['true', 'EnableUploadImage: must be a boolean (true or false) or null']],
  RemoveChatLogOnBrowserClose: [[0, 'RemoveChatLogOnBrowserClose: must be a boolean (true or false) or null']],
  VerifyDomain: [['false', 'VerifyDomain: must be a boolean (true or false) or null']],
  AnswerSuffix: [['a'.repeat(2001), 'AnswerSuffix: must be at most 2000 characters']],
  ChatbotPrivacyPolicyDescription: [
    ['a'.repeat(5001), 'ChatbotPrivacyPolicyDescription: must be at most 5000 characters'],
  ],
  ChatbotPrivacyPolicyName: [['a'.repeat(201), 'ChatbotPrivacyPolicyName: must be at most 200 characters']],
  RateLimitMessage: [['a'.repeat(2001), 'RateLimitMessage: must be at most 2000 characters']],
  TalkToHumanResponseMessage: [['a'.repeat(2001), 'TalkToHumanResponseMessage: must be at most 2000 characters']],
  UserInputPlaceholder: [['a'.repeat(201), 'UserInputPlaceholder: must be at most 200 characters']],
  WelcomeMessage: [['a'.repeat(2001), 'WelcomeMessage: must be at most 2000 characters']],
};

describe('Edit accepts each setting and stores it normalised', () => {
  for (const [field, cases] of Object.entries(ACCEPTED)) {
    it(field, async () => {
      for (const [given, stored] of cases) {
        const r = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, [field]: given }, ws.auth);
        expect(r.body.Message, `${field} = ${JSON.stringify(given)}`).toBe('');
        expect((await get())[field as SettingName]).toEqual(stored);
      }
    });
  }
});

describe('Edit rejects each bad value with a message naming the setting, and saves nothing', () => {
  for (const [field, cases] of Object.entries(REJECTED)) {
    it(field, async () => {
      const before = await get();
      for (const [given, message] of cases) {
        const r = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, [field]: given }, ws.auth);
        expect(r.status, `${field} = ${JSON.stringify(given)}`).toBe(400);
        if (message.startsWith('^')) expect(r.body.Message).toMatch(new RegExp(message));
        else expect(r.body.Message).toBe(message);
      }
      expect(await get()).toEqual(before);
    });
  }
});

describe('Edit with null resets each setting to its default', () => {
  it('every setting', async () => {
    const fields = Object.keys(DEFAULT_SETTINGS) as SettingName[];
    const r = await post(
      t.app,
      '/chat/Chatbot/Edit',
      { serialNumber: sn, ...Object.fromEntries(fields.map((f) => [f, null])) },
      ws.auth,
    );
    expect(r.status).toBe(200);
    const bot = await get();
    for (const f of fields) expect(bot[f], f).toEqual(DEFAULT_SETTINGS[f]);
  });
});
