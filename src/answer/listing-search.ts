import type { Db } from '../db/connect.ts';
import { createResultCache, type ResultCache } from '../db/result-cache.ts';
import { chatbotCities, countListings, searchListings } from '../listings/index.ts';
import type { ListingSearch } from './engine.ts';

/** One cache of the engines' listing queries per database (db/result-cache.ts). */
const caches = new WeakMap<Db, ResultCache<unknown>>();

function cacheOf(db: Db): ResultCache<unknown> {
  let cache = caches.get(db);
  if (!cache) {
    cache = createResultCache<unknown>(db, ['listings', 'chatbots', 'workspaces']);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The listing search an engine gets for one request: one chatbot's listings, through the
 * listings repo, its results cached while the listings are unchanged. The generation is read
 * once, at the first query (after the request arrived), and serves every query of the request.
 */
export function listingSearchFor(db: Db, workspaceId: number, chatbotId: number): ListingSearch {
  const owner = { workspaceId, chatbotId };
  const cache = cacheOf(db);
  let generation: Promise<string | null> | undefined;
  const cached = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    generation ??= cache.generation();
    return cache.get(`${workspaceId}:${chatbotId}:${key}`, read, generation) as Promise<T>;
  };
  return {
    search: async (filter, page) => {
      const r = await cached(`s${JSON.stringify([filter, page])}`, () =>
        searchListings(db.kysely, owner, filter, page),
      );
      return { listings: [...r.listings], total: r.total };
    },
    count: (filter) => cached(`c${JSON.stringify(filter)}`, () => countListings(db.kysely, owner, filter)),
    cities: async () => [...(await cached('cities', () => chatbotCities(db.kysely, owner)))],
  };
}
