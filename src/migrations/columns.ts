// The few column types that differ between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../db/connect.ts';

export type MigrationDb = Kysely<unknown>;

/** An auto-increment integer primary key. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** An integer column referencing another table's id, removed with it. */
export function ref(table: string) {
  return (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('cascade');
}
