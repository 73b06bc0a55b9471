// What a feed import (the CLI's `listings import`) reads and refreshes in bulk: the listings its
// MLS numbers already name, every MLS number of the chatbot (for --prune), and the table's
// statistics after the load. The listings table's other queries are repo.ts's.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import type { Listing } from './columns.ts';
import type { Owner } from './repo-filter.ts';

/**
 * After a bulk load on PostgreSQL: gathers the table's statistics (and vacuums it) at once
 * rather than when autovacuum next runs (about a minute later). Without them the planner counted a city's
 * listings by walking all 100,000 through the wrong index: RealEstateList at 24 req/s
 * instead of 640 (bench/README.md). SQLite plans well without statistics, and gathering
 * them there would change the plans its indexes were measured with.
 */
export async function refreshListingStatistics(db: Kysely<Database>): Promise<void> {
  // VACUUM also marks the new rows' pages all-visible, as autovacuum would after many inserts:
  // counts and deep pages then read listings_chatbot_id alone (an index-only scan).
  if (isPostgres(db)) await sql`vacuum (analyze) listings`.execute(db);
}

/**
 * The listings a batch's MLS numbers already name, fetched at once (the CLI's import: one lookup
 * per row was most of an import's cost), locked like the API's update locks its row.
 */
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
  // SQLite has one writer and rejects FOR UPDATE.
  if (isPostgres(db)) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.mls_number, r]));
}

/** Every MLS number of the chatbot's listings (an import's `--prune` keeps those its file holds). */
export async function mlsNumbersOf(db: Kysely<Database>, owner: Owner): Promise<string[]> {
  const rows = await db
    .selectFrom('listings')
    .select('mls_number')
    .where('chatbot_id', '=', owner.chatbotId)
    .where('workspace_id', '=', owner.workspaceId)
    .execute();
  return rows.map((r) => r.mls_number);
}
