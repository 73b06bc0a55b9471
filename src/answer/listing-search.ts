import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { chatbotCities, countListings, searchListings } from '../listings/repo.ts';
import type { ListingSearch } from './engine.ts';

/** The listing search an engine gets: one chatbot's listings, through the listings repo. */
export function listingSearchFor(db: Kysely<Database>, workspaceId: number, chatbotId: number): ListingSearch {
  const owner = { workspaceId, chatbotId };
  return {
    search: (filter, page) => searchListings(db, owner, filter, page),
    count: (filter) => countListings(db, owner, filter),
    cities: () => chatbotCities(db, owner),
  };
}
