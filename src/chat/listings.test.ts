// Answers carry the listings they show: Data.Listings of ClientAsk, stored with the answer
// and returned by GetMessages as they were shown, [] where there are none.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { createListing, listingBody } from '../../test/factories.ts';
import { call, newWorkspace, post } from '../../test/harness.ts';
import type { AnswerRequest } from '../answer/engine.ts';
import type { ListingCardData } from '../listings/card.ts';

let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.engine.script = {};
});

interface AnswerJson {
  messageid: number;
  content: string;
  noAnswer: boolean;
  Listings: ListingCardData[];
}
interface History {
  List: { ID: number; Role: string; Listings: ListingCardData[] }[];
}

/** The engine shows the chatbot's listings cheapest first, the cheapest twice (shown once). */
const cheapestFirst = async (req: AnswerRequest) => {
  const { listings } = await req.listings.search({}, { sort: 'PriceAsc', offset: 0, limit: 10 });
  return [...listings, ...listings.slice(0, 1)];
};

/** A chatbot with a session and two listings: a house for sale and a cheaper flat for rent. */
async function withListings() {
  const f = await chatFixture(t);
  const house = listingBody(f.serial, {
    SalePrice: 420000,
    Address: '12 Oak St',
    City: 'Austin',
    Bedrooms: 3,
    Bathrooms: 2.5,
    BuildingArea: 1850,
    Images: ['https://img.example.com/oak/1.jpg', 'https://img.example.com/oak/2.jpg'],
  });
  const flat = listingBody(f.serial, {
    SaleType: 'for_rent',
    SalePrice: null,
    RentPrice: 2450,
    Address: '7 Elm Ave',
    City: 'Dallas',
    Bedrooms: 1,
    Bathrooms: 1,
    BuildingArea: 61,
    AreaUnit: 'Square Meters',
    Images: [],
  });
  const houseId = await createListing(t.app, f.ws.auth, house);
  const flatId = await createListing(t.app, f.ws.auth, flat);
  const cards: ListingCardData[] = [
    {
      ID: flatId,
      MLSNumber: flat.MLSNumber,
      Address: '7 Elm Ave',
      City: 'Dallas',
      Price: '2450',
      CurrencySymbol: '$',
      SaleType: 'For Rent',
      Bedrooms: '1',
      Bathrooms: '1',
      BuildingArea: '61',
      AreaUnit: 'Square Meters',
      Image: '',
      Url: flat.Url,
    },
    {
      ID: houseId,
      MLSNumber: house.MLSNumber,
      Address: '12 Oak St',
      City: 'Austin',
      Price: '420000',
      CurrencySymbol: '$',
      SaleType: 'For Sale',
      Bedrooms: '3',
      Bathrooms: '2.5',
      BuildingArea: '1850',
      AreaUnit: 'Square Feet',
      Image: 'https://img.example.com/oak/1.jpg',
      Url: house.Url,
    },
  ];
  return { ...f, houseId, house, cards };
}

const ask = (auth: Record<string, string>, sessionID: number, content = 'homes?') =>
  post<AnswerJson>(t.app, '/chat/Chat/ClientAsk', { sessionID, content }, auth);

const historyOf = (auth: Record<string, string>, sessionID: number) =>
  call<History>(t.app, '/chat/Chat/GetMessages', { sessionID }, auth);

