import { type Static, Type } from 'typebox';
import { AskBody, EXAMPLE_SESSION } from '../chat/index.ts';
import { PUBLIC_SETTINGS, type PublicSetting, SerialNumber, SettingsRecord } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, StringEnum, WithExample } from '../http/schema.ts';

/** Longest X-Referer, ReferrerInfo or lang header the public endpoints take. */
export const PAGE_HEADER_LIMIT = 2048;

/**
 * Headers the platform's widget sends with its calls. They are the page's own word about
 * itself: accepted (bounded), never used to decide whether a site is allowed.
 */
export const PlatformWidgetHeaders = Type.Object({
  'x-referer': Type.Optional(
    Type.String({ maxLength: PAGE_HEADER_LIMIT, description: "The page's host, as the platform's widget says" }),
  ),
  referrerinfo: Type.Optional(
    Type.String({ maxLength: PAGE_HEADER_LIMIT, description: "JSON about the page, as the platform's widget says" }),
  ),
  lang: Type.Optional(Type.String({ maxLength: PAGE_HEADER_LIMIT, description: "The visitor's language" })),
});

export const GetConfigBody = Type.Object(
  {
    serialNumber: SerialNumber,
    clientTimeZone: Type.Optional(
      Type.String({ maxLength: 64, description: "The visitor's time zone (the platform's widget sends it; ignored)" }),
    ),
    clientCurrentTime: Type.Optional(
      Type.String({ maxLength: 64, description: "The visitor's clock (the platform's widget sends it; ignored)" }),
    ),
  },
  {
    examples: [
      { serialNumber: EXAMPLE_SERIAL, clientTimeZone: 'America/Chicago', clientCurrentTime: '2026-11-23 09:30:00' },
    ],
  },
);

const Str = (description: string, example?: string) =>
  Type.String({ description, ...(example === undefined ? {} : { examples: [example] }) });

/**
 * What any visitor of a site may see: look-and-feel and behaviour, and where the chatbot
 * may be embedded (the settings marked public in chatbots/setting-schemas.ts). Never the
 * SystemMessage, model, e-mails, limits or keys other than the visitor's own. Parlor's names
 * and the platform's (which its widget reads) side by side.
 */
export const PublicConfig = Type.Object({
  SerialNumber: Str('The chatbot', 'k3v9x2m8q1z4'),
  ChatbotID: Type.Integer({ description: "The chatbot's numeric ID (the platform's widget reads it)", examples: [7] }),
  SessionID: Type.Integer({ description: 'A new session for this visitor', examples: [42] }),
  SessionKey: Str('A visitor key for that one session: send it as chatrobot-sessionkey'),
  SessionMode: StringEnum(['bot', 'human', 'agent'] as const, {
    description:
      'Who answers the session: bot, human (waiting for a person) or agent (with a person). While not bot, the ' +
      "widget keeps /chat/Chat/Subscribe open for the person's replies.",
  }),
  ...(Object.fromEntries(PUBLIC_SETTINGS.map((n) => [n, SettingsRecord.properties[n]])) as {
    [K in PublicSetting]: (typeof SettingsRecord.properties)[K];
  }),
  DisplayName: Str("= Name (the platform's field)", 'Example Realty'),
  ChatIconFileName: Str('The uploaded name of the bubble icon, or ""', 'icon.png'),
  ChatIconUrl: Str('The bubble icon, relative to the Parlor server, or ""', '/files/12/icon'),
  ChatProfilePictureFileName: Str('The uploaded name of the chatbot\'s picture, or ""', 'agent.jpg'),
  ChatProfilePictureUrl: Str('The chatbot\'s picture, relative to the Parlor server, or ""', '/files/11/picture'),
  SuggestedMessages: Type.Array(Type.String(), {
    description: 'SuggestedMessage, one item per line',
    examples: [['Homes in Austin', 'Open houses']],
  }),
});
export type PublicConfigData = Static<typeof PublicConfig>;

/** ClientAsk's body; the widget streams by default. */
export const WidgetAskBody = WithExample(
  Type.Object({
    ...AskBody.properties,
    stream: Type.Boolean({
      default: true,
      description: 'Default true: streamed in the framing X-Stream-Format asks for (the platform framing by default)',
    }),
  }),
  { sessionID: EXAMPLE_SESSION, content: 'Do you have rentals with a pool in Dallas?', stream: true },
);
