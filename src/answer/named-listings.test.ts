// Which listings a model's answer shows: named by MLS number or URL, in order of first mention.
import { describe, expect, it } from 'vitest';
import type { Listing } from '../listings/columns.ts';
import type { ListingSearch } from './engine.ts';
import { namedListings, recordingSearch } from './named-listings.ts';

const listing = (id: number, mls: string, url: string) => ({ id, mls_number: mls, url }) as Listing;

const A12 = listing(1, 'A12', 'https://homes.test/a12');
const A123 = listing(2, 'A123', 'https://homes.test/a123');
const B7 = listing(3, 'B-7', 'https://homes.test/b/7');

const ids = (text: string, candidates: Listing[] = [A12, A123, B7]) => namedListings(text, candidates).map((l) => l.id);

describe('namedListings', () => {
  it('orders by first mention, by MLS number or by URL, each once', () => {
    expect(ids('First https://homes.test/b/7, then MLS A123, and A12. Again: A123.')).toEqual([3, 2, 1]);
    expect(ids('MLS A12 — https://homes.test/a12 — and B-7')).toEqual([1, 3]);
  });

  it('needs the whole MLS number or URL: a longer one does not name a shorter one', () => {
    expect(ids('Only A123 (https://homes.test/a123).')).toEqual([2]);
    expect(ids('See https://homes.test/a123/photos')).toEqual([2]);
    expect(ids('XA12 and A12B are other numbers')).toEqual([]);
  });

  it('reads MLS numbers and URLs case-insensitively, at any punctuation', () => {
    expect(ids('mls a12, then (HTTPS://HOMES.TEST/B/7).')).toEqual([1, 3]);
    expect(ids('"A12"')).toEqual([1]);
  });

  it('names none that the text leaves out', () => {
    expect(ids('Nothing matches your search.')).toEqual([]);
    expect(ids('', [A12])).toEqual([]);
  });
});

describe('recordingSearch', () => {
  it('records what the search returned, keeps the rest of the interface, and answers unchanged', async () => {
    const inner = {
      search: async () => ({ listings: [A12, B7], total: 9 }),
      count: async () => 9,
      cities: async () => ['Austin'],
    } as unknown as ListingSearch;
    const seen = new Map<number, Listing>();
    const search = recordingSearch(inner, seen);
    expect(await search.search({}, { sort: 'Newest', offset: 0, limit: 2 })).toEqual({ listings: [A12, B7], total: 9 });
    expect(await search.count({})).toBe(9);
    expect(await (search as unknown as { cities(): Promise<string[]> }).cities()).toEqual(['Austin']);
    expect([...seen.keys()]).toEqual([1, 3]);
  });
});
