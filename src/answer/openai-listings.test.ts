// The provider engine's answers carry the listings its tools returned and its text names,
// in the order it names them: through ClientAsk against the fake provider, JSON and streamed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing, listingBody } from '../../test/factories.ts';
import { type ProviderApp, providerApp } from '../../test/provider/provider-app.ts';
import { readStream } from '../../test/stream-client.ts';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp();
});
afterAll(() => p.close());

interface Card {
  ID: number;
  MLSNumber: string;
  Price: string;
  Url: string;
}

/** A session on the provider model, and three listings in Austin: A 525k, B 450k, C 380k. */
async function threeListings() {
  const s = await p.session();
  const [a, b, c] = [525000, 450000, 380000].map((SalePrice) => listingBody(s.serial, { City: 'Austin', SalePrice }));
  if (!a || !b || !c) throw new Error('no listings');
  const ids = { a: 0, b: 0, c: 0 };
  ids.a = await createListing(p.app, s.ws.auth, a);
  ids.b = await createListing(p.app, s.ws.auth, b);
  ids.c = await createListing(p.app, s.ws.auth, c);
  return { s, a, b, c, ids };
}

async function askJson(sessionID: number, auth: Record<string, string>) {
  const res = await fetch(`${p.url}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ sessionID, content: 'Homes in Austin?' }),
  });
  return (await res.json()) as { Code: number; Data: { content: string; Listings: Card[] } };
}

describe('Listings of OpenAI-compatible answers', () => {
  it('are the searched listings the answer names, by MLS number or URL, in order of first mention', async () => {
    const { s, a, b, c, ids } = await threeListings();
    const text = `Two homes fit: MLS ${b.MLSNumber} at $450,000 (${b.Url}), and this one: ${a.Url}.`;
    p.fake.script(
      { kind: 'tool', name: 'search_listings', args: { city: 'Austin', limit: 5 } },
      { kind: 'text', text, fragments: 5 },
    );
    const r = await askJson(s.sessionId, s.ws.auth);
    expect(r.Code).toBe(200);
    expect(r.Data.content).toBe(text);
    expect(r.Data.Listings.map((l) => [l.ID, l.MLSNumber, l.Price, l.Url])).toEqual([
      [ids.b, b.MLSNumber, '450000', b.Url],
      [ids.a, a.MLSNumber, '525000', a.Url],
    ]);
    // C was returned by the search too, but the answer does not show it.
    const toolResult = JSON.stringify(
      p.fake
        .chats()
        .at(-1)
        ?.body?.messages?.find((m) => m.role === 'tool'),
    );
    expect(toolResult).toContain(c.MLSNumber);
  });

  it('never include a listing the tools did not return, even when the text names it', async () => {
    const { s, a, b } = await threeListings();
    p.fake.script(
      { kind: 'tool', name: 'get_listing', args: { mlsNumber: a.MLSNumber } },
      { kind: 'text', text: `${a.MLSNumber} has a pool; ${b.MLSNumber} might too.` },
    );
    const r = await askJson(s.sessionId, { 'chatrobot-sessionkey': s.ws.sessionKey });
    expect(r.Data.Listings.map((l) => l.MLSNumber)).toEqual([a.MLSNumber]);
  });

  it('are [] for an answer without tools, and ride on the final frame when streamed', async () => {
    const { s, a } = await threeListings();
    p.fake.script({ kind: 'text', text: 'Hello! How can I help?' });
    expect((await askJson(s.sessionId, s.ws.auth)).Data.Listings).toEqual([]);

    p.fake.script(
      { kind: 'tool', name: 'search_listings', args: { city: 'Austin', minPrice: 500000 } },
      { kind: 'text', text: `One: ${a.MLSNumber}.`, fragments: 3 },
    );
    const streamed = await readStream(
      `${p.url}/chat/Chat/ClientAsk`,
      { sessionID: s.sessionId, content: 'Over 500k?', stream: true },
      s.ws.auth,
    );
    expect(streamed.platform?.completed).toBe(true);
    const final = streamed.frames.at(-1) as { Listings: Card[] };
    expect(final.Listings.map((l) => l.MLSNumber)).toEqual([a.MLSNumber]);
  });
});
