import { type Static, Type } from 'typebox';
import { SerialNumber } from '../chatbots/index.ts';
import { EXAMPLE_SERIAL, Nullable, WithExample } from '../http/schema.ts';

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
          description:
            'IDs of uploaded documents (PDF, DOCX, text, Markdown, HTML, CSV; /chat/File/Upload) of this workspace; ' +
            "the list replaces the chatbot's documents (those already there are kept as read); [] or null removes them",
        }),
      ),
    ),
    websiteList: Type.Optional(
      Nullable(
        Type.Array(Type.Object({ url: Type.String({ maxLength: 2048 }), retrain: Type.Optional(Type.Boolean()) }), {
          maxItems: 100,
          description:
            "Web pages to read (http or https, public addresses); the list replaces the chatbot's pages, a page " +
            'already there is read again only with retrain: true; [] or null removes them',
        }),
      ),
    ),
    SiteMapUrl: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 2048,
          description:
            "A sitemap whose pages (same host, robots.txt honoured, at most 200) are read; given again, it is read again; '' or null removes it",
        }),
      ),
    ),
    EnableSyncSiteMap: Type.Optional(
      Nullable(Type.Boolean({ description: 'Re-read the sitemap every SyncSiteMapDays (default off)' })),
    ),
    SyncSiteMapDays: Type.Optional(
      Nullable(Type.Unsafe<1 | 7 | 30>({ type: 'integer', enum: [1, 7, 30], description: '1, 7 or 30 (default 7)' })),
    ),
  },
  {
    examples: [
      {
        serialNumber: EXAMPLE_SERIAL,
        text: '# Office hours\n\nWe are open Monday to Saturday, 9 am to 6 pm.',
        qaList: [{ key: 'Do you charge buyers a fee?', value: 'No: the seller pays our commission.' }],
      },
    ],
  },
);
export type EditKnowledgeBody = Static<typeof EditKnowledgeBody>;

export const GetSourceBody = WithExample(Type.Object({ serialNumber: SerialNumber }), {
  serialNumber: EXAMPLE_SERIAL,
});

export const SourceRecord = Type.Object({
  Type: Type.String({
    description:
      'Text, QAList, FileList or UrlList (the platform also names CompanyInfo, which no EditKnowledge field creates, so Parlor never lists it)',
    examples: ['Text'],
  }),
  Name: Type.String(),
  Value: Type.String({ description: 'The text; for QAList the list as JSON' }),
  Length: Type.Integer({ description: 'Characters' }),
  Status: Type.Integer({ description: '1 processing, 2 succeeded, 3 failed', examples: [2] }),
  StatusMessage: Type.String(),
  ID: Type.Integer(),
  SourceLink: Type.String(),
  SiteMap: Type.Optional(Type.Boolean({ description: 'true for the sitemap (a UrlList source of many pages)' })),
  EnableSyncSiteMap: Type.Optional(Type.Boolean()),
  SyncSiteMapDays: Type.Optional(Nullable(Type.Integer())),
});
