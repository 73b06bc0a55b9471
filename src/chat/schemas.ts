import { Type } from 'typebox';
import { ASK_TYPES, TourCard } from '../answer/index.ts';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, Nullable, StringEnum, WithExample } from '../http/schema.ts';
import { LISTING_CARD_EXAMPLE, ListingCard, ListingCards } from '../listings/index.ts';

/** The examples' session: the first one a new server opens (GetSession's example opens it). */
export const EXAMPLE_SESSION = 1;

const SessionId = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'From GetSession',
  examples: [EXAMPLE_SESSION],
});

export const GetSessionBody = WithExample(Type.Object({ serialNumber: SerialNumber }), {
  serialNumber: EXAMPLE_SERIAL,
});
export const SessionData = Type.Object({ SessionID: Type.Integer({ examples: [42] }) });

export const AskBody = Type.Object(
  {
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
        description: 'Only with Image (1–10 images), Audio or Video (exactly one file); null = none',
      }),
    ),
  },
  {
    // The platform's documented example: null means "not given".
    examples: [
      {
        sessionID: EXAMPLE_SESSION,
        content: 'Any 3-bed homes under $450k in Austin?',
        chatAskType: null,
        stream: false,
        fileIds: null,
      },
    ],
  },
);

export const AnswerData = Type.Object(
  {
    messageid: Type.Integer({ description: 'ID of the answer message' }),
    content: Type.String(),
    totalToken: Type.Integer({ description: 'Prompt + completion tokens' }),
    noAnswer: Type.Boolean(),
    Listings: ListingCards,
    Tour: Type.Optional(TourCard),
    SessionMode: Type.Optional(
      Type.Literal('human', {
        description:
          "Present when the answer took the visitor's contact details as a lead: the session now waits for a person, " +
          "whose replies come through /chat/Chat/Subscribe (the widget subscribes at once). Also in a streamed answer's final frame",
      }),
    ),
  },
  {
    examples: [
      {
        messageid: 43,
        content:
          'I found 1 home for sale in Austin with at least 3 bedrooms up to $450,000:\n' +
          '1. MLS ATX1001 — 12 Oak St, Austin — $420,000 — 3 bd, 2.5 ba — https://homes.example.com/atx1001',
        totalToken: 182,
        noAnswer: false,
        Listings: [LISTING_CARD_EXAMPLE],
      },
    ],
  },
);

export const RATINGS = ['up', 'down'] as const;
/** The longest reason a rating may give. */
export const RATING_REASON_MAX = 500;

export const AnswerRatingRecord = Type.Object(
  {
    Rating: StringEnum(RATINGS),
    Reason: Type.String({ description: 'Why, as the visitor said it ("" when not given)' }),
    UpdatedAt: Type.String({ format: 'date-time' }),
  },
  { description: 'Only on a rated answer: its rating (RateAnswer), as last changed' },
);

export const RateAnswerBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    messageId: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: "The answer's ID (ClientAsk's messageid, the stream's AnswerID)",
    }),
    rating: StringEnum(RATINGS, { description: 'up or down' }),
    reason: Nullable(
      Type.String({
        maxLength: RATING_REASON_MAX,
        description:
          "Optional, mostly with down: wrong, not what I asked, out of date, or the visitor's own words (≤ 500 characters)",
      }),
    ),
  }),
  { sessionID: EXAMPLE_SESSION, messageId: 2, rating: 'down', reason: 'out of date' },
);

export const RateAnswerData = Type.Object({
  MessageID: Type.Integer(),
  SessionID: Type.Integer(),
  Rating: StringEnum(RATINGS),
  Reason: Type.String(),
  CreatedAt: Type.String({ format: 'date-time' }),
  UpdatedAt: Type.String({ format: 'date-time' }),
});

export const GetMessagesBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    PageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  }),
  { sessionID: EXAMPLE_SESSION, PageNumber: 1, PageSize: 50 },
);

