// Kysely's driver over SQLite's one group-commit connection (sqlite.ts): who may use the
// connection when, so that a transaction has it to itself and autocommit writes share a batch.
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';

/** What the driver needs of sqlite.ts's GroupCommitDatabase. Every method is synchronous. */
export interface OneConnection {
  execute(query: CompiledQuery): QueryResult<unknown>;
  iterate(query: CompiledQuery): Iterable<unknown>;
  begin(): void;
  commit(): void;
  rollback(): void;
  savepoint(command: 'savepoint' | 'rollback to' | 'release', name: string): void;
  close(): void;
}

/**
 * Who has the one connection: a statement while it runs, or an explicit transaction from BEGIN
 * to its end, in the order they asked. Taken per statement rather than from Kysely's
 * acquireConnection to its releaseConnection: Kysely 0.28 runs the plugins (which hold a
 * result until its batch commits) before it releases a connection, and a lock kept that long
 * would keep every other write out of the batch.
 */
class ConnectionLock {
  #last: Promise<void> = Promise.resolve();
  #holder: DatabaseConnection | null = null;
  #release = () => {};

  heldBy(c: DatabaseConnection): boolean {
    return this.#holder === c;
  }

  async take(c: DatabaseConnection): Promise<void> {
    const before = this.#last;
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#last = promise;
    await before;
    this.#holder = c;
    this.#release = resolve;
  }

  /** Lets the next one in; nothing when `c` does not hold the lock. */
  release(c: DatabaseConnection): void {
    if (this.#holder !== c) return;
    this.#holder = null;
    this.#release();
  }
}

/** One caller's handle on the connection: Kysely asks for one per query or transaction. */
class GroupCommitConnection implements DatabaseConnection {
  readonly #db: OneConnection;
  readonly #lock: ConnectionLock;
  constructor(db: OneConnection, lock: ConnectionLock) {
    this.#db = db;
    this.#lock = lock;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside its own transaction the handle already has the connection.
    if (this.#lock.heldBy(this)) return this.#db.execute(query) as QueryResult<R>;
    await this.#lock.take(this);
    try {
      return this.#db.execute(query) as QueryResult<R>;
    } finally {
      this.#lock.release(this);
    }
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const alone = !this.#lock.heldBy(this);
    if (alone) await this.#lock.take(this);
    try {
      for (const row of this.#db.iterate(query)) yield { rows: [row as R] };
    } finally {
      if (alone) this.#lock.release(this);
    }
  }
}

/** Kysely's driver over the one connection (sqlite.ts's OneConnection). */
export class GroupCommitDriver implements Driver {
  readonly #db: OneConnection;
  readonly #lock = new ConnectionLock();
  constructor(db: OneConnection) {
    this.#db = db;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this.#db, this.#lock);
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await this.#lock.take(c);
    try {
      this.#db.begin();
    } catch (err) {
      // Kysely rolls back only a transaction that began.
      this.#lock.release(c);
      throw err;
    }
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    // A failed COMMIT keeps the lock: Kysely rolls back next.
    this.#db.commit();
    this.#lock.release(c);
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    try {
      this.#db.rollback();
    } finally {
      this.#lock.release(c);
    }
  }
  async savepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.#db.savepoint('savepoint', name);
  }
  async rollbackToSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.#db.savepoint('rollback to', name);
  }
  async releaseSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    this.#db.savepoint('release', name);
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    // Whatever happened, a transaction's lock does not outlive its connection.
    this.#lock.release(c);
  }
  async destroy(): Promise<void> {
    this.#db.close();
  }
}
