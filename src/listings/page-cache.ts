// Listing pages are read far more often than listings change: RealEstateList answers
// repeated queries from memory while the database's generation (db/connect.ts) is the one
// the page was read under. Any write, here or by another connection to the same SQLite
// file, changes the generation and so empties the cache. On PostgreSQL the generation is
// unknown (other instances write unseen), and nothing is cached.
import type { Db } from '../db/connect.ts';

const MAX_PAGES = 2000;

export interface PageCache<T> {
  /** The cached value for `key`, or `read()` — cached when the data did not change meanwhile. */
  get(key: string, read: () => Promise<T>): Promise<T>;
}

export function createPageCache<T>(db: Db): PageCache<T> {
  let generation: string | null = null;
  const pages = new Map<string, T>();
  return {
    async get(key, read) {
      const before = db.generation();
      if (before === null) return read();
      if (before !== generation) {
        pages.clear();
        generation = before;
      }
      const hit = pages.get(key);
      if (hit !== undefined) return hit;
      const value = await read();
      // Stored only if nothing was written while it was read: a page read across a write
      // might hold either state.
      if (db.generation() === before && generation === before) {
        if (pages.size >= MAX_PAGES) pages.clear();
        pages.set(key, value);
      }
      return value;
    },
  };
}
