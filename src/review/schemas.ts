// The review queue's shapes (console API, docs/review.md): one source for validation, types and the client.
import { type Static, Type } from 'typebox';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, StringEnum, WithExample } from '../http/schema.ts';
import { EXPORT_ROWS } from './export.ts';

export const REVIEW_KINDS = ['down', 'no_answer', 'knowledge', 'handoff'] as const;

export const ReviewQuery = Type.Object({
  chatbot: Type.Optional(Type.String({ maxLength: 64, description: "A chatbot's serialNumber" })),
  engine: Type.Optional(Type.String({ maxLength: 64, description: 'The engine that answered (builtin, openai, …)' })),
  kind: Type.Optional(StringEnum(REVIEW_KINDS)),
  reason: Type.Optional(Type.String({ maxLength: 500, description: "A rating's reason, whole, case-blind" })),
  resolved: Type.Optional(StringEnum(['true', 'false'] as const, { description: 'true: the resolved items' })),
  page: Type.Optional(
    Type.String({ pattern: '^(?:[1-9][0-9]{0,2})$', description: 'From 1 (50 a page), at most 999' }),
  ),
});
export type ReviewQuery = Static<typeof ReviewQuery>;

export const ReviewItem = Type.Object({
  Kind: StringEnum(['answer', 'handoff'] as const),
  ID: Type.Integer({ description: "The answer's message ID; the session's ID for a handoff" }),
  Reasons: Type.Array(StringEnum(REVIEW_KINDS), { description: 'Why it is in the queue' }),
  Chatbot: Type.String(),
  ChatbotName: Type.String(),
  SessionID: Type.Integer(),
  Engine: Type.String(),
  Question: Type.String(),
  Answer: Type.String(),
  Rating: Type.String({ description: 'up, down or ""' }),
  Reason: Type.String({ description: "The rating's reason" }),
  At: Type.String({ format: 'date-time' }),
  ResolvedBy: Type.String({ description: '"" while open' }),
  ResolvedAt: Type.String(),
  FixQuestion: Type.String({ description: 'The Q&A entry written when it was fixed ("" when not)' }),
  FixAnswer: Type.String(),
});
export type ReviewItemData = Static<typeof ReviewItem>;

export const ReviewPageData = Type.Object({ Items: Type.Array(ReviewItem), More: Type.Boolean() });
export type ReviewPageData = Static<typeof ReviewPageData>;

export const FixBody = Type.Object({
  Question: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: "The question the entry answers; the visitor's question when omitted",
    }),
  ),
  Answer: Type.String({ maxLength: 5000, description: "The staff's answer" }),
});

export const ResolveParams = Type.Object({
  kind: StringEnum(['answer', 'handoff'] as const),
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
});

export const ResolvedData = Type.Object({
  Kind: StringEnum(['answer', 'handoff'] as const),
  ID: Type.Integer(),
  ResolvedBy: Type.String(),
  FixQuestion: Type.String({ description: 'The Q&A entry written ("" when resolved without a fix)' }),
});

export const ExportBody = WithExample(
  Type.Object({
    serialNumber: SerialNumber,
    from: Type.String({ maxLength: 10, description: 'First day, YYYY-MM-DD (UTC), included' }),
    to: Type.String({
      maxLength: 10,
      description: 'Last day, YYYY-MM-DD (UTC), included; at most two years after from',
    }),
    format: StringEnum(['csv', 'json'] as const, { default: 'csv', description: 'csv (RFC 4180) or json (an array)' }),
    per: Type.Optional(
      StringEnum(EXPORT_ROWS, {
        default: 'message',
        description:
          'message: one row per message with its rating; conversation: one row per conversation begun in the ' +
          'range, with its counts, ratings, lead, showing and outcome',
      }),
    ),
  }),
  { serialNumber: EXAMPLE_SERIAL, from: '2026-01-01', to: '2027-12-31', format: 'csv', per: 'message' },
);

export const ExportQuery = Type.Object({
  chatbot: Type.String({ maxLength: 64 }),
  from: Type.String({ maxLength: 10 }),
  to: Type.String({ maxLength: 10 }),
  format: Type.Optional(StringEnum(['csv', 'json'] as const)),
  per: Type.Optional(StringEnum(EXPORT_ROWS)),
});

export const AnalyticsQuery = Type.Object({
  chatbot: Type.String({ maxLength: 64 }),
  from: Type.String({ maxLength: 10, description: "First local day (the chatbot's TimeZone), YYYY-MM-DD" }),
  to: Type.String({ maxLength: 10, description: 'Last local day, included; at most two years after from' }),
});

const Counts = {
  Conversations: Type.Integer({ description: 'Conversations (sessions with a question) by the day they began' }),
  Questions: Type.Integer(),
  Answered: Type.Integer(),
  NoAnswer: Type.Integer(),
  RatedUp: Type.Integer(),
  RatedDown: Type.Integer(),
  Handoffs: Type.Integer({ description: 'Conversations where the visitor asked for a person' }),
  Leads: Type.Integer({ description: 'Leads left (the lead form, a handoff), booked showings aside' }),
  Showings: Type.Integer({ description: 'Showings of a listing booked (cancelled since or not)' }),
};

const Ranked = Type.Array(Type.Object({ Value: Type.String(), Count: Type.Integer() }), {
  description: 'The ten most searched, most first',
});
const Grouped = Type.Array(Type.Object({ Question: Type.String(), Count: Type.Integer() }), {
  description: 'Ten at most, grouped as people mean them (case, accents, punctuation, shorthand and small typos aside)',
});

export const AnalyticsData = Type.Object({
  Chatbot: Type.String(),
  TimeZone: Type.String(),
  Days: Type.Array(Type.Object({ Day: Type.String(), ...Counts })),
  Totals: Type.Object(Counts),
  ShareAnswered: Type.Union([Type.Number(), Type.Null()], { description: 'Answers not noAnswer over all answers' }),
  TopQuestions: Grouped,
  TopUnanswered: Type.Array(Type.Object({ Question: Type.String(), Count: Type.Integer() }), {
    description: 'The questions answered with noAnswer, grouped like TopQuestions',
  }),
  SearchedCities: Ranked,
  SearchedPropertyTypes: Ranked,
  SearchedPriceBands: Ranked,
  Funnel: Type.Object(
    {
      Conversations: Type.Integer(),
      Searched: Type.Integer({ description: 'Conversations where the engine searched listings' }),
      OpenedListing: Type.Integer({
        description: 'Conversations where the visitor asked about one listing, or opened one from a card (OpenListing)',
      }),
      Lead: Type.Integer({ description: 'Conversations that left a lead (a booked showing included)' }),
      Showing: Type.Integer({ description: 'Conversations that booked a showing' }),
    },
    { description: 'Distinct conversations that reached each step in the range' },
  ),
});
export type AnalyticsData = Static<typeof AnalyticsData>;
