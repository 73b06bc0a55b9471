// node:sqlite behind Kysely, with group commit.
//
// docs/configuration.md wants synchronous=FULL: an acknowledged write survives kill -9, so every COMMIT
// waits for an fsync (about 3 ms on the benchmark machine). Committing each autocommit write
// on its own would cap writes at a few hundred a second. Instead, writes that arrive while no
// explicit transaction runs join one open transaction (a batch); it commits once the event
// loop has run what arrived with it (setImmediate), and only then do their promises resolve.
// Results read while a batch is open may include its uncommitted rows, so they are held back
// until that batch commits too: nothing a caller sees is less durable than a plain COMMIT.
// A statement that fails inside a batch rolls back only itself (SQLite's statement-level
// ABORT); an error that ends the whole transaction fails every member of the batch.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  type CompiledQuery,
  type Dialect as KyselyDialect,
  type KyselyPlugin,
  type QueryId,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { tablesWritten } from './pg-generations.ts';
import { GroupCommitDriver, type OneConnection } from './sqlite-driver.ts';

/** node:sqlite refuses booleans and Dates; Kysely passes both. */
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

type Kind = 'read' | 'write' | 'other';

/**
 * Relaxes the commit of the explicit transaction it runs first in: no fsync of the WAL at its
 * COMMIT (db/commit-later.ts). It lasts until that transaction ends; the connection is FULL again after.
 */
export const COMMIT_WITHOUT_SYNC = 'PRAGMA synchronous = NORMAL';

/** Reads run anywhere; writes join the batch; anything else (PRAGMA, VACUUM…) runs alone. */
function kindOf(sql: string): Kind {
  if (/^\s*(select|explain)\b/i.test(sql)) return 'read';
  if (/^\s*(insert|update|delete|replace|with|create|drop|alter)\b/i.test(sql)) return 'write';
  return 'other';
}

interface Prepared {
  stmt: StatementSync;
  reader: boolean;
  kind: Kind;
  /** The tables result caches depend on that the statement writes (pg-generations.ts)… */
  written: string[];
  /** …or whether it may change any table. */
  changesAny: boolean;
}

