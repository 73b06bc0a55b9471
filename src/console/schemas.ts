// Request shapes of the console's own endpoints (/console/api/…); its other calls are the API's.
import { Type } from 'typebox';
import { StringEnum } from '../http/schema.ts';

/** 1 … 2147483647 (PostgreSQL's integer) as text, digit by digit. */
const ID_TEXT =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|' +
  '21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Serial = Type.String({ maxLength: 64 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

export const SignInBody = Type.Object({
  Email: Type.String({ maxLength: 254 }),
  Password: Type.String({ maxLength: 200 }),
});

export const STATES = ['bot', 'waiting', 'person'] as const;

export const InboxQuery = Type.Object({
  chatbot: Type.Optional(Serial),
  state: Type.Optional(StringEnum(STATES)),
  lead: Type.Optional(StringEnum(['true', 'false'] as const, { description: 'true: only sessions with a lead' })),
  before: Type.Optional(Type.String({ maxLength: 80, description: "The previous page's Next" })),
});

// Path parameters arrive as text: digits only, within PostgreSQL's integer, read as a number by the route.
export const IdParams = Type.Object({
  id: Type.String({ pattern: ID_TEXT, description: 'A numeric ID from 1 to 2147483647' }),
});

export const ReplyBody = Type.Object({ content: Type.String({ maxLength: 8000 }) });

export const LeadsQuery = Type.Object({
  chatbot: Type.Optional(Serial),
  status: Type.Optional(StringEnum(['new', 'contacted', 'closed'] as const)),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  before: Type.Optional(Type.String({ pattern: ID_TEXT, description: "The previous page's Next (a lead ID)" })),
});

export const LeadChangeBody = Type.Object({
  Status: Type.Optional(StringEnum(['new', 'contacted', 'closed'] as const)),
  Note: Type.Optional(Type.String({ maxLength: 5000 })),
  AssignedUserID: Type.Optional(Type.Union([Id, Type.Null()])),
});

/** The longest name an API key may have. */
const KEY_NAME_MAX = 100;

export const KeyCreateBody = Type.Object({
  Kind: StringEnum(['api', 'session'] as const),
  Name: Type.Optional(
    Type.String({ maxLength: KEY_NAME_MAX, description: 'What the key is for, shown in the list of keys' }),
  ),
});

export const AgendaQuery = Type.Object({
  chatbot: Serial,
  from: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: "YYYY-MM-DD in the chatbot's zone; today when omitted",
    }),
  ),
  // Query values arrive as text.
  days: Type.Optional(
    Type.String({ pattern: '^(?:[1-9]|[12][0-9]|3[01])$', description: '1 for a day, 7 for a week (1–31)' }),
  ),
  agent: Type.Optional(Type.String({ pattern: ID_TEXT, description: "Only this user's showings" })),
});

export const RescheduleBody = Type.Object({ Start: Type.String({ maxLength: 40 }) });

export const AssignBody = Type.Object({
  UserID: Type.Union([Id, Type.Null()], {
    description: 'A console user of the workspace; null: back to TalkToHumanEmail',
  }),
});

export const ImportQuery = Type.Object({
  chatbot: Serial,
  name: Type.String({
    minLength: 5,
    maxLength: 255,
    pattern: '^[^/\\\\\\u0000]*\\.(?:[cC][sS][vV]|[jJ][sS][oO][nN])$',
    description: "The file's name: it must end in .csv or .json",
  }),
  dryRun: Type.Optional(
    StringEnum(['true', 'false'] as const, { description: 'true: check and count, write nothing' }),
  ),
});
