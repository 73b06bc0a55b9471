// What a feature's service runs with for one request: the database, the workspace the
// credential stands for (every query is scoped to it), and the request's clock reading.
// Shared top-level module (docs/architecture.md): it imports no feature.
import type { Kysely } from 'kysely';
import type { Database } from './db/tables.ts';

export interface ServiceContext {
  db: Kysely<Database>;
  workspaceId: number;
  now: Date;
}
