// The get-started checklist, on SQLite and PostgreSQL: on a new demo workspace nothing is done;
// each step ticks from what is really saved (settings, knowledge, listings, people, the owner's
// own password); "Remove demo data" (confirmed) removes the demo chatbot's sample listings and
// its conversations with their leads, and touches no other chatbot.
import { afterAll, expect, it } from 'vitest';
import { createDemo } from '../../src/setup/bootstrap.ts';
import { createChatbot, createListing, LEAD, listingBody } from '../factories.ts';
import { buildTestApp, call } from '../harness.ts';
import { signIn, staffOf } from './staff.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { keys } = await createDemo(t.db.kysely, new Date(), `owner-${process.pid}-${Date.now()}@start.example`);
const auth = { authorization: keys.apiKey };
const owner = await signIn(t.app, keys.ownerEmail, keys.ownerPassword);

interface Start {
  Chatbot: { SerialNumber: string } | null;
  Embed: string;
  WidgetUrl: string;
  Steps: { Key: string; Done: boolean }[];
  DemoChatbots: { SerialNumber: string }[];
  Done: boolean;
}

async function start(chatbot = keys.serialNumber): Promise<Start> {
  const res = await t.app.inject({ url: `/console/api/get-started?chatbot=${chatbot}`, headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data;
}
const done = (s: Start) => Object.fromEntries(s.Steps.map((x) => [x.Key, x.Done]));

it('the checklist starts empty and ticks each step from saved state, up to done', async () => {
  const first = await start();
  expect(first.Embed).toBe(
    `<script src="${t.config.publicUrl}/widget.js" data-chatbot="${keys.serialNumber}" defer></script>`,
  );
  expect(first.WidgetUrl).toBe(`/demo?chatbot=${keys.serialNumber}`);
  expect(done(first)).toEqual({
    name: false,
    about: false,
    listings: false,
    handoff: false,
    agent: false,
    password: false,
    demo: false,
  });
  expect(first.Done).toBe(false);

  const edit = (body: Record<string, unknown>) =>
    call(t.app, '/chat/Chatbot/Edit', { serialNumber: keys.serialNumber, ...body }, auth);
  await edit({ Name: 'Lakeside Realty' });
  expect(done(await start()).name).toBe(false); // the demo's welcome is still there
  await edit({ WelcomeMessage: 'Welcome to Lakeside Realty! Ask about our homes.' });
  expect(done(await start()).name).toBe(true);

  await call(
    t.app,
    '/chat/Chatbot/EditKnowledge',
    { serialNumber: keys.serialNumber, text: 'Lakeside Realty has sold homes since 1998.' },
    auth,
  );
  expect(done(await start()).about).toBe(true);

  await createListing(t.app, auth, listingBody(keys.serialNumber));
  expect(done(await start()).listings).toBe(true);

  await edit({ TalkToHumanEmail: 'desk@lakeside.example' });
  expect(done(await start()).handoff).toBe(true);

  const invite = await t.app.inject({
    method: 'POST',
    url: '/console/api/invites',
    headers: owner.write,
    payload: JSON.stringify({ Email: `agent-${process.pid}-${Date.now()}@start.example`, Role: 'agent' }),
  });
  expect(invite.statusCode, invite.body).toBe(200);
  expect(done(await start()).agent).toBe(true);

  const pw = await t.app.inject({
    method: 'POST',
    url: '/console/api/me/password',
    headers: owner.write,
    payload: JSON.stringify({ CurrentPassword: keys.ownerPassword, NewPassword: 'lakeside owner secret' }),
  });
  expect(pw.statusCode, pw.body).toBe(200);
  Object.assign(owner, await signIn(t.app, keys.ownerEmail, 'lakeside owner secret'));
  expect(done(await start()).password).toBe(true);

  // Demo data: a conversation with a lead, and the 12 samples.
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: keys.serialNumber },
    auth,
  );
  await call(t.app, '/chat/Chat/ClientAsk', { sessionID: SessionID, content: 'Homes in Austin?' }, auth);
  await call(t.app, '/chat/Chat/TalkToHuman', { sessionID: SessionID, ...LEAD }, auth);
  const other = await createChatbot(t.app, auth, 'Second Bot');
  const kept = await createListing(t.app, auth, listingBody(other));
  const otherSession = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: other },
    auth,
  );

  const unconfirmed = await t.app.inject({
    method: 'POST',
    url: '/console/api/demo-data/remove',
    headers: owner.write,
    payload: '{}',
  });
  expect(unconfirmed.statusCode).toBe(400);
  expect(unconfirmed.json().Message).toMatch(/Confirm/);
  const removed = await t.app.inject({
    method: 'POST',
    url: '/console/api/demo-data/remove',
    headers: owner.write,
    payload: JSON.stringify({ Confirm: true }),
  });
  expect(removed.statusCode, removed.body).toBe(200);
  expect(removed.json().Data).toEqual({ Listings: 12, Sessions: 1 });

  const after = await start();
  expect(after.DemoChatbots).toEqual([]);
  expect(done(after)).toEqual({
    name: true,
    about: true,
    listings: true,
    handoff: true,
    agent: true,
    password: true,
    demo: true,
  });
  expect(after.Done).toBe(true);
  // The brokerage's own listing stays; the demo's conversation and lead are gone; the other chatbot is untouched.
  const list = await call<{ VirtualCount: number }>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: keys.serialNumber },
    auth,
  );
  expect(list.VirtualCount).toBe(1);
  const leads = (await t.app.inject({ url: '/console/api/leads', headers: owner.read })).json().Data.List;
  expect(leads).toEqual([]);
  const otherList = await call<{ VirtualCount: number }>(
    t.app,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: other },
    auth,
  );
  expect(otherList.VirtualCount).toBe(1);
  expect(kept).toBeGreaterThan(0);
  const messages = await t.app.inject({
    method: 'POST',
    url: '/chat/Chat/GetMessages',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ sessionID: otherSession.SessionID }),
  });
  expect(messages.statusCode).toBe(200);
});

it('an unknown chatbot is named; agents cannot read the checklist or remove demo data', async () => {
  const res = await t.app.inject({ url: '/console/api/get-started?chatbot=nope', headers: owner.read });
  expect(res.statusCode).toBe(404);
  expect(res.json().Message).toMatch(/chatbot "nope"/);
  const agent = await staffOf(t.app, t.db, keys.workspaceId, 'agent');
  expect((await t.app.inject({ url: '/console/api/get-started', headers: agent.read })).statusCode).toBe(403);
  const remove = await t.app.inject({
    method: 'POST',
    url: '/console/api/demo-data/remove',
    headers: agent.write,
    payload: JSON.stringify({ Confirm: true }),
  });
  expect(remove.statusCode).toBe(403);
});
