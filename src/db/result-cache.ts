// Results that stay true until the data changes: a value is answered from memory while the
// generation of the tables it was read from (connect.ts) is the one it was read under, so an
// answer is never older than a write acknowledged before the request.
// - SQLite: one token for the whole database; any write, by this process or by another
//   connection to the file, changes it.
// - PostgreSQL: the tables' counters, raised after every committed write by any instance and
//   read after the request arrived (pg-generations.ts). An entry also expires after
//   POSTGRES_TTL_MS, a bound on what a raise lost in a crash could leave behind.
// Used for RealEstateList pages, credentials, the builtin engine's listing queries and the
// showings' free slots (tours/slot-reads.ts), all read far more often than they change.
import type { Db } from './connect.ts';
import type { Tracked } from './pg-generations.ts';

const MAX_ENTRIES = 2000;
const POSTGRES_TTL_MS = 60_000;

export interface ResultCache<T> {
  /** The cached value for `key`, or `read()`, cached under the generation read before it. */
  get(key: string, read: () => Promise<T>, generation?: Promise<string | null>): Promise<T>;
  /** The generation a `get` would read now (to share one between several gets of a request). */
  generation(): Promise<string | null>;
}

interface Entry<T> {
  generation: string;
  value: T;
  at: number;
}

export function createResultCache<T>(db: Db, tables: readonly Tracked[]): ResultCache<T> {
  const entries = new Map<string, Entry<T>>();
  const ttl = db.dialect === 'postgres' ? POSTGRES_TTL_MS : Number.POSITIVE_INFINITY;
  const generation = async () => db.generation(tables);
  return {
    generation,
    async get(key, read, given) {
      const before = await (given ?? generation());
      if (before === null) return read();
      const hit = entries.get(key);
      if (hit && hit.generation === before && performance.now() - hit.at < ttl) return hit.value;
      const value = await read();
      // SQLite: stored only if nothing was written while it was read (a value read across a
      // write might hold either state). PostgreSQL: a value read after its generation holds at
      // least the writes that generation counts, which is all a later request with the same
      // generation must see.
      if (db.dialect === 'postgres' || db.generation(tables) === before) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { generation: before, value, at: performance.now() });
      }
      return value;
    },
  };
}
