import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledQuery, Kysely, type LogConfig, PostgresAdapter } from 'kysely';
import pg from 'pg';
import { pgGenerations, type Tracked } from './pg-generations.ts';
import { TrackingPostgresDialect } from './pg-tracking.ts';
import { openSqlite } from './sqlite.ts';
import type { Database } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * A token that changes whenever the data of `tables` may have changed; result caches key on
   * it (result-cache.ts). SQLite: one token for all tables (this process is the only writer and
   * sees other connections' commits), null inside a transaction. PostgreSQL: the tables'
   * counters, read after the call (pg-generations.ts), so writes of other instances count.
   */
  generation(tables: readonly Tracked[]): string | null | Promise<string | null>;
  /** PostgreSQL's connection string (live/bus.ts opens its LISTEN connection with it). */
  url?: string;
  close(): Promise<void>;
}

/** Whether `db` (a transaction too) runs on PostgreSQL rather than SQLite. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// COUNT(*) and SUM() are int8 in PostgreSQL, which pg returns as strings; every count
// Parlor reads fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface ConnectOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
  /** Called with every query run (bench/explain.ts reads the queries to explain them). */
  log?: (query: CompiledQuery) => void;
}

/**
 * Creates the database file with mode 0600 before SQLite opens it (an empty file is an
 * empty database), so that it and the -wal/-shm files SQLite derives from it are private.
 */
function createPrivately(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const f of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(f)) chmodSync(f, 0o600);
  }
}

function logOf(opts: ConnectOptions): LogConfig | undefined {
  const { log } = opts;
  if (!log) return undefined;
  return (event) => {
    if (event.level === 'query') log(event.query);
  };
}

export function connect(opts: ConnectOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // The generations' raises commit without waiting for their WAL flush (pg-generations.ts).
    const relaxed = new pg.Pool({ connectionString: opts.databaseUrl, max: 2, options: '-c synchronous_commit=off' });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    relaxed.on('error', () => {});
    const generations = pgGenerations(pool, relaxed);
    const kysely = new Kysely<Database>({
      dialect: new TrackingPostgresDialect({ pool }, generations),
      log: logOf(opts),
    });
    return {
      kysely,
      dialect: 'postgres',
      generation: (tables) => generations.read(tables),
      url: opts.databaseUrl,
      close: async () => {
        await kysely.destroy();
        await relaxed.end();
      },
    };
  }
  const file = opts.sqliteFile ?? 'parlor.db';
  let path = file;
  if (file !== ':memory:') {
    // The data dir holds keys, leads and conversations: only Parlor's own user may read it.
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    path = join(opts.dataDir, file);
    createPrivately(path);
  }
  const { dialect, plugin, generation } = openSqlite(path);
  const kysely = new Kysely<Database>({ dialect, plugins: [plugin], log: logOf(opts) });
  return { kysely, dialect: 'sqlite', generation, close: () => kysely.destroy() };
}
