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
  inTransaction = false;
  readonly written = new Set<Tracked>();
  readonly inner: DatabaseConnection;
  readonly #generations: Generations;
  constructor(inner: DatabaseConnection, generations: Generations) {
    this.inner = inner;
    this.#generations = generations;
  }

  async executeQuery<R>(query: CompiledQuery) {
    const result = await this.inner.executeQuery<R>(query);
    const tables = tablesWritten(query.sql);
    if (tables.length) {
      if (this.inTransaction) for (const t of tables) this.written.add(t);
      else await this.#generations.raise(tables);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

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
    return new TrackedConnection(await this.inner.acquireConnection(), this.generations);
  }
  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    const t = c as TrackedConnection;
    await this.inner.beginTransaction(t.inner, settings);
    t.inTransaction = true;
    t.written.clear();
  }
  async commitTransaction(c: DatabaseConnection) {
    const t = c as TrackedConnection;
    await this.inner.commitTransaction(t.inner);
    t.inTransaction = false;
    const tables = [...t.written];
    t.written.clear();
    await this.generations.raise(tables);
  }
  async rollbackTransaction(c: DatabaseConnection) {
    const t = c as TrackedConnection;
    t.inTransaction = false;
    t.written.clear();
    await this.inner.rollbackTransaction(t.inner);
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
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection((c as TrackedConnection).inner);
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
