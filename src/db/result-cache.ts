// Results that stay true until the data changes: a value is answered from memory while the
// database's generation (connect.ts) is the one it was read under. Any write, by this
// process or by another connection to the same SQLite file, changes the generation and so
// empties the cache: an answer is never stale. On PostgreSQL the generation is unknown
// (other instances write unseen), and nothing is cached. Used for RealEstateList entries and
// for credentials, both read far more often than they change.
import type { Db } from './connect.ts';

const MAX_ENTRIES = 2000;

export interface ResultCache<T> {
  /** The cached value for `key`, or `read()` — cached when the data did not change meanwhile. */
  get(key: string, read: () => Promise<T>): Promise<T>;
}

export function createResultCache<T>(db: Db): ResultCache<T> {
  let generation: string | null = null;
  const entries = new Map<string, T>();
  return {
    async get(key, read) {
      const before = db.generation();
      if (before === null) return read();
      if (before !== generation) {
        entries.clear();
        generation = before;
      }
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = await read();
      // Stored only if nothing was written while it was read: a value read across a write
      // might hold either state.
      if (db.generation() === before && generation === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
  };
}
