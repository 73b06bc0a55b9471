import { type Static, Type } from 'typebox';
import { SerialNumber } from '../chatbots/schemas.ts';
import { Nullable } from '../http/schema.ts';

export const TEXT_MAX = 200_000;
export const QA_MAX = 500;

const QA = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 1000, description: 'The question' }),
  value: Type.String({ minLength: 1, maxLength: 5000, description: 'Its answer' }),
});

export const EditKnowledgeBody = Type.Object(
  {
    serialNumber: SerialNumber,
    text: Type.Optional(
      Nullable(
        Type.String({
          maxLength: TEXT_MAX,
          description: 'Free text about the brokerage; "" or null removes it; omitted keeps it',
        }),
      ),
    ),
    qaList: Type.Optional(
      Nullable(
        Type.Array(QA, {
          maxItems: QA_MAX,
          description: 'Questions and their answers; [] or null removes them; omitted keeps them',
        }),
      ),
    ),
    fileList: Type.Optional(
      Nullable(
        Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
          maxItems: 100,
          description: 'Uploaded documents: not supported yet (a non-empty list answers 501)',
        }),
      ),
    ),
    websiteList: Type.Optional(
      Nullable(
        Type.Array(Type.Object({ url: Type.String({ maxLength: 2048 }), retrain: Type.Optional(Type.Boolean()) }), {
          maxItems: 100,
          description: 'Web pages: not supported yet (a non-empty list answers 501)',
        }),
      ),
    ),
    SiteMapUrl: Type.Optional(
      Nullable(Type.String({ maxLength: 2048, description: 'Not supported yet (a URL answers 501)' })),
    ),
    EnableSyncSiteMap: Type.Optional(Nullable(Type.Boolean())),
    SyncSiteMapDays: Type.Optional(
      Nullable(Type.Unsafe<1 | 7 | 30>({ type: 'integer', enum: [1, 7, 30], description: '1, 7 or 30' })),
    ),
  },
  {
    examples: [
      {
        serialNumber: 'k3v9x2m8q1z4',
        text: '# Office hours\n\nWe are open Monday to Saturday, 9 am to 6 pm.',
        qaList: [{ key: 'Do you charge buyers a fee?', value: 'No: the seller pays our commission.' }],
      },
    ],
  },
);
export type EditKnowledgeBody = Static<typeof EditKnowledgeBody>;

export const GetSourceBody = Type.Object({ serialNumber: SerialNumber });

export const SourceRecord = Type.Object({
  Type: Type.String({ description: 'Text or QAList', examples: ['Text'] }),
  Name: Type.String(),
  Value: Type.String({ description: 'The text; for QAList the list as JSON' }),
  Length: Type.Integer({ description: 'Characters' }),
  Status: Type.Integer({ description: '1 processing, 2 succeeded, 3 failed', examples: [2] }),
  StatusMessage: Type.String(),
  ID: Type.Integer(),
  SourceLink: Type.String(),
});
