// The demo chatbot of first start, found in the database: every instance sharing it finds the
// same one, with or without bootstrap.json (which only the instance that bootstrapped has, and
// which holds keys an operator may well delete). /openapi.json's examples run against it.
import type { Kysely } from 'kysely';
import { findFirstChatbot } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import { deleteListings, findListingByKey } from '../listings/index.ts';
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

/** The sample listings' MLS numbers: what "Remove demo data" removes. */
export const SAMPLE_MLS_NUMBERS: readonly string[] = samples.map((s) => s.MLSNumber);

/** Of these chatbots (one workspace's), those still holding a sample listing: the demo's. */
export async function chatbotsWithSamples<T extends { id: number; workspaceId: number }>(
  db: Kysely<Database>,
  bots: readonly T[],
): Promise<T[]> {
  const out: T[] = [];
  for (const bot of bots) {
    const owner = { workspaceId: bot.workspaceId, chatbotId: bot.id };
    for (const mls of SAMPLE_MLS_NUMBERS) {
      if (await findListingByKey(db, owner, 'MLSNumber', mls, false)) {
        out.push(bot);
        break;
      }
    }
  }
  return out;
}

/** Removes the sample listings from a chatbot; answers how many there were. */
export async function removeSampleListings(db: Kysely<Database>, bot: { id: number; workspaceId: number }) {
  return deleteListings(db, { workspaceId: bot.workspaceId, chatbotId: bot.id }, 'MLSNumber', [...SAMPLE_MLS_NUMBERS]);
}
