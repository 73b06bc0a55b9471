// Every setting of a chatbot, once: its shape (what Edit accepts, the console's form is drawn
// from), its default (a new chatbot's value, and what null resets it to) and whether any
// visitor may see it (GetConfig). settings.ts derives the settings record, its type and the
// defaults from this table, edit-schema.ts Edit's body, widget/schemas.ts the public part.
// The rules that need code or the database (zone, model, files, colour range, e-mail lists,
// host names) live in setting-rules.ts and edit.ts.
import { type Static, type TSchema, Type } from 'typebox';
import { SINGLE_LINE, StringEnum } from '../http/schema.ts';
import { RESPONSE_LANGUAGES } from './languages.ts';

/** The lead fields a chatbot may ask about (QualifyQuestions), as the lead record names them. */
export const QUALIFY_FIELDS = ['Intent', 'Timeline', 'PreApproved', 'Budget', 'Areas', 'PropertyType'] as const;
export type QualifyField = (typeof QUALIFY_FIELDS)[number];

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

interface Setting<T extends TSchema, P extends boolean> {
  schema: T;
  fallback: Static<T>;
  /** Shown to any visitor of a site (GetConfig): never the prompt, model, e-mails or limits. */
  public: P;
}

const PUBLIC = true;

function setting<T extends TSchema>(schema: T, fallback: Static<T>): Setting<T, false>;
function setting<T extends TSchema>(schema: T, fallback: Static<T>, isPublic: true): Setting<T, true>;
function setting<T extends TSchema>(schema: T, fallback: Static<T>, isPublic = false) {
  return { schema, fallback, public: isPublic };
}

