import { Type } from 'typebox';
import { SerialNumber } from '../chatbots/schemas.ts';
import { Nullable, StringEnum } from '../http/schema.ts';

export const ASK_TYPES = ['Text', 'Audio', 'Image', 'Video'] as const;

const SessionId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'From GetSession', examples: [42] });

export const GetSessionBody = Type.Object({ serialNumber: SerialNumber });
export const SessionData = Type.Object({ SessionID: Type.Integer({ examples: [42] }) });

export const AskBody = Type.Object({
  sessionID: SessionId,
  content: Type.String({
    maxLength: 8000,
    description: 'May be empty only with a media chatAskType',
    examples: ['Any 3-bed homes under $450k in Austin?'],
  }),
  chatAskType: Nullable(StringEnum(ASK_TYPES, { description: 'null = Text' })),
  stream: Type.Boolean({ default: false }),
  fileIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
      maxItems: 10,
      description: 'Only with Image (1–10 images), Audio or Video (exactly one file)',
    }),
  ),
});

export const AnswerData = Type.Object({
  messageid: Type.Integer({ description: 'ID of the answer message' }),
  content: Type.String(),
  totalToken: Type.Integer({ description: 'Prompt + completion tokens' }),
  noAnswer: Type.Boolean(),
});

export const GetMessagesBody = Type.Object({
  sessionID: SessionId,
  PageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

export const MessageRecord = Type.Object({
  ID: Type.Integer(),
  Role: StringEnum(['user', 'assistant'] as const),
  Content: Type.String(),
  ChatAskType: Type.String(),
  FileIds: Type.Array(Type.Integer()),
  QuestionID: Type.Union([Type.Integer(), Type.Null()], { description: 'For an answer: the question it answers' }),
  TotalToken: Type.Integer(),
  NoAnswer: Type.Boolean(),
  Status: Type.String({ description: 'complete, partial (the client went away) or failed' }),
  CreatedAt: Type.String({ format: 'date-time' }),
});
