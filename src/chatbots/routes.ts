import { Type } from 'typebox';
import type { Db } from '../db/connect.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { errorExample } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { editChatbot } from './edit.ts';
import { EditBody, imageIdsAsStrings } from './edit-schema.ts';
import type { ModelCatalog } from './model-catalog.ts';
import { chatbotRecord } from './record.ts';
import { ADDED_SERIAL, AddBody, ChatbotRecord, ListBody, RemoveBody, SerialBody } from './schemas.ts';
import { addChatbot, pageOfChatbots, removeChatbot, requireChatbot } from './service.ts';

const errors = { '4xx': ErrorEnvelope };

/** What the chatbot routes need (app.ts hands in its own deps). */
export interface ChatbotRouteDeps {
  db: Db;
  clock: () => Date;
  engines: Pick<ModelCatalog, 'find' | 'models'>;
}

export function registerChatbotRoutes(app: App, deps: ChatbotRouteDeps): void {
  const ctx = (req: Parameters<typeof workspaceOf>[0]) => ({
    db: deps.db.kysely,
    workspaceId: workspaceOf(req),
    now: deps.clock(),
  });

  app.post(
    '/chat/Chatbot/Add',
    {
      schema: {
        tags: ['chatbots'],
        summary: 'Create a chatbot; Data is its serialNumber',
        body: AddBody,
        response: { 200: envelopeOf(Type.String({ examples: [ADDED_SERIAL] })), ...errors },
      },
    },
    async (req) => ok((await addChatbot(ctx(req), req.body)).serialNumber),
  );

  app.post(
    '/chat/Chatbot/Remove',
    {
      schema: {
        tags: ['chatbots'],
        summary: 'Remove a chatbot with its sessions, messages, listings and files',
        ...errorExample(
          404,
          'it names a chatbot that Add made (none on a new server), so that trying it leaves the demo chatbot, ' +
            'which the other examples use, in place. Send the serialNumber that Add answered.',
        ),
        body: RemoveBody,
        response: { 200: envelopeOf(Type.Null()), ...errors },
      },
    },
    async (req) => {
      await removeChatbot(ctx(req), req.body.serialNumber);
      return ok(null);
    },
  );

  app.post(
    '/chat/Chatbot/Edit',
    {
      schema: {
        tags: ['chatbots'],
        summary: 'Change some settings of a chatbot (omitted: kept; null: reset to default); Data is 1',
        body: EditBody,
        response: { 200: envelopeOf(Type.Literal(1)), ...errors },
      },
      preValidation: async (req) => imageIdsAsStrings(req.body),
    },
    async (req) => {
      await editChatbot({ ...ctx(req), engines: deps.engines }, req.body);
      return ok(1 as const);
    },
  );

  app.post(
    '/chat/Chatbot/Get',
    {
      schema: {
        tags: ['chatbots'],
        summary: 'The full settings record of a chatbot',
        body: SerialBody,
        response: { 200: envelopeOf(ChatbotRecord), ...errors },
      },
    },
    async (req) => ok(chatbotRecord(await requireChatbot(ctx(req), req.body.serialNumber))),
  );

  app.post(
    '/chat/Chatbot/List',
    {
      schema: {
        tags: ['chatbots'],
        summary: "The workspace's chatbots, newest first",
        body: ListBody,
        response: {
          200: envelopeOf(Type.Object({ List: Type.Array(ChatbotRecord), VirtualCount: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (req) => {
      const { chatbots, total } = await pageOfChatbots(ctx(req), req.body.PageNumber, req.body.PageSize);
      return ok({ List: chatbots.map(chatbotRecord), VirtualCount: total });
    },
  );
}
