// The listing searches kept with the answers (listing-searches.ts, docs/review.md "Analytics"):
// written with the answer, counted for a chatbot's analytics over a time range.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { ListingSearchRecord } from './listing-searches.ts';
import type { AnalyticsScope } from './repo-analytics.ts';

export async function insertListingSearches(
  db: Kysely<Database>,
  answer: { workspaceId: number; chatbotId: number; sessionId: number; messageId: number; at: string },
  searches: ListingSearchRecord[],
): Promise<void> {
  if (searches.length === 0) return;
  await db
    .insertInto('listing_searches')
    .values(
      searches.map((r) => ({
        workspace_id: answer.workspaceId,
        chatbot_id: answer.chatbotId,
        session_id: answer.sessionId,
        message_id: answer.messageId,
        kind: r.kind,
        city: r.city,
        property_type: r.propertyType,
        price_band: r.priceBand,
        created_at: answer.at,
      })),
    )
    .execute();
}

const SEARCHED = { city: 'city', propertyType: 'property_type', priceBand: 'price_band' } as const;

/**
 * The values searched most in the range (case aside; written as most searches wrote them),
 * most first: the cities, property types or price bands of the 'search' rows.
 */
export async function searchedValues(
  db: Kysely<Database>,
  s: AnalyticsScope,
  what: keyof typeof SEARCHED,
  limit: number,
) {
  const column = SEARCHED[what];
  const rows = await db
    .selectFrom('listing_searches as l')
    .select((eb) => [
      eb.fn<string>('lower', [eb.ref(`l.${column}`)]).as('key'),
      eb.fn.max(`l.${column}`).as('value'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('l.chatbot_id', '=', s.chatbotId)
    .where('l.workspace_id', '=', s.workspaceId)
    .where('l.created_at', '>=', s.from)
    .where('l.created_at', '<', s.to)
    .where('l.kind', '=', 'search')
    .where(`l.${column}`, '!=', '')
    .groupBy((eb) => eb.fn('lower', [eb.ref(`l.${column}`)]))
    .orderBy('n', 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ value: String(r.value), n: Number(r.n) }));
}

/** How many distinct sessions searched, and opened a listing, in the range. */
export async function searchingSessions(db: Kysely<Database>, s: AnalyticsScope) {
  const rows = await db
    .selectFrom('listing_searches as l')
    .select((eb) => ['l.kind', eb.fn.count<number | string>('l.session_id').distinct().as('n')])
    .where('l.chatbot_id', '=', s.chatbotId)
    .where('l.workspace_id', '=', s.workspaceId)
    .where('l.created_at', '>=', s.from)
    .where('l.created_at', '<', s.to)
    .groupBy('l.kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { searched: of('search'), opened: of('open') };
}

/**
 * A listing the visitor opened from an answer's card (OpenListing): an 'open' row of that
 * answer, once per answer and listing (a card opened again adds nothing). True when it was new.
 */
export async function insertListingOpened(
  db: Kysely<Database>,
  answer: { workspaceId: number; chatbotId: number; sessionId: number; messageId: number; at: string },
  listingId: number,
  record: Omit<ListingSearchRecord, 'kind'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('listing_searches')
      .select('id')
      .where('message_id', '=', answer.messageId)
      .where('kind', '=', 'open')
      .where('listing_id', '=', listingId)
      .executeTakeFirst();
    if (seen) return false;
    await trx
      .insertInto('listing_searches')
      .values({
        workspace_id: answer.workspaceId,
        chatbot_id: answer.chatbotId,
        session_id: answer.sessionId,
        message_id: answer.messageId,
        kind: 'open',
        city: record.city,
        property_type: record.propertyType,
        price_band: record.priceBand,
        listing_id: listingId,
        created_at: answer.at,
      })
      .execute();
    return true;
  });
}
