// The full settings record of a chatbot (chatbots/README.md) and its defaults. Stored as JSON on
// the chatbot row; Get returns it; Edit changes it field by field (null resets to default).
import { type Static, Type } from 'typebox';

export const SettingsRecord = Type.Object({
  Name: Type.String(),
  Model: Type.String({ description: 'A Key from ModelList' }),
  SystemMessage: Type.String(),
  Temperature: Type.Number(),
  TimeZone: Type.String({ examples: ['America/Chicago'] }),
  AnswerSuffix: Type.String(),
  ChatProfilePicture: Type.String({ description: 'File ID of an uploaded image, or ""' }),
  ChatIcon: Type.String({ description: 'File ID of an uploaded image, or ""' }),
  ChatBubbleAlign: Type.Integer({ description: '0 = right, 1 = left' }),
  ChatBubbleColor: Type.String({ examples: ['rgb(37,99,235)'] }),
  ChatbotPopupOnce: Type.Boolean(),
  ChatbotPrivacyPolicyDescription: Type.String(),
  ChatbotPrivacyPolicyName: Type.String(),
  ChatbotPrivacyPolicyUrl: Type.String(),
  EnablePushToTalk: Type.Boolean(),
  EnableUploadImage: Type.Boolean(),
  FacebookUrl: Type.String(),
  InstagramUrl: Type.String(),
  RemoveChatLogOnBrowserClose: Type.Boolean(),
  SuggestedMessage: Type.String({ description: 'Newline-separated suggestions' }),
  TalkToHumanEmail: Type.String(),
  TalkToHumanResponseMessage: Type.String(),
  UserInputPlaceholder: Type.String(),
  UserMessageColor: Type.String(),
  WelcomeMessage: Type.String(),
  WhatsappUrl: Type.String(),
  VerifyDomain: Type.Boolean(),
  Domains: Type.String(),
  RateLimitCount: Type.Integer({ description: 'Questions per RateLimitTime per session; 0 = off' }),
  RateLimitMessage: Type.String(),
  RateLimitTime: Type.Integer({ description: 'Seconds' }),
  CustomDomain: Type.String(),
  EmailForDailyChatLogs: Type.String(),
  EmailForDailyLeads: Type.String(),
  AIResponseLanguage: Type.String({ examples: ['English'] }),
  MessageLimit: Type.Integer({ description: 'Questions per calendar month per chatbot; -1 = unlimited' }),
});
export type Settings = Static<typeof SettingsRecord>;
export type SettingName = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  Name: 'My chatbot',
  Model: 'builtin',
  SystemMessage: '',
  Temperature: 0,
  TimeZone: 'UTC',
  AnswerSuffix: '',
  ChatProfilePicture: '',
  ChatIcon: '',
  ChatBubbleAlign: 0,
  ChatBubbleColor: 'rgb(37,99,235)',
  ChatbotPopupOnce: false,
  ChatbotPrivacyPolicyDescription: '',
  ChatbotPrivacyPolicyName: '',
  ChatbotPrivacyPolicyUrl: '',
  EnablePushToTalk: false,
  EnableUploadImage: false,
  FacebookUrl: '',
  InstagramUrl: '',
  RemoveChatLogOnBrowserClose: false,
  SuggestedMessage: '',
  TalkToHumanEmail: '',
  TalkToHumanResponseMessage: 'Thanks! Someone from our team will contact you shortly.',
  UserInputPlaceholder: 'Ask about our homes…',
  UserMessageColor: 'rgb(37,99,235)',
  WelcomeMessage: 'Hi! How can I help you find a home today?',
  WhatsappUrl: '',
  VerifyDomain: false,
  Domains: '',
  RateLimitCount: 0,
  RateLimitMessage: '',
  RateLimitTime: 60,
  CustomDomain: '',
  EmailForDailyChatLogs: '',
  EmailForDailyLeads: '',
  AIResponseLanguage: 'English',
  MessageLimit: -1,
});

/** Reads a stored settings JSON, filling any setting added since it was written. */
export function parseSettings(json: string): Settings {
  return { ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<Settings>) };
}

// Known zones only (a few hundred at most): unknown names are not kept.
const canonicalZones = new Map<string, string>();

/** The IANA zone name in canonical form, or null when Intl does not know it. */
export function canonicalTimeZone(tz: string): string | null {
  const known = canonicalZones.get(tz);
  if (known) return known;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    canonicalZones.set(tz, zone);
    return zone;
  } catch {
    return null;
  }
}
