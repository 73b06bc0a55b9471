// Adapts node:sqlite's DatabaseSync to the interface Kysely's SqliteDialect expects
// (the better-sqlite3 shape): array parameters, a `reader` flag, iterate().
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** node:sqlite refuses booleans and Dates; Kysely passes both. */
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function params(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqlite);
}

function wrap(stmt: StatementSync): SqliteStatement {
  const reader = stmt.columns().length > 0;
  return {
    reader,
    all: (p) => stmt.all(...params(p)),
    run: (p) => stmt.run(...params(p)),
    iterate: (p) => stmt.iterate(...params(p)),
  };
}

/**
 * Opens the database file with the durability settings DESIGN §4 requires: WAL with
 * synchronous=FULL (an acknowledged write survives kill -9), foreign keys, a busy timeout.
 * Prepared statements are cached by SQL text: Kysely prepares on every query, and
 * preparing costs more than running the small statements the API issues.
 */
export function openSqlite(path: string): SqliteDatabase {
  const db = new DatabaseSync(path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = wrap(db.prepare(sql));
        if (cache.size >= 1000) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