interface Batch {
  committed: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function newBatch(): Batch {
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  // Members await `committed`; a batch whose only member failed has no one listening.
  promise.catch(() => {});
  return { committed: promise, resolve, reject };
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The one connection and its batch. Every method is synchronous: node:sqlite is. */
class GroupCommitDatabase implements OneConnection {
  readonly #db: DatabaseSync;
  readonly #cache = new Map<string, Prepared>();
  #batch: Batch | null = null;
  #inTransaction = false;
  /** Whether the explicit transaction running commits without an fsync (COMMIT_WITHOUT_SYNC). */
  #unsynced = false;
  /** Whether the explicit transaction running has run no statement yet. */
  #fresh = false;
  /** This connection's writes to each table caches depend on (see `generation`)… */
  readonly #tableChanges = new Map<string, number>();
  /** …and its statements that may change any table (DDL, PRAGMA, VACUUM…). */
  #epoch = 0;
  #dataVersion: StatementSync | null = null;
  /** Results of queries run inside a batch, released by `durableResults` once it commits. */
  readonly held = new WeakMap<QueryId, Promise<void>>();

  constructor(path: string) {
    this.#db = new DatabaseSync(path, { timeout: 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = FULL');
    this.#db.exec('PRAGMA foreign_keys = ON');
    // Deleted rows are overwritten with zeros, not left in free pages (db/scrub.ts).
    this.#db.exec('PRAGMA secure_delete = ON');
  }

  // Statements are cached by SQL text: Kysely compiles the same few statements over and
  // over, and preparing costs more than running the small ones the API issues.
  #prepare(sql: string): Prepared {
    let p = this.#cache.get(sql);
    if (!p) {
      const stmt = this.#db.prepare(sql);
      const kind = kindOf(sql);
      const changesAny = kind === 'other' || /^\s*(create|drop|alter)\b/i.test(sql);
      p = { stmt, reader: stmt.columns().length > 0, kind, written: tablesWritten(sql), changesAny };
      if (this.#cache.size >= 1000) this.#cache.clear();
      this.#cache.set(sql, p);
    }
    return p;
  }

  /**
   * Changes whenever the data of `tables` may have changed: a write to one of them on this
   * connection, a statement that may change any, or a commit by another connection to the same
   * file (PRAGMA data_version), such as the CLI's import. Caches of query results key on it
   * (result-cache.ts). Null while a batch or transaction is open: what is read then may not be
   * committed yet, so it must be neither cached nor answered from a cache.
   */
  generation(tables: readonly string[]): string | null {
    if (this.#batch || this.#inTransaction) return null;
    this.#dataVersion ??= this.#db.prepare('PRAGMA data_version');
    const row = this.#dataVersion.get() as { data_version: number } | undefined;
    return `${this.#epoch}:${tables.map((t) => this.#tableChanges.get(t) ?? 0).join(',')}:${row?.data_version ?? 0}`;
  }

  execute(query: CompiledQuery): QueryResult<unknown> {
    if (query.sql === COMMIT_WITHOUT_SYNC) return this.#commitWithoutSync();
    this.#fresh = false;
    const p = this.#prepare(query.sql);
    // A write counts against the tables it names; DDL and other statements against all.
    for (const t of p.written) this.#tableChanges.set(t, (this.#tableChanges.get(t) ?? 0) + 1);
    if (p.changesAny) this.#epoch++;
    if (!this.#inTransaction) {
      if (p.kind === 'other') this.flush();
      else if (p.kind === 'write' && !this.#batch) this.#open();
    }
    const args = query.parameters.map(toSqlite);
    let result: QueryResult<unknown>;
    try {
      if (p.reader) result = { rows: p.stmt.all(...args) };
      else {
        const { changes, lastInsertRowid } = p.stmt.run(...args);
        result = { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
      }
    } catch (err) {
      this.#abandonIfRolledBack(err);
      throw err;
    }
    if (this.#batch && !this.#inTransaction) this.held.set(query.queryId, this.#batch.committed);
    return result;
  }

  *iterate(query: CompiledQuery): IterableIterator<unknown> {
    yield* this.#prepare(query.sql).stmt.iterate(...query.parameters.map(toSqlite));
  }

  #open(): void {
    this.#db.exec('BEGIN IMMEDIATE');
    this.#batch = newBatch();
    setImmediate(() => this.flush());
  }

  /** Commits the open batch (if any) and settles its members. */
  flush(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = null;
    try {
      this.#db.exec('COMMIT');
      batch.resolve();
    } catch (err) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      batch.reject(err);
    }
  }

  /** Some errors (I/O, disk full) end the transaction: then the whole batch is lost. */
  #abandonIfRolledBack(err: unknown): void {
    if (this.#batch && !this.#inTransaction && !this.#db.isTransaction) {
      this.#batch.reject(err);
      this.#batch = null;
    }
  }

  // Explicit transactions are not batched: they commit on their own, after flushing the
  // batch before them. The driver's ConnectionLock keeps other queries out meanwhile.
  begin(): void {
    this.flush();
    this.#db.exec('BEGIN');
    this.#inTransaction = true;
    this.#fresh = true;
  }

  /**
   * Not a change of any table (no cache is invalidated), and only for the transaction running:
   * every other write on the connection keeps waiting for the disk.
   */
  #commitWithoutSync(): QueryResult<unknown> {
    if (!this.#fresh) throw new Error(`${COMMIT_WITHOUT_SYNC} only first in an explicit transaction`);
    // SQLite refuses it after BEGIN; a BEGIN with no statement after it has read and locked nothing.
    this.#db.exec('ROLLBACK');
    this.#db.exec(COMMIT_WITHOUT_SYNC);
    this.#unsynced = true;
    this.#db.exec('BEGIN');
    return { rows: [] };
  }

  #syncAgain(): void {
    if (!this.#unsynced) return;
    this.#unsynced = false;
    this.#db.exec('PRAGMA synchronous = FULL');
  }

  commit(): void {
    this.#inTransaction = false;
    this.#fresh = false;
    try {
      this.#db.exec('COMMIT');
    } finally {
      this.#syncAgain();
    }
  }

  rollback(): void {
    this.#inTransaction = false;
    this.#fresh = false;
    try {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
    } finally {
      this.#syncAgain();
    }
  }

  savepoint(command: 'savepoint' | 'rollback to' | 'release', name: string): void {
    this.#db.exec(`${command} ${quoteIdent(name)}`);
  }

  close(): void {
    this.flush();
    this.#cache.clear();
    this.#db.close();
  }
}

export interface SqliteSetup {
  dialect: KyselyDialect;
  /** See GroupCommitDatabase.generation. */
  generation: (tables: readonly string[]) => string | null;
  /** Must be installed on the Kysely instance: it holds results back until their batch commits. */
  plugin: KyselyPlugin;
}

/**
 * Opens the database file with the settings docs/configuration.md requires (WAL, synchronous=FULL,
 * foreign keys, a busy timeout) and group commit as described at the top of this file.
 */
export function openSqlite(path: string): SqliteSetup {
  const db = new GroupCommitDatabase(path);
  const dialect: KyselyDialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(db),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Runs after the statement has given up the ConnectionLock, so waiting here lets other
    // writes join the batch meanwhile.
    async transformResult(args) {
      const committed = db.held.get(args.queryId);
      if (committed) {
        db.held.delete(args.queryId);
        await committed;
      }
      return args.result;
    },
  };
  return { dialect, plugin, generation: (tables) => db.generation(tables) };
}