describe('Listings in ClientAsk and GetMessages', () => {
  it("answers the engine's listings as cards, in its order and each once, and GetMessages returns them", async () => {
    const f = await withListings();
    t.engine.script = { fragments: ['Two homes.'], listings: cheapestFirst };
    const r = await ask(f.ws.auth, f.sessionId);
    expect(r.status).toBe(200);
    expect(r.body.Data.content).toBe('Two homes.');
    expect(r.body.Data.Listings).toEqual(f.cards);
    const history = await historyOf(f.ws.auth, f.sessionId);
    expect(history.List.map((m) => [m.Role, m.Listings])).toEqual([
      ['user', []],
      ['assistant', f.cards],
    ]);
    expect(history.List[1]?.ID).toBe(r.body.Data.messageid);
  });

  it('keeps the cards as they were shown after the listing changes or goes away', async () => {
    const f = await withListings();
    t.engine.script = { listings: cheapestFirst };
    await ask(f.ws.auth, f.sessionId);
    await call(
      t.app,
      '/chat/Chatbot/RealEstateUpdate',
      { SerialNumber: f.serial, Key: String(f.houseId), KeyType: 'NewOaks', SalePrice: 399000 },
      f.ws.auth,
    );
    const after = await ask(f.ws.auth, f.sessionId);
    expect(after.body.Data.Listings[1]?.Price).toBe('399000');
    await call(
      t.app,
      '/chat/Chatbot/RealEstateDelete',
      { SerialNumber: f.serial, Keys: [String(f.houseId)], KeyType: 'NewOaks' },
      f.ws.auth,
    );
    const history = await historyOf(f.ws.auth, f.sessionId);
    expect(history.List[1]?.Listings).toEqual(f.cards);
    expect(history.List[3]?.Listings[1]).toEqual({ ...f.cards[1], Price: '399000' });
  });

  it('answers Listings [] when the answer shows none, and stores none', async () => {
    const f = await withListings();
    const r = await ask(f.ws.auth, f.sessionId);
    expect(r.body.Data).toMatchObject({ content: 'Hello, world.', Listings: [] });
    t.engine.script = { listings: async () => [] };
    expect((await ask(f.ws.auth, f.sessionId)).body.Data.Listings).toEqual([]);
    const history = await historyOf(f.ws.auth, f.sessionId);
    expect(history.List.map((m) => m.Listings)).toEqual([[], [], [], []]);
  });

  it('works with either credential header', async () => {
    const f = await withListings();
    t.engine.script = { listings: cheapestFirst };
    const headers: Record<string, string>[] = [
      { authorization: f.ws.apiKey },
      { 'chatrobot-sessionkey': f.ws.sessionKey },
    ];
    for (const auth of headers) {
      expect((await ask(auth, f.sessionId)).body.Data.Listings).toEqual(f.cards);
      const history = await historyOf(auth, f.sessionId);
      expect(history.List.at(-1)?.Listings).toEqual(f.cards);
    }
  });

  it("answers 404 for another workspace's session, showing none of its listings", async () => {
    const f = await withListings();
    t.engine.script = { listings: cheapestFirst };
    await ask(f.ws.auth, f.sessionId);
    const other = await newWorkspace(t.db);
    const asked = await ask(other.auth, f.sessionId);
    expect(asked.status).toBe(404);
    expect(asked.body).toMatchObject({ Data: null, Message: `session ${f.sessionId} not found` });
    const history = await post(t.app, '/chat/Chat/GetMessages', { sessionID: f.sessionId }, other.auth);
    expect(history.status).toBe(404);
    expect(JSON.stringify(history.body)).not.toContain(f.house.MLSNumber);
  });

  it('documents Listings in the OpenAPI document, with examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const dataOf = (path: string) =>
      doc.paths[path].post.responses['200'].content['application/json'].schema.properties.Data;
    const fields = [
      'ID',
      'MLSNumber',
      'Address',
      'City',
      'Price',
      'CurrencySymbol',
      'SaleType',
      'Bedrooms',
      'Bathrooms',
      'BuildingArea',
      'AreaUnit',
      'Image',
      'Url',
    ];
    for (const path of ['/chat/Chat/ClientAsk', '/chat/Chat/Ask']) {
      const data = dataOf(path);
      expect(data.required).toContain('Listings');
      expect(Object.keys(data.properties.Listings.items.properties)).toEqual(fields);
      expect(data.examples[0].Listings[0]).toMatchObject({ MLSNumber: 'ATX1001', Price: '420000' });
    }
    const record = dataOf('/chat/Chat/GetMessages').properties.List.items;
    expect(record.required).toContain('Listings');
    expect(Object.keys(record.properties.Listings.items.properties)).toEqual(fields);
    expect(record.properties.Listings.examples[0][0].SaleType).toBe('For Sale');
    expect(doc.paths['/chat/Chat/ClientAsk'].post.description).toMatch(/data-listings/);
  });
});
