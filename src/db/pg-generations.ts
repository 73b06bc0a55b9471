// PostgreSQL's generations: what lets an instance cache a result (a RealEstateList page, a
// credential, a builtin answer's listing query) without ever answering one older than a write
// acknowledged by any instance (docs/configuration.md).
//
// - Every write to a table a cache depends on raises that table's counter in
//   cache_generations, after the write committed and before it is acknowledged (the driver
//   below sees every statement Kysely runs, in a transaction or not).
// - A cached result is kept with the counters it was read under; a request reads the counters
//   (one indexed lookup) after it arrived, and a result is answered only while they are the same.
//
// Why after the commit, not in the writing transaction: a counter row raised inside it stays
// locked until the commit's WAL flush, so the writes of every instance queue behind one another,
// one flush at a time (tried with pgbench; docs/configuration.md). Raised after the
// commit, the counter never runs ahead of the data it stands for: whoever reads a counter reads,
// after it, every write the counter counts. The raise commits without waiting for its WAL flush
// (synchronous_commit off on its own small pool, so raises do not queue either): losing it needs a
// PostgreSQL crash, which changes pg_postmaster_start_time(), part of every generation. Raising
// cannot fail silently: if it fails, the write's request fails too (not acknowledged).
//
// Reads and raises are coalesced: callers that arrive while one is under way share the next,
// which starts after all of them arrived (so it sees what each of them must see).
import type pg from 'pg';

/** The tables caches depend on; `sessions:delete` stands for a session's deletion (which removes its visitor key). */
export type Tracked =
  | 'listings'
  | 'chatbots'
  | 'workspaces'
  | 'api_keys'
  | 'tour_availability'
  | 'tour_slot_counts'
  | 'sessions:delete';
const TRACKED = new Set<string>([
  'listings',
  'chatbots',
  'workspaces',
  'api_keys',
  'tour_availability',
  'tour_slot_counts',
]);

const WRITE_RE =
  /\b(insert(?:\s+or\s+[a-z]+)?\s+into|replace\s+into|update(?:\s+or\s+[a-z]+)?|delete\s+from)\s+"?([a-z_]+)"?/gi;

/** Statements already read: Kysely compiles the same few over and over. */
const seen = new Map<string, Tracked[]>();

/** The tracked tables a statement writes (a FOR UPDATE or an ON CONFLICT DO UPDATE names none). */
export function tablesWritten(sqlText: string): Tracked[] {
  let tables = seen.get(sqlText);
  if (!tables) {
    tables = readTables(sqlText);
    if (seen.size >= 1000) seen.clear();
    seen.set(sqlText, tables);
  }
  return tables;
}

function readTables(sqlText: string): Tracked[] {
  const found = new Set<Tracked>();
  for (const m of sqlText.matchAll(WRITE_RE)) {
    const table = (m[2] ?? '').toLowerCase();
    const verb = (m[1] ?? '').toLowerCase();
    if (TRACKED.has(table)) found.add(table as Tracked);
    if (table === 'sessions' && verb.startsWith('delete')) found.add('sessions:delete');
  }
  return [...found];
}

/**
 * Runs `run` for the keys callers give, each caller's run starting after its call: callers
 * arriving while a run is under way (or in the same tick) share the next one.
 */
export function coalesced<R>(run: (keys: string[]) => Promise<R>): (keys: readonly string[]) => Promise<R> {
  let running: Promise<unknown> = Promise.resolve();
  let next: { keys: Set<string>; result: Promise<R> } | null = null;
  return (keys) => {
    if (!next) {
      const batch: { keys: Set<string>; result: Promise<R> } = { keys: new Set(), result: Promise.resolve() as never };
      const previous = running;
      batch.result = (async () => {
        await previous.catch(() => {});
        // From here on, callers wait for a later run: this one may already have started.
        if (next === batch) next = null;
        return run([...batch.keys].sort());
      })();
      running = batch.result;
      next = batch;
    }
    for (const k of keys) next.keys.add(k);
    return next.result;
  };
}

export interface Generations {
  /** The counters of `tables` now, as one token (read after the call). */
  read(tables: readonly Tracked[]): Promise<string>;
  /** Raises the counters of `tables` (after the write that changed them committed). */
  raise(tables: readonly Tracked[]): Promise<void>;
}

const UNDEFINED_TABLE = '42P01';

export function pgGenerations(pool: pg.Pool, relaxed: pg.Pool): Generations {
  const read = coalesced(async (names) => {
    const r = await pool.query<{ name: string; value: string }>(
      `select name, value::text from cache_generations where name = any($1)
       union all select '', extract(epoch from pg_postmaster_start_time())::text`,
      [names],
    );
    return new Map(r.rows.map((row) => [row.name, row.value]));
  });
  const raise = coalesced(async (names) => {
    try {
      await relaxed.query(
        `insert into cache_generations (name, value) select unnest($1::text[]), 1
         on conflict (name) do update set value = cache_generations.value + 1`,
        [names],
      );
    } catch (err) {
      // Before migration 015 (the migrations themselves write tracked tables) nothing caches.
      if ((err as { code?: string }).code !== UNDEFINED_TABLE) throw err;
    }
  });
  return {
    async read(tables) {
      const values = await read(tables);
      return [values.get(''), ...tables.map((t) => `${t}=${values.get(t) ?? 0}`)].join(' ');
    },
    raise: (tables) => (tables.length ? raise(tables) : Promise.resolve()),
  };
}
