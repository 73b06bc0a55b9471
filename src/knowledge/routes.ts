import { Type } from 'typebox';
import type { Db } from '../db/connect.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import type { PassageCaps } from './passage-caps.ts';
import { EditKnowledgeBody, GetSourceBody, SourceRecord } from './schemas.ts';
import { editKnowledge, knowledgeSources } from './service.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export interface KnowledgeRouteDeps {
  db: Db;
  clock: () => Date;
  allowPrivateUrls: boolean;
  /** Wakes the knowledge worker when sources wait. */
  onQueued?: () => void;
  passageCaps: PassageCaps;
}

export function registerKnowledgeRoutes(app: App, deps: KnowledgeRouteDeps): void {
  const ctx = (req: Parameters<typeof workspaceOf>[0]) => ({
    db: deps.db.kysely,
    dialect: deps.db.dialect,
    workspaceId: workspaceOf(req),
    now: deps.clock(),
    allowPrivateUrls: deps.allowPrivateUrls,
    onQueued: deps.onQueued,
    passageCaps: deps.passageCaps,
  });

  app.post(
    '/chat/Chatbot/EditKnowledge',
    {
      schema: {
        tags: ['knowledge'],
        summary:
          "Set a chatbot's knowledge (text, Q&A, documents, web pages, a sitemap): visitors' questions about the brokerage are answered from it",
        description:
          'Partial update: an omitted source is kept, null ("" for text and SiteMapUrl, [] for lists) removes it, a ' +
          'given one replaces it. text and qaList are read at once (GetSource Status 2); documents, pages and the ' +
          'sitemap are read in the background (Status 1, then 2, or 3 with StatusMessage saying why). Every entry ' +
          'is checked first: a fileList ID that is not a document of this workspace, or a URL that is not a public ' +
          'http(s) address, is a 400 naming it, and nothing changes. Data is 1.',
        body: EditKnowledgeBody,
        response: { 200: envelopeOf(Type.Literal(1)), ...errors },
      },
    },
    async (req) => {
      await editKnowledge(ctx(req), req.body);
      return ok(1 as const);
    },
  );

  app.post(
    '/chat/Chatbot/GetSource',
    {
      schema: {
        tags: ['knowledge'],
        summary: "A chatbot's knowledge sources with their status",
        body: GetSourceBody,
        response: { 200: envelopeOf(Type.Array(SourceRecord)), ...errors },
      },
    },
    async (req) => ok(await knowledgeSources(ctx(req), req.body.serialNumber)),
  );
}
