import type { MigrationDb } from './columns.ts';

// The listing a visitor opened from an answer's card in the widget (OpenListing,
// docs/review.md "Analytics"): kept on its 'open' row of listing_searches, so that a card
// opened twice from one answer counts once. The engine's own 'open' rows (a listing asked
// about by its ID, MLS number, address or link) leave it null.
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('listing_searches').addColumn('listing_id', 'integer').execute();
}
