// The body of /chat/Chatbot/Edit (chatbots/README.md, platform-api.md §1): serialNumber plus any
// settings. Every setting is optional (omitted keeps its value) and nullable (null resets it
// to its default, chatbots/settings.ts DEFAULT_SETTINGS). Shape rules live here; the rules
// that need code or the database (zone, model, files, colour range, e-mail lists, host
// names) live in setting-rules.ts and edit.ts.
import { type Static, Type } from 'typebox';
import { EXAMPLE_SERIAL, Nullable, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import { RESPONSE_LANGUAGES } from './languages.ts';
import { SerialNumber } from './schemas.ts';

export const COLOR_RULE = 'must be rgb(r,g,b) with each of r, g, b from 0 to 255, or #rrggbb';
export const IMAGE_RULE = 'must be the ID of an uploaded image of this workspace, or ""';

const text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });
/** One line of text: control characters (CR and LF included) are refused (http/body-keys.ts). */
const line = (maxLength: number, options: Record<string, unknown> = {}) =>
  text(maxLength, { ...SINGLE_LINE, ...options });

/** `rgb(r,g,b)` (whitespace tolerated, any case) or `#rrggbb`; the 0–255 range is checked in code. */
const color = Type.String({
  maxLength: 64,
  ...SINGLE_LINE,
  pattern: '^\\s*(?:[Rr][Gg][Bb]\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)|#[0-9A-Fa-f]{6})\\s*$',
  'x-rule': COLOR_RULE,
  description: 'Stored as rgb(r,g,b) without spaces; #rrggbb is converted.',
  examples: ['rgb(37,99,235)'],
});

const url = Type.String({
  maxLength: 2048,
  ...SINGLE_LINE,
  pattern: '^\\s*(?:[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+(?:[/?#]\\S*)?)?\\s*$',
  'x-rule': 'must be an http(s) URL or ""',
  description: 'An http(s) URL, or "" for none; stored trimmed.',
});

const emails = line(2000, {
  description:
    'One or more e-mail addresses separated by commas (or semicolons), or "" for none; ' +
    'stored trimmed, without duplicates, joined by ", ".',
  examples: ['agent@example.com, office@example.com'],
});

/** A file ID as the platform gives it (a string of digits), or "" for none. */
const imageId = (description: string) =>
  Type.String({ pattern: '^\\s*\\d{0,10}\\s*$', 'x-rule': IMAGE_RULE, ...SINGLE_LINE, description, examples: ['123'] });

const IMAGE_FIELDS = ['ChatProfilePicture', 'ChatIcon'] as const;

/**
 * The platform types file IDs as strings, but its clients also send them as numbers:
 * numbers become strings before validation (a preValidation step of the Edit route).
 */
export function imageIdsAsStrings(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const fields = body as Record<string, unknown>;
  for (const f of IMAGE_FIELDS) if (typeof fields[f] === 'number') fields[f] = String(fields[f]);
}

const settings = {
  Name: Type.String({
    minLength: 1,
    maxLength: 100,
    ...SINGLE_LINE,
    pattern: '\\S',
    'x-rule': 'must not be blank',
    description: 'Stored trimmed.',
    examples: ['Example Realty'],
  }),
  Model: Type.String({
    minLength: 1,
    maxLength: 100,
    ...SINGLE_LINE,
    description: 'A Key (or Value) from ModelList; the Key is stored.',
    examples: ['builtin'],
  }),
  SystemMessage: text(20_000),
  Temperature: Type.Number({
    minimum: 0,
    maximum: 2,
    description: '0–2; the platform types it integer, fractions are accepted.',
    examples: [0],
  }),
  TimeZone: Type.String({
    minLength: 1,
    maxLength: 64,
    ...SINGLE_LINE,
    description: 'An IANA time zone, any case (america/chicago); stored canonical. null resets it to UTC.',
    examples: ['America/Chicago'],
  }),
  AnswerSuffix: text(2000),
  ChatProfilePicture: imageId('File ID of an uploaded image of this workspace shown as the bot avatar, or ""'),
  ChatIcon: imageId('File ID of an uploaded image of this workspace shown on the chat bubble, or ""'),
  ChatBubbleAlign: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description: '0 = right, 1 = left' }),
  ChatBubbleColor: color,
  ChatbotPopupOnce: Type.Boolean(),
  ChatbotPrivacyPolicyDescription: text(5000),
  ChatbotPrivacyPolicyName: line(200),
  ChatbotPrivacyPolicyUrl: url,
  EnablePushToTalk: Type.Boolean(),
  EnableUploadImage: Type.Boolean(),
  FacebookUrl: url,
  InstagramUrl: url,
  RemoveChatLogOnBrowserClose: Type.Boolean(),
  SuggestedMessage: text(5000, {
    description:
      'Newline-separated, at most 10 suggestions of at most 200 characters; blank lines dropped, stored one per line.',
  }),
  TalkToHumanEmail: emails,
  TalkToHumanResponseMessage: text(2000),
  UserInputPlaceholder: line(200),
  UserMessageColor: color,
  WelcomeMessage: text(2000),
  WhatsappUrl: url,
  VerifyDomain: Type.Boolean({ description: 'When true, the widget answers only on the hosts in Domains.' }),
  Domains: text(10_000, {
    description:
      'Host names or URLs separated by commas or newlines, compared by host; *.example.com allows every ' +
      'subdomain. Stored lower-case, URLs as scheme://host[:port], without duplicates, one per line.',
    examples: ['https://www.example.com\n*.example.com'],
  }),
  RateLimitCount: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    description: 'Questions per RateLimitTime per session; 0 = off',
  }),
  RateLimitMessage: line(2000),
  RateLimitTime: Type.Integer({ minimum: 1, maximum: 2_592_000, description: 'Seconds (at most 30 days)' }),
  CustomDomain: line(253, {
    description: 'The host Parlor is reached at for this chatbot: a host name or URL, or ""; stored lower-case.',
  }),
  EmailForDailyChatLogs: emails,
  EmailForDailyLeads: emails,
  AIResponseLanguage: StringEnum(RESPONSE_LANGUAGES, {
    description: "A full language name (any case), or Auto to answer in the visitor's language.",
    examples: ['English'],
  }),
  MessageLimit: Type.Integer({
    minimum: -1,
    maximum: 1_000_000_000,
    description: 'Questions per calendar month; -1 = unlimited',
  }),
};

type SettingSchemas = typeof settings;

export const EditBody = WithExample(
  Type.Object(
    {
      serialNumber: SerialNumber,
      ...(Object.fromEntries(Object.entries(settings).map(([k, s]) => [k, Nullable(s)])) as {
        [K in keyof SettingSchemas]: ReturnType<typeof Nullable<SettingSchemas[K]>>;
      }),
    },
    {
      description:
        'Partial update: an omitted setting keeps its value; null resets it to its default. ' +
        'Nothing is saved when any setting is invalid.',
    },
  ),
  {
    serialNumber: EXAMPLE_SERIAL,
    ChatBubbleColor: 'rgb(37,99,235)',
    UserInputPlaceholder: 'Ask about homes in Austin, Dallas or Houston…',
    TalkToHumanResponseMessage: 'Thanks! An agent from Demo Realty will contact you within the hour.',
  },
);
export type EditBody = Static<typeof EditBody>;
export type EditableSetting = keyof SettingSchemas;
