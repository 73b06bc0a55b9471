// OpenListing: the widget says which listing a visitor opened from an answer's cards; it counts
// once per answer and listing in the analytics funnel's "listing opened", only for a listing
// that answer showed, with RateAnswer's rules for which answer may be named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, createListing, expectFailure, listingBody } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { searchingSessions } from '../chat/index.ts';

const clock = testClock(new Date('2031-05-06T15:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

interface Answer {
  messageid: number;
  Listings: { ID: number; City: string }[];
}

async function fixture() {
  const f = await chatbotWithSession(t);
  const ids: number[] = [];
  for (const price of [320_000, 610_000]) {
    ids.push(await createListing(t.app, f.ws.auth, listingBody(f.serial, { City: 'Waco', SalePrice: price })));
  }
  const cfg = await call<{ SessionID: number; SessionKey: string }>(
    t.app,
    '/chat/Chatbot/GetConfig',
    { serialNumber: f.serial },
    {},
  );
  const visitor = { 'chatrobot-sessionkey': cfg.SessionKey };
  const ask = (sessionID: number, content: string) =>
    call<Answer>(t.app, '/chat/Chat/ClientAsk', { sessionID, content, stream: false }, f.ws.auth);
  const answer = await ask(cfg.SessionID, 'homes for sale in Waco');
  const session = await t.db.kysely
    .selectFrom('sessions')
    .select('chatbot_id')
    .where('id', '=', cfg.SessionID)
    .executeTakeFirstOrThrow();
  return { ...f, ids, visitor, visitorSession: cfg.SessionID, chatbotId: session.chatbot_id, answer, ask };
}

const opened = (f: Awaited<ReturnType<typeof fixture>>) =>
  searchingSessions(t.db.kysely, {
    workspaceId: f.ws.workspaceId,
    chatbotId: f.chatbotId,
    from: '2031-05-01T00:00:00.000Z',
    to: '2031-06-01T00:00:00.000Z',
  });

describe('OpenListing', () => {
  it("counts a listing opened from an answer's card once, in the funnel and by its price band", async () => {
    const f = await fixture();
    const shown = f.answer.Listings.map((c) => c.ID);
    expect(shown.sort()).toEqual([...f.ids].sort());
    expect(await opened(f)).toEqual({ searched: 1, opened: 0 });
    const body = { sessionID: f.visitorSession, messageId: f.answer.messageid, listingId: f.ids[1] };
    const first = await call(t.app, '/chat/Chat/OpenListing', body, f.visitor);
    expect(first).toEqual({ MessageID: f.answer.messageid, ListingID: f.ids[1], Counted: true });
    const again = await call(t.app, '/chat/Chat/OpenListing', body, f.visitor);
    expect(again).toMatchObject({ Counted: false });
    // The other card of the same answer counts too, in its own row; the session once in the funnel.
    await call(t.app, '/chat/Chat/OpenListing', { ...body, listingId: f.ids[0] }, f.visitor);
    expect(await opened(f)).toEqual({ searched: 1, opened: 1 });
    const rows = await t.db.kysely
      .selectFrom('listing_searches')
      .select(['kind', 'listing_id', 'city', 'price_band'])
      .where('message_id', '=', f.answer.messageid)
      .where('kind', '=', 'open')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'open', listing_id: f.ids[1], city: 'Waco', price_band: '$500k–$750k' },
      { kind: 'open', listing_id: f.ids[0], city: 'Waco', price_band: '$250k–$500k' },
    ]);
  });

  it('404: a listing the answer did not show, a question, another session, another workspace', async () => {
    const f = await fixture();
    const open = (body: Record<string, unknown>, auth: Record<string, string> = f.visitor) =>
      post(
        t.app,
        '/chat/Chat/OpenListing',
        { sessionID: f.visitorSession, messageId: f.answer.messageid, listingId: f.ids[0], ...body },
        auth,
      );
    const elsewhere = await createListing(t.app, f.ws.auth, listingBody(f.serial, { City: 'Tyler' }));
    expectFailure(await open({ listingId: elsewhere }), 404);
    expectFailure(await open({ messageId: f.answer.messageid - 1 }), 404);
    const other = await f.ask(f.sessionId, 'homes for sale in Waco');
    expectFailure(await open({ sessionID: f.sessionId, messageId: other.messageid }), 404);
    expectFailure(await open({ messageId: other.messageid }, f.ws.auth), 404);
    const stranger = await newWorkspace(t.db, 'Other Realty');
    expectFailure(await open({}, stranger.auth), 404);
    expect(await opened(f)).toEqual({ searched: 2, opened: 0 });
  });

  it('400 names the field; 401 without a key', async () => {
    const f = await fixture();
    const body = { sessionID: f.visitorSession, messageId: f.answer.messageid, listingId: f.ids[0] };
    expectFailure(await post(t.app, '/chat/Chat/OpenListing', { ...body, listingId: 0 }, f.visitor), 400, 'listingId');
    expectFailure(
      await post(t.app, '/chat/Chat/OpenListing', { ...body, listingId: 'first' }, f.visitor),
      400,
      'listingId',
    );
    expectFailure(
      await post(t.app, '/chat/Chat/OpenListing', { sessionID: f.visitorSession, listingId: f.ids[0] }, f.visitor),
      400,
      'messageId',
    );
    expectFailure(await post(t.app, '/chat/Chat/OpenListing', body, {}), 401);
    expect(await opened(f)).toEqual({ searched: 1, opened: 0 });
  });
});
