import { type Static, Type } from 'typebox';
import { AskBody } from '../chat/schemas.ts';
import { SerialNumber } from '../chatbots/schemas.ts';

export const GetConfigBody = Type.Object({ serialNumber: SerialNumber });

const Str = (description: string) => Type.String({ description });

/**
 * What any visitor of a site may see: look-and-feel and behaviour only. Never the
 * SystemMessage, model, e-mails, Domains, limits or keys other than the visitor's own.
 */
export const PublicConfig = Type.Object({
  SerialNumber: Str('The chatbot'),
  SessionID: Type.Integer({ description: 'A new session for this visitor' }),
  SessionKey: Str('A visitor key for that one session: send it as chatrobot-sessionkey'),
  Name: Str('Shown in the panel header'),
  ChatBubbleColor: Str('rgb(r,g,b)'),
  ChatBubbleAlign: Type.Integer({ description: '0 = right, 1 = left' }),
  ChatIconUrl: Str('The bubble icon, relative to the Parlor server, or ""'),
  ChatProfilePictureUrl: Str('The chatbot\'s picture, relative to the Parlor server, or ""'),
  WelcomeMessage: Str('The first message of the chat'),
  SuggestedMessages: Type.Array(Type.String(), { description: 'SuggestedMessage, one item per line' }),
  UserInputPlaceholder: Str('Placeholder of the question box'),
  UserMessageColor: Str("rgb(r,g,b) of the visitor's messages"),
  ChatbotPrivacyPolicyName: Str('Privacy notice title, or ""'),
  ChatbotPrivacyPolicyDescription: Str('Privacy notice text, or ""'),
  ChatbotPrivacyPolicyUrl: Str('Privacy policy link, or ""'),
  ChatbotPopupOnce: Type.Boolean({ description: 'Open the panel by itself once per visitor' }),
  EnablePushToTalk: Type.Boolean({ description: 'Show the microphone (asks with Audio)' }),
  EnableUploadImage: Type.Boolean({ description: 'Show the image button (asks with Image)' }),
  FacebookUrl: Str('or ""'),
  InstagramUrl: Str('or ""'),
  WhatsappUrl: Str('or ""'),
  RemoveChatLogOnBrowserClose: Type.Boolean({
    description: 'The widget keeps the conversation in sessionStorage (true) or localStorage (false)',
  }),
});
export type PublicConfigData = Static<typeof PublicConfig>;

/** ClientAsk's body; the widget streams by default. */
export const WidgetAskBody = Type.Object({
  ...AskBody.properties,
  stream: Type.Boolean({
    default: true,
    description: 'Default true: SSE (or NDJSON with Accept: application/x-ndjson)',
  }),
});
