import { Type } from 'typebox';
import { EXAMPLE_SESSION } from '../chat/index.ts';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, SINGLE_LINE, StringEnum, WithExample } from '../http/schema.ts';
import { DATE_PATTERN, DATE_RULE } from '../usage/index.ts';
import { AppointmentSummary, LEAD_TYPES } from './appointment-link.ts';
import { LEAD_LIMITS } from './lead-rules.ts';
import { QualificationBody, QualificationFields } from './qualification.ts';
import { WEBHOOK_EVENTS } from './webhooks.ts';

const SessionId = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'From GetSession',
  examples: [EXAMPLE_SESSION],
});

export const TalkToHumanBody = WithExample(
  Type.Object({
    sessionID: SessionId,
    Name: Type.String({
      maxLength: LEAD_LIMITS.Name,
      ...SINGLE_LINE,
      description: `1–${LEAD_LIMITS.Name} characters`,
      examples: ['Jane Doe'],
    }),
    Email: Type.String({
      maxLength: LEAD_LIMITS.Email,
      ...SINGLE_LINE,
      default: '',
      description: 'An e-mail address; Email or Phone is required',
      examples: ['jane@example.com'],
    }),
    Phone: Type.String({
      maxLength: LEAD_LIMITS.Phone,
      ...SINGLE_LINE,
      default: '',
      description: 'Digits, spaces and + - ( ); Email or Phone is required',
      examples: ['+1 (512) 555-0100'],
    }),
    Message: Type.String({
      maxLength: LEAD_LIMITS.Message,
      default: '',
      examples: ['I would like to visit 2104 Barton Hills Dr on Saturday.'],
    }),
    ...QualificationBody,
  }),
  {
    sessionID: EXAMPLE_SESSION,
    Name: 'Jane Doe',
    Email: 'jane@example.com',
    Phone: '+1 (512) 555-0100',
    Message: 'I would like to visit 2104 Barton Hills Dr on Saturday.',
  },
);

export const TalkToHumanData = Type.Object({
  LeadID: Type.Integer(),
  Message: Type.String({ description: "The chatbot's TalkToHumanResponseMessage, to show the visitor" }),
});

export const SessionBody = WithExample(Type.Object({ sessionID: SessionId }), { sessionID: EXAMPLE_SESSION });
export const ResumeData = Type.Object({ SessionID: Type.Integer(), Mode: Type.Literal('bot') });

export const GetLeadsBody = WithExample(
  Type.Object({
    serialNumber: SerialNumber,
    PageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    PageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
  { serialNumber: EXAMPLE_SERIAL, PageNumber: 1, PageSize: 20 },
);

export const LeadRecord = Type.Object({
  ID: Type.Integer(),
  SessionID: Type.Union([Type.Integer(), Type.Null()]),
  Name: Type.String(),
  Email: Type.String(),
  Phone: Type.String(),
  Message: Type.String(),
  Source: Type.String({ description: 'api (TalkToHuman), widget (the widget form) or chat (the model handed off)' }),
  CreatedAt: Type.String({ format: 'date-time' }),
  Type: StringEnum(LEAD_TYPES, { description: 'Lead, or Appointment for a booked showing (BookTour)' }),
  Appointment: Type.Union([AppointmentSummary, Type.Null()]),
  ...QualificationFields,
});

export const SetWebhookBody = WithExample(
  Type.Object({
    Url: Type.String({
      maxLength: 2000,
      ...SINGLE_LINE,
      description: 'An http(s) URL; "" removes every webhook of the workspace',
      examples: ['https://crm.example.com/hooks/parlor'],
    }),
    Events: Type.Array(StringEnum(WEBHOOK_EVENTS), {
      maxItems: WEBHOOK_EVENTS.length * 4,
      default: [],
      description: 'The events to send to Url; empty removes Url',
    }),
  }),
  { Url: 'https://crm.example.com/hooks/parlor', Events: ['lead.created'] },
);

export const WebhooksData = Type.Object({
  List: Type.Array(
    Type.Object({
      ID: Type.Integer(),
      Url: Type.String(),
      Events: Type.Array(Type.String()),
      CreatedAt: Type.String({ format: 'date-time' }),
    }),
  ),
  SigningSecret: Type.String({
    description:
      'HMAC-SHA256 key of X-Webhook-Signature: t=<unix>,v1=<hex HMAC of "<t>.<raw body>">; compare in constant time',
  }),
});

const UtcDate = (description: string, example: string) =>
  Type.Optional(
    Type.String({
      pattern: DATE_PATTERN,
      'x-rule': DATE_RULE,
      description,
      examples: [example],
    }),
  );

export const LeadListBody = WithExample(
  Type.Object({
    serialNumber: SerialNumber,
    startTime: UtcDate('UTC date, included; omitted = from the first lead', '2025-03-01'),
    endTime: UtcDate('UTC date, included (the whole day); omitted = up to now', '2025-03-31'),
    sessionID: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: "Only this session's leads",
        examples: [EXAMPLE_SESSION],
      }),
    ),
  }),
  { serialNumber: EXAMPLE_SERIAL, startTime: '2025-01-01' },
);

export const LeadListItem = Type.Object({
  Type: StringEnum(LEAD_TYPES, { description: 'Lead, or Appointment for a booked showing (BookTour)' }),
  ID: Type.Integer(),
  Name: Type.String(),
  Email: Type.String(),
  Phone: Type.String(),
  Message: Type.String(),
  SessionID: Type.Union([Type.Integer(), Type.Null()]),
  CreateTime: Type.String({ format: 'date-time' }),
  Source: Type.String({ description: 'api (TalkToHuman), widget (the widget form) or chat (the model handed off)' }),
  Appointment: Type.Union([AppointmentSummary, Type.Null()]),
  ...QualificationFields,
});
