// Every setting of Edit (chatbots/README.md): what is accepted and how it is stored, and what is
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
  QualifyQuestions: [
    [
      ['Timeline', 'PreApproved', 'Budget'],
      ['Timeline', 'PreApproved', 'Budget'],
    ],
    [
      ['Intent', 'Timeline', 'PreApproved', 'Budget', 'Areas', 'PropertyType'],
      ['Intent', 'Timeline', 'PreApproved', 'Budget', 'Areas', 'PropertyType'],
    ],
    [[], []],
  ],
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
    // As the platform stores them: URLs, one per line; kept as URLs without path, query or fragment.
    [
      'https://www.example.com\nhttps://example.com/path?x=1#top\r\nhttp://localhost:3000',
      'https://www.example.com\nhttps://example.com\nhttp://localhost:3000',
    ],
    ['HTTPS://Shop.Example.com:443/, https://*.Example.org/', 'https://shop.example.com\nhttps://*.example.org'],
    ['https://bücher.example/x', 'https://xn--bcher-kva.example'],
    ['', ''],
  ],
  CustomDomain: [
    ['Chat.Example.com', 'chat.example.com'],
    ['https://Chat.Example.com/', 'https://chat.example.com'],
    ['http://localhost:8080/chat', 'http://localhost:8080'],
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
const NOT_SITE = 'is not a host name or URL (example.com, *.example.com or https://example.com)';
const NOT_CUSTOM = 'must be a host name or URL such as chat.example.com or https://chat.example.com, or ""';

/** [given, message] pairs per setting. */
const REJECTED: Partial<Record<SettingName, [unknown, string][]>> = {
  QualifyQuestions: [
    [['Timeline', 'Shoe size'], '^QualifyQuestions'],
    [['Budget', 'Budget'], 'QualifyQuestions: must name each field once, got "Budget" twice'],
    ['Timeline', '^QualifyQuestions'],
    [['Intent', 'Timeline', 'PreApproved', 'Budget', 'Areas', 'PropertyType', 'Intent'], '^QualifyQuestions'],
  ],
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
    ['*.com', `Domains: "*.com" ${NOT_SITE}`],
    ['https://*.com', `Domains: "https://*.com" ${NOT_SITE}`],
    ['exa_mple.com', `Domains: "exa_mple.com" ${NOT_SITE}`],
    ['-bad.com', `Domains: "-bad.com" ${NOT_SITE}`],
    ['bücher.example/x', `Domains: "bücher.example/x" ${NOT_SITE}`],
    ['example.com/path', `Domains: "example.com/path" ${NOT_SITE}`],
    ['ftp://example.com', `Domains: "ftp://example.com" ${NOT_SITE}`],
    ['https://', `Domains: "https://" ${NOT_SITE}`],
    ['https://user:pw@example.com', `Domains: "https://user:pw@example.com" ${NOT_SITE}`],
    ['https://exa_mple.com', `Domains: "https://exa_mple.com" ${NOT_SITE}`],
    ['https://[::1]', `Domains: "https://[::1]" ${NOT_SITE}`],
    [
      Array.from({ length: 101 }, (_, i) => `https://h${i}.example.com`).join('\n'),
      'Domains: must have at most 100 host names or URLs',
    ],
  ],
  CustomDomain: [
    ['*.example.com', `CustomDomain: ${NOT_CUSTOM}, got "*.example.com"`],
    ['example.com/chat', `CustomDomain: ${NOT_CUSTOM}, got "example.com/chat"`],
    ['https://*.example.com', `CustomDomain: ${NOT_CUSTOM}, got "https://*.example.com"`],
    ['mailto:chat@example.com', `CustomDomain: ${NOT_CUSTOM}, got "mailto:chat@example.com"`],
    ['javascript://example.com', `CustomDomain: ${NOT_CUSTOM}, got "javascript://example.com"`],
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

describe('Domains and CustomDomain as URLs, with either credential', () => {
  it('are stored by Edit with the session key and shown by Get with the API key', async () => {
    const bySessionKey = { 'chatrobot-sessionkey': ws.sessionKey };
    const given = {
      Domains: 'https://www.example.com/\nhttp://localhost:3000',
      CustomDomain: 'https://chat.example.com',
    };
    const r = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, ...given }, bySessionKey);
    expect(r.body).toMatchObject({ Success: true, Code: 200 });
    expect(await get()).toMatchObject({
      Domains: 'https://www.example.com\nhttp://localhost:3000',
      CustomDomain: 'https://chat.example.com',
    });
    const bad = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: sn, Domains: 'ftp://x.test' }, bySessionKey);
    expect(bad.body).toMatchObject({ Code: 400, Message: `Domains: "ftp://x.test" ${NOT_SITE}` });
  });

  it("answers 404 for another workspace's chatbot and leaves it as it was", async () => {
    const other = await newWorkspace(t.db, 'Other Realty');
    const theirs = await createChatbot(t.app, other.auth);
    for (const auth of [ws.auth, { 'chatrobot-sessionkey': ws.sessionKey }]) {
      const r = await post(t.app, '/chat/Chatbot/Edit', { serialNumber: theirs, Domains: 'https://evil.test' }, auth);
      expect(r.status).toBe(404);
    }
    const bot = await call<Settings>(t.app, '/chat/Chatbot/Get', { serialNumber: theirs }, other.auth);
    expect(bot.Domains).toBe('');
  });
});
