import { Type } from 'typebox';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, StringEnum, WithExample } from '../http/schema.ts';
import { HISTORY_MAX_MESSAGES, HISTORY_MAX_SESSIONS } from './chat-history.ts';
import { DATE_OR_TIME_PATTERN, DATE_OR_TIME_RULE } from './time-range.ts';

const DateOrTime = (description: string, example: string) =>
  Type.Optional(
    Type.String({
      pattern: DATE_OR_TIME_PATTERN,
      'x-rule': DATE_OR_TIME_RULE,
      description,
      examples: [example],
    }),
  );

export const ChatContentHistoryBody = WithExample(
  Type.Object({
    SerialNumber,
    StartTime: DateOrTime('UTC; from the start of that day when a date alone; omitted = from the first', '2025-03-01'),
    EndTime: DateOrTime('UTC; a date alone includes that whole day; omitted = up to now', '2025-03-31'),
  }),
  { SerialNumber: EXAMPLE_SERIAL, StartTime: '2025-01-01' },
);

export const ChatContentHistoryData = Type.Array(
  Type.Object({
    SessionID: Type.Integer(),
    CreateTime: Type.String({ format: 'date-time', description: 'When the session was opened' }),
    URI: Type.String({ description: 'The page the conversation started on; "" when unknown' }),
    Messages: Type.Array(
      Type.Object({
        Type: StringEnum(['AI', 'User', 'Agent'] as const, {
          description: "User: the visitor; AI: the chatbot; Agent: a person's reply (AgentReply)",
        }),
        Content: Type.String(),
      }),
    ),
  }),
  {
    description:
      `Sessions with messages in the range, oldest first, each with its messages in the range in order; at most ` +
      `${HISTORY_MAX_SESSIONS} sessions and ${HISTORY_MAX_MESSAGES} messages per call (the last session may then be ` +
      'cut short: narrow the range to read the rest).',
  },
);

export const MessageCountBody = WithExample(Type.Object({ SerialNumber }), { SerialNumber: EXAMPLE_SERIAL });
export const MessageCountData = Type.Integer({
  description:
    'Every question and answer of the chatbot, over all its sessions, those since removed by retention or an erasure included (answers that failed before their first word excepted)',
});

export const CreditsUsageData = Type.Object({
  Total: Type.Integer({ description: "Sum of the chatbots' MessageLimit; -1 = unlimited" }),
  Used: Type.Integer({ description: "Questions asked this month (each chatbot's month in its TimeZone)" }),
  Remain: Type.Integer({ description: 'max(0, Total − Used); -1 = unlimited' }),
});

export const SessionLimitBody = WithExample(
  Type.Object({
    MessagesLimit: Type.Integer({
      minimum: -1,
      maximum: 2_147_483_647,
      description: 'The most questions one session may ask, for every chatbot of the workspace; -1 = unlimited',
      examples: [50],
    }),
  }),
  { MessagesLimit: 50 },
);
