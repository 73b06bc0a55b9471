// The body of /chat/Chatbot/Edit (chatbots/README.md; the platform's Edit): serialNumber plus any
// settings, in the shapes of setting-schemas.ts. Every setting is optional (omitted keeps its
// value) and nullable (null resets it to its default).
import { type Static, Type } from 'typebox';
import { EXAMPLE_SERIAL, Nullable, WithExample } from '../http/schema.ts';
import { SerialNumber } from './schemas.ts';
import { SETTINGS } from './setting-schemas.ts';

export { COLOR_RULE, IMAGE_RULE } from './setting-schemas.ts';

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

type Settings = typeof SETTINGS;

export const EditBody = WithExample(
  Type.Object(
    {
      serialNumber: SerialNumber,
      ...(Object.fromEntries(Object.entries(SETTINGS).map(([k, s]) => [k, Nullable(s.schema)])) as {
        [K in keyof Settings]: ReturnType<typeof Nullable<Settings[K]['schema']>>;
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
export type EditableSetting = keyof Settings;