export const SETTINGS = {
  Name: setting(
    Type.String({
      minLength: 1,
      maxLength: 100,
      ...SINGLE_LINE,
      pattern: '\\S',
      'x-rule': 'must not be blank',
      description: 'Stored trimmed.',
      examples: ['Example Realty'],
    }),
    'My chatbot',
    PUBLIC,
  ),
  Model: setting(
    Type.String({
      minLength: 1,
      maxLength: 100,
      ...SINGLE_LINE,
      description: 'A Key (or Value) from ModelList; the Key is stored.',
      examples: ['builtin'],
    }),
    'builtin',
  ),
  SystemMessage: setting(text(20_000), ''),
  Temperature: setting(
    Type.Number({
      minimum: 0,
      maximum: 2,
      description: '0–2; the platform types it integer, fractions are accepted.',
      examples: [0],
    }),
    0,
  ),
  TimeZone: setting(
    Type.String({
      minLength: 1,
      maxLength: 64,
      ...SINGLE_LINE,
      description: 'An IANA time zone, any case (america/chicago); stored canonical. null resets it to UTC.',
      examples: ['America/Chicago'],
    }),
    'UTC',
  ),
  AnswerSuffix: setting(text(2000), ''),
  ChatProfilePicture: setting(
    imageId('File ID of an uploaded image of this workspace shown as the bot avatar, or ""'),
    '',
    PUBLIC,
  ),
  ChatIcon: setting(
    imageId('File ID of an uploaded image of this workspace shown on the chat bubble, or ""'),
    '',
    PUBLIC,
  ),
  ChatBubbleAlign: setting(
    Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], description: '0 = right, 1 = left' }),
    0,
    PUBLIC,
  ),
  ChatBubbleColor: setting(color, 'rgb(37,99,235)', PUBLIC),
  ChatbotPopupOnce: setting(Type.Boolean(), false, PUBLIC),
  ChatbotPrivacyPolicyDescription: setting(text(5000), '', PUBLIC),
  ChatbotPrivacyPolicyName: setting(line(200), '', PUBLIC),
  ChatbotPrivacyPolicyUrl: setting(url, '', PUBLIC),
  EnablePushToTalk: setting(Type.Boolean(), false, PUBLIC),
  EnableUploadImage: setting(Type.Boolean(), false, PUBLIC),
  FacebookUrl: setting(url, '', PUBLIC),
  InstagramUrl: setting(url, '', PUBLIC),
  RemoveChatLogOnBrowserClose: setting(Type.Boolean(), false, PUBLIC),
  SuggestedMessage: setting(
    text(5000, {
      description:
        'Newline-separated, at most 10 suggestions of at most 200 characters; blank lines dropped, stored one per line.',
    }),
    '',
    PUBLIC,
  ),
  TalkToHumanEmail: setting(emails, ''),
  TalkToHumanResponseMessage: setting(text(2000), 'Thanks! Someone from our team will contact you shortly.'),
  UserInputPlaceholder: setting(line(200), 'Ask about our homes…', PUBLIC),
  UserMessageColor: setting(color, 'rgb(37,99,235)', PUBLIC),
  WelcomeMessage: setting(text(2000), 'Hi! How can I help you find a home today?', PUBLIC),
  WhatsappUrl: setting(url, '', PUBLIC),
  VerifyDomain: setting(
    Type.Boolean({ description: 'When true, the widget answers only on the hosts in Domains.' }),
    false,
  ),
  Domains: setting(
    text(10_000, {
      description:
        'Host names or URLs separated by commas or newlines, compared by host; *.example.com allows every ' +
        'subdomain. Stored lower-case, URLs as scheme://host[:port], without duplicates, one per line.',
      examples: ['https://www.example.com\n*.example.com'],
    }),
    '',
    PUBLIC,
  ),
  RateLimitCount: setting(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description: 'Questions per RateLimitTime per session; 0 = off',
    }),
    0,
  ),
  RateLimitMessage: setting(line(2000), ''),
  RateLimitTime: setting(
    Type.Integer({ minimum: 1, maximum: 2_592_000, description: 'Seconds (at most 30 days)' }),
    60,
  ),
  CustomDomain: setting(
    line(253, {
      description: 'The host Parlor is reached at for this chatbot: a host name or URL, or ""; stored lower-case.',
    }),
    '',
    PUBLIC,
  ),
  EmailForDailyChatLogs: setting(emails, ''),
  EmailForDailyLeads: setting(emails, ''),
  AIResponseLanguage: setting(
    StringEnum(RESPONSE_LANGUAGES, {
      description: "A full language name (any case), or Auto to answer in the visitor's language.",
      examples: ['English'],
    }),
    'English',
  ),
  MessageLimit: setting(
    Type.Integer({
      minimum: -1,
      maximum: 1_000_000_000,
      description: 'Questions per calendar month; -1 = unlimited',
    }),
    -1,
  ),
  QualifyQuestions: setting(
    Type.Array(StringEnum(QUALIFY_FIELDS), {
      maxItems: QUALIFY_FIELDS.length,
      description:
        'The qualifying questions the builtin engine asks, one at a time and in this order, after it takes a lead ' +
        '(each at most once; a field already known is skipped); the widget lead form shows them as choices. ' +
        '[] (the default) asks none. docs/crm.md',
      examples: [['Timeline', 'PreApproved', 'Budget']],
    }),
    [],
    PUBLIC,
  ),
  EnableMcp: setting(
    Type.Boolean({
      description:
        'Publishes the listings, knowledge and showings as an MCP server at POST /mcp/<serialNumber> (docs/mcp.md). Off by default.',
    }),
    false,
  ),
  McpRequireKey: setting(
    Type.Boolean({
      description:
        'When true, the MCP server answers only requests with Authorization: Bearer <an MCP key of this chatbot>.',
    }),
    false,
  ),
  RetentionDays: setting(
    Type.Integer({
      minimum: 0,
      maximum: 3650,
      description:
        'Days a conversation is kept after its last message (with its files); 0 = kept for ever. docs/privacy.md',
    }),
    365,
  ),
  LeadRetentionDays: setting(
    Type.Integer({
      minimum: 0,
      maximum: 3650,
      description: 'Days a lead or showing is kept (with what is queued about it); 0 = kept for ever',
    }),
    0,
  ),
};
