// OpenListing (docs/review.md "Analytics"): the widget says which listing a visitor opened from
// an answer's cards, for the funnel conversation → search → listing opened. Only a listing that
// answer showed counts, once per answer; the rules of which answer may be named are RateAnswer's.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import type { ListingCardData } from '../listings/index.ts';
import { priceBand } from './listing-searches.ts';
import { answerToRate } from './rating.ts';
import { insertListingOpened } from './repo-searches.ts';

export interface ListingOpened {
  MessageID: number;
  ListingID: number;
  /** False when this answer's card of that listing had been opened before (counted once). */
  Counted: boolean;
}

export async function openListing(
  db: Kysely<Database>,
  principal: Principal,
  body: { sessionID: number; messageId: number; listingId: number },
  at: Date,
): Promise<ListingOpened> {
  const answer = await answerToRate(db, principal, body.sessionID, body.messageId);
  const cards = JSON.parse(answer.listings ?? '[]') as ListingCardData[];
  const card = cards.find((c) => c.ID === body.listingId);
  if (!card) throw new NotFound(`listing ${body.listingId} among the cards of answer ${body.messageId}`);
  const price = Number(card.Price);
  const counted = await insertListingOpened(
    db,
    {
      workspaceId: principal.workspaceId,
      chatbotId: answer.chatbot_id,
      sessionId: answer.session_id,
      messageId: answer.id,
      at: at.toISOString(),
    },
    card.ID,
    {
      city: card.City,
      propertyType: '',
      priceBand:
        card.Price !== '' && Number.isFinite(price)
          ? priceBand({ maxPrice: price, saleType: /rent/i.test(card.SaleType) ? 'for_rent' : 'for_sale' })
          : '',
    },
  );
  return { MessageID: answer.id, ListingID: card.ID, Counted: counted };
}
