import { Type } from 'typebox';
import type { AppDeps } from '../app.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { listingRecord } from './record.ts';
import { CreateBody, DeleteBody, ListBody, ListingRecord, UpdateBody } from './schemas.ts';
import { createListing, deleteListingsByKey, listListings, updateListingByKey } from './service.ts';

const errors = { '4xx': ErrorEnvelope };

export function registerListingRoutes(app: App, deps: AppDeps): void {
  const ctx = (req: Parameters<typeof workspaceOf>[0]) => ({
    db: deps.db.kysely,
    workspaceId: workspaceOf(req),
    now: deps.clock(),
  });

  app.post(
    '/chat/Chatbot/RealEstateCreate',
    {
      schema: {
        tags: ['listings'],
        summary: 'Create a listing; Data is its ID. MLSNumber and Url are unique within the chatbot (409).',
        body: CreateBody,
        response: { 200: envelopeOf(Type.String({ examples: ['1024'] })), ...errors },
      },
    },
    async (req) => ok(String(await createListing(ctx(req), req.body))),
  );

  app.post(
    '/chat/Chatbot/RealEstateUpdate',
    {
      schema: {
        tags: ['listings'],
        summary:
          'Partially update the listing that Key names (KeyType NewOaks = listing ID, MLSNumber, URL). ' +
          'Omitted fields are kept; null clears an optional field. Data is the number updated (1).',
        body: UpdateBody,
        response: { 200: envelopeOf(Type.Integer({ examples: [1] })), ...errors },
      },
    },
    async (req) => ok(await updateListingByKey(ctx(req), req.body)),
  );

  app.post(
    '/chat/Chatbot/RealEstateList',
    {
      schema: {
        tags: ['listings'],
        summary:
          'List listings newest first (or by price), filtered; VirtualCount is the number of all matching listings.',
        body: ListBody,
        response: {
          200: envelopeOf(Type.Object({ List: Type.Array(ListingRecord), VirtualCount: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (req) => {
      const { listings, total } = await listListings(ctx(req), req.body);
      return ok({ List: listings.map(listingRecord), VirtualCount: total });
    },
  );

  app.post(
    '/chat/Chatbot/RealEstateDelete',
    {
      schema: {
        tags: ['listings'],
        summary: 'Delete listings by key; keys that match nothing are ignored. Data.SuccessCount counts deletions.',
        body: DeleteBody,
        response: { 200: envelopeOf(Type.Object({ SuccessCount: Type.Integer() })), ...errors },
      },
    },
    async (req) => ok({ SuccessCount: await deleteListingsByKey(ctx(req), req.body) }),
  );
}
