import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// The listing searches the engines ran for an answer (chat/, docs/review.md "Analytics"):
// one row per search that an answer made with a city, a property type or a price (kind
// 'search'), and one per listing the visitor asked about by itself, by its ID, MLS number,
// address or link (kind 'open'). Kept with the answer (removed with it or its session), so
// the analytics count the cities, price bands and property types visitors searched and the
// funnel conversation → search → listing opened.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('listing_searches'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('session_id', 'integer', ref('sessions'))
    .addColumn('message_id', 'integer', ref('messages'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('property_type', 'text', (c) => c.notNull())
    .addColumn('price_band', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listing_searches_chatbot')
    .on('listing_searches')
    .columns(['chatbot_id', 'created_at'])
    .execute();
  await db.schema.createIndex('listing_searches_session').on('listing_searches').column('session_id').execute();
  await db.schema.createIndex('listing_searches_message').on('listing_searches').column('message_id').execute();
}