export const MessageRecord = Type.Object({
  ID: Type.Integer(),
  Role: StringEnum(['user', 'assistant', 'agent'] as const, {
    description: "user: the visitor's question; assistant: the chatbot's answer; agent: a person's reply (AgentReply)",
  }),
  Content: Type.String(),
  ChatAskType: Type.String(),
  FileIds: Type.Array(Type.Integer()),
  QuestionID: Type.Union([Type.Integer(), Type.Null()], { description: 'For an answer: the question it answers' }),
  TotalToken: Type.Integer(),
  NoAnswer: Type.Boolean(),
  Status: Type.String({
    description:
      'complete, truncated (the model provider cut the answer off at its length limit), partial (the client went away) or failed',
  }),
  CreatedAt: Type.String({ format: 'date-time' }),
  Listings: Type.Array(ListingCard, {
    description: 'For an answer: the listing cards it showed, as they were then, in order; [] for a question',
    examples: [[LISTING_CARD_EXAMPLE]],
  }),
  Tour: Type.Optional(TourCard),
  Rating: Type.Optional(AnswerRatingRecord),
});

/** The request headers of a streamed answer, for validation bounds and OpenAPI. */
export const StreamHeaders = Type.Object({
  'x-stream-format': Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'The framing of a streamed answer: platform (default), sse, ndjson or ai-sdk; anything else is a 400. ' +
        'Accept: application/x-ndjson also chooses ndjson.',
      examples: ['sse'],
    }),
  ),
});

export const STREAM_DESCRIPTION =
  'Streamed answers are JSON objects: partial frames {"content"} in order, then a final ' +
  '{"QuestionID","AnswerID","Answer","TotalToken","Listings","TaskCompleted":true}; Listings are the cards ' +
  'of the listings the answer shows, in order ([] when none; platform clients ignore the field); Tour, only ' +
  'on an answer that offered showing slots or booked a showing, is its card (the widget shows buttons or a ' +
  'confirmation). ' +
  'Framing (X-Stream-Format): platform ' +
  "(default, the hosted platform's own: each object alone on one line, Content-Type text/event-stream; readers " +
  'skip lines that do not start with "{" and stop at TaskCompleted), sse (data: <json> events), ndjson ' +
  '(application/x-ndjson; also Accept: application/x-ndjson), ai-sdk (the AI SDK UI message stream protocol v1: ' +
  'start, text-start, text-delta…, text-end, a data-listings part {"type": "data-listings", "data": Listings} ' +
  '(and a data-tour part {"type": "data-tour", "data": Tour} when there is one), ' +
  'finish with messageMetadata {QuestionID, AnswerID, TotalToken}, ' +
  '[DONE]). A keep-alive every 15 s that each framing\'s readers skip (an empty line; ": ping" in sse and ai-sdk). ' +
  'Failures before the first frame answer a normal envelope; after it, a final frame {"Success": false, "Code", ' +
  '"Message", "TaskCompleted": true} (ai-sdk: an error part). 429 (with Retry-After) when RateLimitCount/' +
  'RateLimitTime or MessageLimit is reached. The question is stored before the answer starts.';

export const AgentReplyBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    content: Type.String({
      maxLength: 8000,
      description: 'The reply; not empty',
      examples: ['Hi, this is Dana from Demo Realty.'],
    }),
  }),
  {
    sessionID: EXAMPLE_SESSION,
    content: 'Hi, this is Dana from Demo Realty. Yes, 2104 Barton Hills Dr has a two-car garage.',
  },
);
export const AgentReplyData = Type.Object({
  MessageID: Type.Integer({ examples: [57] }),
  SessionID: Type.Integer({ examples: [42] }),
  Mode: Type.Literal('agent'),
  CreatedAt: Type.String({ format: 'date-time' }),
});

export const SubscribeBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    afterID: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        description: 'Send agent replies after this message ID (the last one seen); default: only new ones',
      }),
    ),
  }),
  { sessionID: EXAMPLE_SESSION, afterID: 0 },
);

export const OpenListingBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    messageId: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: "The answer that showed the listing's card (ClientAsk's messageid, the stream's AnswerID)",
    }),
    listingId: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: "The listing's ID, as its card in the answer's Listings gives it",
    }),
  }),
  { sessionID: EXAMPLE_SESSION, messageId: 2, listingId: 1 },
);

export const OpenListingData = Type.Object({
  MessageID: Type.Integer(),
  ListingID: Type.Integer(),
  Counted: Type.Boolean({ description: "False when this answer's card of that listing was opened before" }),
});
