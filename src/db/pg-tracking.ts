// A PostgreSQL dialect for Kysely that tells pg-generations.ts which tracked tables each
// committed write changed: a statement outside a transaction once it ran, a transaction's
// statements once it committed (a rolled-back one changed nothing). Every query Parlor runs
// goes through Kysely, so no write can skip it.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { type Generations, type Tracked, tablesWritten } from './pg-generations.ts';

class TrackedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  /** Tracked tables written on this connection since it was acquired (rolled-back ones dropped). */
  readonly written = new Set<Tracked>();
  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  async executeQuery<R>(query: CompiledQuery) {
    const result = await this.inner.executeQuery<R>(query);
    for (const t of tablesWritten(query.sql)) this.written.add(t);
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Raises happen when Kysely releases the connection: after the statement (outside a
 * transaction) or the commit, with the connection already back in the pool, and before Kysely
 * answers the caller (it awaits the release).
 */
class TrackingDriver implements Driver {
  readonly inner: Driver;
  readonly generations: Generations;
  constructor(inner: Driver, generations: Generations) {
    this.inner = inner;
    this.generations = generations;
  }
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    return new TrackedConnection(await this.inner.acquireConnection());
  }
  beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction((c as TrackedConnection).inner, settings);
  }
  commitTransaction(c: DatabaseConnection) {
    return this.inner.commitTransaction((c as TrackedConnection).inner);
  }
  async rollbackTransaction(c: DatabaseConnection) {
    (c as TrackedConnection).written.clear();
    await this.inner.rollbackTransaction((c as TrackedConnection).inner);
  }
  savepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint?.((c as TrackedConnection).inner, name, compile) ?? Promise.resolve();
  }
  rollbackToSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint?.((c as TrackedConnection).inner, name, compile) ?? Promise.resolve();
  }
  releaseSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint?.((c as TrackedConnection).inner, name, compile) ?? Promise.resolve();
  }
  async releaseConnection(c: DatabaseConnection) {
    const t = c as TrackedConnection;
    const tables = [...t.written];
    t.written.clear();
    await this.inner.releaseConnection(t.inner);
    await this.generations.raise(tables);
  }
  destroy() {
    return this.inner.destroy();
  }
}

export class TrackingPostgresDialect extends PostgresDialect {
  readonly #generations: Generations;
  constructor(config: PostgresDialectConfig, generations: Generations) {
    super(config);
    this.#generations = generations;
  }
  override createDriver(): Driver {
    return new TrackingDriver(super.createDriver(), this.#generations);
  }
}
