import { type Static, Type } from 'typebox';
import { SINGLE_LINE, WithExample } from '../http/schema.ts';

export const EraseVisitorBody = WithExample(
  Type.Object({
    Email: Type.Optional(
      Type.String({
        maxLength: 254,
        ...SINGLE_LINE,
        description: "The visitor's e-mail, matched in any case",
        examples: ['jane@example.com'],
      }),
    ),
    Phone: Type.Optional(
      Type.String({
        maxLength: 50,
        ...SINGLE_LINE,
        description:
          'The visitor\'s phone, matched in its normalised form: "+1 512.555.0100" and "(512) 555 0100" are one number',
      }),
    ),
    SessionID: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A session of the visitor (GetSession)' }),
    ),
    DryRun: Type.Boolean({ default: false, description: 'Answer the counts without removing anything' }),
  }),
  { Email: 'visitor@example.com', DryRun: true },
);
export type EraseVisitorInput = Static<typeof EraseVisitorBody>;

const count = (what: string) => Type.Integer({ minimum: 0, description: what });

export const ErasureCounts = Type.Object({
  Sessions: count('Conversations'),
  Messages: count('Questions, answers and agent replies in them'),
  Files: count("The visitor's uploads (rows and bytes)"),
  Leads: count('Leads, showings included'),
  Appointments: count('Booked or cancelled showings'),
  Emails: count('E-mails carrying the visitor, queued or sent (their content removed; never sent afterwards)'),
  Webhooks: count('Webhook deliveries carrying the visitor, queued or sent (likewise)'),
  TextMessages: count('SMS to the visitor, queued or sent (likewise)'),
});

export const EraseVisitorData = Type.Object({
  DryRun: Type.Boolean(),
  Counts: ErasureCounts,
});

export const PrivacyAuditBody = WithExample(
  Type.Object({
    BeforeID: Type.Optional(Type.Integer({ minimum: 1, description: 'The ID of the last row read, to read on' })),
    Limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  }),
  { Limit: 50 },
);

export const PrivacyAuditItem = Type.Object({
  ID: Type.Integer(),
  CreatedAt: Type.String({ format: 'date-time' }),
  Action: Type.String({ description: 'erase (EraseVisitor) or retention (a pass of the retention sweep)' }),
  Actor: Type.String({ description: 'api-key:<id>, user:<id> (a console owner) or retention' }),
  SerialNumber: Type.Union([Type.String(), Type.Null()], { description: 'The chatbot swept; null for an erasure' }),
  Counts: Type.Record(Type.String(), Type.Integer()),
});

export const PrivacyAuditData = Type.Object({ List: Type.Array(PrivacyAuditItem) });
