// Numbered, append-only migrations shared by both databases. Kysely's Migrator holds a
// PostgreSQL advisory lock while it runs, so several instances can start together.
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from '../db/connect.ts';
import * as m001 from './001_core.ts';
import * as m002 from './002_listings.ts';
import * as m003 from './003_chat.ts';
import * as m004 from './004_files.ts';
import * as m005 from './005_notify.ts';
import * as m006 from './006_platform.ts';
import * as m007 from './007_file_rejections.ts';
import * as m008 from './008_listing_features.ts';
import * as m009 from './009_conversation.ts';
import * as m010 from './010_abuse_limits.ts';
import * as m011 from './011_visitor_files.ts';
import * as m012 from './012_street_number_index.ts';
import * as m013 from './013_console.ts';
import * as m014 from './014_knowledge.ts';
import * as m015 from './015_cache_generations.ts';
import * as m016 from './016_listings_newest_index.ts';
import * as m017 from './017_filter_index_ids.ts';
import * as m020 from './020_tours.ts';
import * as m021 from './021_review.ts';
import * as m022 from './022_privacy.ts';
import * as m023 from './023_mcp.ts';
import * as m027 from './027_crm.ts';
import * as m028 from './028_people.ts';
import * as m029 from './029_message_contacts.ts';
import * as m030 from './030_listing_searches.ts';
import * as m031 from './031_visitor_keys_session.ts';
import * as m032 from './032_agent_reply_contacts.ts';
import * as m033 from './033_analytics_indexes.ts';
import * as m034 from './034_analytics_counts.ts';
import * as m035 from './035_listing_opened.ts';
import * as m036 from './036_api_key_names.ts';
import type { MigrationDb } from './columns.ts';

const all = {
  '001_core': m001,
  '002_listings': m002,
  '003_chat': m003,
  '004_files': m004,
  '005_notify': m005,
  '006_platform': m006,
  '007_file_rejections': m007,
  '008_listing_features': m008,
  '009_conversation': m009,
  '010_abuse_limits': m010,
  '011_visitor_files': m011,
  '012_street_number_index': m012,
  '013_console': m013,
  '014_knowledge': m014,
  '015_cache_generations': m015,
  '016_listings_newest_index': m016,
  '017_filter_index_ids': m017,
  '020_tours': m020,
  '021_review': m021,
  '022_privacy': m022,
  '023_mcp': m023,
  '027_crm': m027,
  '028_people': m028,
  '029_message_contacts': m029,
  '030_listing_searches': m030,
  '031_visitor_keys_session': m031,
  '032_agent_reply_contacts': m032,
  '033_analytics_indexes': m033,
  '034_analytics_counts': m034,
  '035_listing_opened': m035,
  '036_api_key_names': m036,
};

export async function migrate(db: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(all)) {
        out[name] = { up: (k) => m.up(k as MigrationDb, db.dialect) };
      }
      return out;
    },
  };
  // Numbers are handed out ahead of time, so a lower one may land after a higher one has run:
  // it runs then, in number order with the others still pending.
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
