// Listing cards on a streamed answer, over a real socket: the final frame's Listings in the
// platform, SSE and NDJSON framings (platform clients still finish), a data-listings part in
// the AI SDK framing, and the widget's Ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAiSdkStream } from '../../test/ai-sdk-client.ts';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { createListing, listingBody } from '../../test/factories.ts';
import { call } from '../../test/harness.ts';
import { readStream } from '../../test/stream-client.ts';

let t: ChatTestApp;
let base: string;
beforeAll(async () => {
  t = await chatTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

const FRAGMENTS = ['Two', ' homes', ':', ' 7 Elm Ave', ' and', ' 12 Oak St', '.'];

describe('listing cards in the final frame', () => {
  /** A chatbot whose answer shows its two listings, the cheaper first; the cards expected. */
  async function answerWithListings() {
    const f = await chatFixture(t);
    const bodies = [
      listingBody(f.serial, { SalePrice: 420000, Address: '12 Oak St', Images: ['https://img.example.com/a.jpg'] }),
      listingBody(f.serial, { SalePrice: 399000, Address: '7 Elm Ave', Images: [] }),
    ];
    const ids: number[] = [];
    for (const b of bodies) ids.push(await createListing(t.app, f.ws.auth, b));
    t.engine.script = {
      fragments: FRAGMENTS,
      listings: async (req) => (await req.listings.search({}, { sort: 'PriceAsc', offset: 0, limit: 5 })).listings,
    };
    const card = (i: number, price: string, address: string, image: string) => ({
      ID: ids[i],
      MLSNumber: bodies[i]?.MLSNumber,
      Address: address,
      City: 'Austin',
      Price: price,
      CurrencySymbol: '$',
      SaleType: 'For Sale',
      Bedrooms: '3',
      Bathrooms: '2.5',
      BuildingArea: '1850',
      AreaUnit: 'Square Feet',
      Image: image,
      Url: bodies[i]?.Url,
    });
    return {
      f,
      cards: [card(1, '399000', '7 Elm Ave', ''), card(0, '420000', '12 Oak St', 'https://img.example.com/a.jpg')],
    };
  }
  const ask = (sessionID: number) => ({ sessionID, content: 'homes?', stream: true });

  it('sends Listings after TotalToken in the platform, SSE and NDJSON framings; platform clients still finish', async () => {
    const { f, cards } = await answerWithListings();
    const url = `${base}/chat/Chat/ClientAsk`;
    const platform = await readStream(url, ask(f.sessionId), f.ws.auth);
    const final = platform.frames.at(-1) ?? {};
    expect(Object.keys(final)).toEqual(['QuestionID', 'AnswerID', 'Answer', 'TotalToken', 'Listings', 'TaskCompleted']);
    expect(final.Listings).toEqual(cards);
    expect(platform.platform).toMatchObject({ completed: true, text: FRAGMENTS.join('') });
    const sse = await readStream(url, ask(f.sessionId), f.ws.auth, { format: 'sse', streamFormat: 'sse' });
    expect(sse.frames.at(-1)).toMatchObject({ Listings: cards, TaskCompleted: true });
    const ndjson = await readStream(url, ask(f.sessionId), f.ws.auth, { format: 'ndjson' });
    expect(ndjson.frames.at(-1)).toMatchObject({ Listings: cards, TaskCompleted: true });
    const history = await call<{ List: { Listings: unknown[] }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List.map((m) => m.Listings)).toEqual([[], cards, [], cards, [], cards]);
  });

  it('sends them as a data-listings part before finish in the AI SDK framing, read by the ai package', async () => {
    const { f, cards } = await answerWithListings();
    const a = await readAiSdkStream(`${base}/chat/Chat/ClientAsk`, ask(f.sessionId), f.ws.auth);
    expect(a.errors).toEqual([]);
    expect(a.text).toBe(FRAGMENTS.join(''));
    const types = a.chunks.map((c) => c.type);
    expect(types.slice(-4)).toEqual(['text-end', 'data-listings', 'finish-step', 'finish']);
    expect(a.chunks.find((c) => c.type === 'data-listings')).toEqual({ type: 'data-listings', data: cards });
  });

  it("sends them to the widget's Ask under a visitor key", async () => {
    const { f, cards } = await answerWithListings();
    const visitor = await call<{ SessionID: number; SessionKey: string }>(
      t.app,
      '/chat/Chatbot/GetConfig',
      { serialNumber: f.serial },
      {},
    );
    const s = await readStream(
      `${base}/chat/Chat/Ask`,
      { sessionID: visitor.SessionID, content: 'homes?' },
      { 'chatrobot-sessionkey': visitor.SessionKey },
      { format: 'sse', streamFormat: 'sse' },
    );
    expect(s.frames.at(-1)).toMatchObject({ Answer: FRAGMENTS.join(''), Listings: cards, TaskCompleted: true });
  });
});
