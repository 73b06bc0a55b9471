// The listing searches an answer ran are kept with it (docs/review.md "Analytics"): each
// distinct search by city, property type or price once, a look-up of one listing as an
// 'open', reading back listings already shown not at all; removed with the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { createListing, listingBody } from '../../test/factories.ts';
import { post } from '../../test/harness.ts';
import type { AnswerRequest } from '../answer/engine.ts';
import { priceBand, searchRecordOf } from './listing-searches.ts';

let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp();
});
afterAll(() => t.close());

describe('what a search is kept as', () => {
  it('reads the price band from the maximum, else the minimum, rents by the month', () => {
    expect(priceBand({ maxPrice: 250_000 })).toBe('Up to $250k');
    expect(priceBand({ minPrice: 100_000, maxPrice: 250_001 })).toBe('$250k–$500k');
    expect(priceBand({ maxPrice: 500_000 })).toBe('$250k–$500k');
    expect(priceBand({ minPrice: 500_000 })).toBe('$500k–$750k');
    expect(priceBand({ minPrice: 1_500_000 })).toBe('$1M–$2M');
    expect(priceBand({ maxPrice: 5_000_000 })).toBe('$2M and up');
    expect(priceBand({ maxPrice: 2_000, saleType: 'for_rent' })).toBe('$1.5k–$2.5k/month');
    expect(priceBand({})).toBe('');
  });

  it('tells a search from a look-up of one listing, and ignores reading back shown listings', () => {
    expect(searchRecordOf({ city: ' Austin ', types: ['sfr', 'condo'], maxPrice: 400_000 })).toEqual({
      kind: 'search',
      city: 'Austin',
      propertyType: 'Single family or Condo',
      priceBand: '$250k–$500k',
    });
    expect(searchRecordOf({ propertyType: 'Townhouse' })?.propertyType).toBe('Townhouse');
    expect(searchRecordOf({})).toEqual({ kind: 'search', city: '', propertyType: '', priceBand: '' });
    for (const one of [{ id: 3 }, { mlsNumber: 'A1' }, { url: 'https://x.example/1' }, { streetNumber: '12' }]) {
      expect(searchRecordOf({ city: 'Austin', ...one })).toEqual({
        kind: 'open',
        city: '',
        propertyType: '',
        priceBand: '',
      });
    }
    expect(searchRecordOf({ ids: [1, 2] })).toBeNull();
  });
});

describe('searches kept with the answer', () => {
  it('stores each distinct search of an answer once, and removes them with the session', async () => {
    const f = await chatFixture(t);
    const body = listingBody(f.serial, { City: 'Austin', SalePrice: 420_000 });
    const id = await createListing(t.app, f.ws.auth, body);
    t.engine.script = {
      fragments: ['One home.'],
      listings: async (req: AnswerRequest) => {
        const page = { sort: 'PriceAsc', offset: 0, limit: 5 } as const;
        await req.listings.search({ city: 'Austin', maxPrice: 450_000 }, page);
        await req.listings.search({ city: 'Austin', maxPrice: 450_000 }, { ...page, offset: 5 });
        await req.listings.search({ ids: [id] }, page);
        return (await req.listings.search({ mlsNumber: String(body.MLSNumber) }, page)).listings;
      },
    };
    const r = await post<{ messageid: number }>(
      t.app,
      '/chat/Chat/ClientAsk',
      { sessionID: f.sessionId, content: 'homes in Austin under 450k?' },
      f.ws.auth,
    );
    expect(r.status).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('listing_searches')
      .select(['message_id', 'session_id', 'kind', 'city', 'property_type', 'price_band'])
      .where('session_id', '=', f.sessionId)
      .orderBy('kind', 'desc')
      .execute();
    expect(rows).toEqual([
      {
        message_id: r.body.Data.messageid,
        session_id: f.sessionId,
        kind: 'search',
        city: 'Austin',
        property_type: '',
        price_band: '$250k–$500k',
      },
      {
        message_id: r.body.Data.messageid,
        session_id: f.sessionId,
        kind: 'open',
        city: '',
        property_type: '',
        price_band: '',
      },
    ]);
    await t.db.kysely.deleteFrom('messages').where('session_id', '=', f.sessionId).execute();
    const left = await t.db.kysely
      .selectFrom('listing_searches')
      .select('id')
      .where('session_id', '=', f.sessionId)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps nothing for an answer that searched no listings', async () => {
    const f = await chatFixture(t);
    t.engine.script = { fragments: ['Hello.'] };
    const r = await post(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'hi' }, f.ws.auth);
    expect(r.status).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('listing_searches')
      .select('id')
      .where('session_id', '=', f.sessionId)
      .execute();
    expect(rows).toEqual([]);
  });
});
