// A client written for the hosted platform, pointed at Parlor, doing exactly what public
// platform clients do: GetConfig with the platform widget's body and headers, then Ask
// (no `stream` field, Accept: text/event-stream, the visitor key, lang, an Origin), read
// line by line until TaskCompleted; and ClientAsk with the platform's documented example
// body, nulls included. Over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, createListing, listingBody } from './factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace } from './harness.ts';
import { readStream } from './stream-client.ts';

let t: TestApp;
let ws: TestWorkspace;
let serial: string;
let base: string;
const ORIGIN = 'https://www.example-realty.com';

beforeAll(async () => {
  t = await buildTestApp();
  ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth);
  for (const price of [350_000, 420_000]) {
    await createListing(t.app, ws.auth, listingBody(serial, { City: 'Austin', Bedrooms: 3, SalePrice: price }));
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

async function platformGetConfig() {
  const res = await fetch(`${base}/chat/Chatbot/GetConfig`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-referer': 'www.example-realty.com',
      referrerinfo: JSON.stringify({ url: `${ORIGIN}/listings`, agent: 'Mozilla/5.0' }),
      lang: 'en',
    },
    body: JSON.stringify({
      serialNumber: serial,
      clientTimeZone: 'America/Chicago',
      clientCurrentTime: '2026-11-23 09:30:00',
    }),
  });
  const body = (await res.json()) as { Code: number; Data: { SessionID: number; SessionKey: string } };
  // The platform's widget checks Code === 200, nothing else.
  expect(body.Code).toBe(200);
  return body.Data;
}

describe('a platform client, unchanged', () => {
  it('GetConfig then Ask: reads the answer line by line to TaskCompleted, with numeric IDs', async () => {
    const cfg = await platformGetConfig();
    const s = await readStream(
      `${base}/chat/Chat/Ask`,
      { content: '3 bedroom homes in Austin', sessionID: cfg.SessionID },
      { accept: 'text/event-stream', 'chatrobot-sessionkey': cfg.SessionKey, lang: 'en', origin: ORIGIN },
    );
    expect(s.status).toBe(200);
    expect(s.platform?.completed).toBe(true);
    expect(s.platform?.text).toMatch(/\$350,000/);
    expect(s.platform?.text).toMatch(/\$420,000/);
    const history = await call<{ List: { ID: number; Content: string; Listings: unknown[] }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: cfg.SessionID },
      ws.auth,
    );
    expect(history.List.map((m) => m.ID)).toEqual([s.platform?.questionId, s.platform?.answerId]);
    expect(history.List[1]?.Content).toBe(s.platform?.text);
    // The page the platform widget reported (ReferrerInfo) is the conversation's URI.
    const sessions = await call<{ SessionID: number; URI: string; Messages: { Type: string }[] }[]>(
      t.app,
      '/chat/Chatbot/ChatContentHistory',
      { SerialNumber: serial },
      ws.auth,
    );
    const mine = sessions.find((x) => x.SessionID === cfg.SessionID);
    expect(mine).toMatchObject({ URI: `${ORIGIN}/listings` });
    expect(mine?.Messages.map((m) => m.Type)).toEqual(['User', 'AI']);
    // Parlor's additive Listings ride on the final frame; the platform's loop above ignored them.
    const final = s.frames.at(-1) ?? {};
    expect(Object.keys(final)).toEqual(['QuestionID', 'AnswerID', 'Answer', 'TotalToken', 'Listings', 'TaskCompleted']);
    const cards = final.Listings as { MLSNumber: string; Url: string }[];
    for (const card of cards) expect(s.platform?.text).toContain(card.MLSNumber);
    expect(history.List[1]?.Listings).toEqual(cards);
  });

  it("ClientAsk with the platform's example body (chatAskType and fileIds null), streamed and not", async () => {
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    const example = { sessionID: SessionID, content: 'homes in Austin', chatAskType: null, fileIds: null };
    const streamed = await readStream(`${base}/chat/Chat/ClientAsk`, { ...example, stream: true }, ws.auth);
    expect(streamed.platform?.completed).toBe(true);
    expect(streamed.platform?.text).toMatch(/Austin/);

    const plain = await fetch(`${base}/chat/Chat/ClientAsk`, {
      method: 'POST',
      headers: { ...ws.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...example, stream: null }),
    });
    const body = (await plain.json()) as {
      Code: number;
      Data: { messageid: number; content: string; Listings: unknown[] };
    };
    expect(body.Code).toBe(200);
    expect(Number.isInteger(body.Data.messageid)).toBe(true);
    expect(body.Data.content).toBe(streamed.platform?.text);
    // The same answer shows the same listings, whether streamed or not.
    expect(body.Data.Listings).toEqual(streamed.frames.at(-1)?.Listings);
    expect(Array.isArray(body.Data.Listings)).toBe(true);
  });
});
