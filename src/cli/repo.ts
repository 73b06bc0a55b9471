// The one query the listings import needs beyond the listings repo: the listings a batch's
// MLS numbers already name, fetched at once instead of one lookup per row (most of the
// cost of an import otherwise).
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { columnsOf, type Listing, type ListingColumns, withDerived } from '../listings/columns.ts';
import type { Owner } from '../listings/repo.ts';
import type { ListingFields } from '../listings/schemas.ts';

export async function listingsByMlsNumber(
  db: Kysely<Database>,
  owner: Owner,
  mlsNumbers: string[],
): Promise<Map<string, Listing>> {
  if (mlsNumbers.length === 0) return new Map();
  let q = db
    .selectFrom('listings')
    .selectAll()
    .where('chatbot_id', '=', owner.chatbotId)
    .where('workspace_id', '=', owner.workspaceId)
    .where('mls_number', 'in', [...new Set(mlsNumbers)]);
  // Locked like the API's update locks its row; SQLite has one writer and rejects FOR UPDATE.
  if (db.getExecutor().adapter.supportsMultipleConnections) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.mls_number, r]));
}

/**
 * Inserts new listings in one multi-row statement: a fresh import is mostly new rows, and
 * one statement per few hundred rows costs a fraction of one per row. The columns are built
 * as insertChecked builds them. Callers keep to INSERT_CHUNK rows (about 45 parameters a
 * row: 500 rows stay under SQLite's 32,766-parameter limit).
 */
export const INSERT_CHUNK = 500;

export async function insertListings(
  db: Kysely<Database>,
  owner: Owner,
  fields: ListingFields[],
  now: Date,
): Promise<void> {
  const ts = now.toISOString();
  const rows = fields.map((f) => ({
    ...withDerived(columnsOf(f) as ListingColumns),
    workspace_id: owner.workspaceId,
    chatbot_id: owner.chatbotId,
    created_at: ts,
    updated_at: ts,
  }));
  await db.insertInto('listings').values(rows).execute();
}
