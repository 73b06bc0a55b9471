import { Type } from 'typebox';
import type { Db } from '../db/connect.ts';
import { createResultCache } from '../db/result-cache.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok, sendEncoded } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { ListBody, ListingRecord } from './list-schemas.ts';
import { listingRecord } from './record.ts';
import { CreateBody, DeleteBody, UpdateBody } from './schemas.ts';
import { deleteListingsByKey, listingCreator, listListings, updateListingByKey } from './service.ts';

const errors = { '4xx': ErrorEnvelope };

export function registerListingRoutes(app: App, deps: { db: Db; clock: () => Date }): void {
  // A page depends on the listings and on the chatbot being there (removing one removes its listings).
  const pages = createResultCache<Buffer>(deps.db, ['listings', 'chatbots', 'workspaces']);
  const create = listingCreator(deps.db);
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
    async (req) => ok(String(await create(ctx(req), req.body))),
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
          'List listings newest first (or by price, living area, lot, year built or days on market), filtered by ' +
          'location, price, size, year, HOA, property type family and stated features; VirtualCount is the number ' +
          'of all matching listings.',
        body: ListBody,
        response: {
          200: envelopeOf(Type.Object({ List: Type.Array(ListingRecord), VirtualCount: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const c = ctx(req);
      // A hit needs no chatbot lookup: removing one is a write to chatbots, which the cache depends on.
      // The answer is kept encoded: serializing a page of 20 records is most of a hit's cost.
      const key = `${c.workspaceId}:${JSON.stringify(req.body)}`;
      const body = await pages.get(key, async () => {
        const { listings, total } = await listListings(c, req.body);
        return Buffer.from(JSON.stringify(ok({ List: listings.map(listingRecord), VirtualCount: total })));
      });
      return sendEncoded(reply, body);
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
