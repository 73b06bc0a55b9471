import { Type } from 'typebox';
import type { Db } from '../db/connect.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { EditKnowledgeBody, GetSourceBody, SourceRecord } from './schemas.ts';
import { editKnowledge, knowledgeSources } from './service.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerKnowledgeRoutes(app: App, deps: { db: Db; clock: () => Date }): void {
  const ctx = (req: Parameters<typeof workspaceOf>[0]) => ({
    db: deps.db.kysely,
    dialect: deps.db.dialect,
    workspaceId: workspaceOf(req),
    now: deps.clock(),
  });

  app.post(
    '/chat/Chatbot/EditKnowledge',
    {
      schema: {
        tags: ['knowledge'],
        summary:
          "Set a chatbot's knowledge (text, qaList): the builtin engine answers questions about the brokerage from it",
        description:
          'Partial update: an omitted source is kept, null ("" for text, [] for qaList) removes it, a given one ' +
          'replaces it. Processed at once (GetSource Status 2). fileList, websiteList and SiteMapUrl are not ' +
          'supported yet: a request naming any answers 501 and changes nothing. Data is 1.',
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
