// The demo chatbot of first start, found in the database: every instance sharing it finds the
// same one, with or without bootstrap.json (which only the instance that bootstrapped has, and
// which holds keys an operator may well delete). /openapi.json's examples run against it.
import type { Kysely } from 'kysely';
import { findFirstChatbot } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { findListingByKey } from '../listings/index.ts';
import samples from './sample-listings.json' with { type: 'json' };

/**
 * bootstrap.ts makes the demo in an empty database, so it is the first chatbot; it is still the
 * demo while it holds the first sample listing (a first chatbot without it is someone's own).
 */
export async function findDemoSerial(db: Kysely<Database>): Promise<string | null> {
  const first = await findFirstChatbot(db);
  const sample = samples[0]?.MLSNumber;
  if (!first || !sample) return null;
  const owner = { workspaceId: first.workspaceId, chatbotId: first.id };
  const listing = await findListingByKey(db, owner, 'MLSNumber', sample, false);
  return listing ? first.serialNumber : null;
}
