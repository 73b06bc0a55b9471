// TalkToHuman's validation and credentials, and GetLeads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotWithSession, LEAD, leadIds } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { insertKey } from '../workspaces/repo.ts';

const clock = testClock(new Date('2031-05-07T15:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, notify: { enabled: false } });
});
afterAll(() => t.close());

function fixture(settings: Record<string, unknown> = { TalkToHumanEmail: 'agent@demo.example' }) {
  return chatbotWithSession(t, settings, 'Demo Realty');
}

const lead = LEAD;

describe('TalkToHuman input and credentials', () => {
  it.each([
    [{ Name: '' }, 'Name'],
    [{ Name: '   ' }, 'Name'],
    [{ Name: 'x'.repeat(201) }, 'Name'],
    [{ Email: 'not-an-email' }, 'Email'],
    [{ Email: 'a@example.com, b@example.com' }, 'Email'],
    [{ Phone: 'call me' }, 'Phone'],
    [{ Phone: '1'.repeat(51) }, 'Phone'],
    [{ Message: 'x'.repeat(5001) }, 'Message'],
    [{ Email: '', Phone: '' }, 'Email'],
    [{ sessionID: 'abc' }, 'sessionID'],
  ])('rejects %j naming %s, and records nothing', async (change, field) => {
    const f = await fixture();
    const r = await post(t.app, '/chat/Chat/TalkToHuman', { sessionID: f.sessionId, ...lead, ...change }, f.ws.auth);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Success: false, Code: 400, Data: null });
    expect(r.body.Message.startsWith(`${field}: `), r.body.Message).toBe(true);
    expect(await leadIds(t.db, f.ws.workspaceId)).toEqual([]);
  });

  it('needs a credential; another workspace gets 404; a visitor key works only for its own session', async () => {
    const f = await fixture();
    const other = await newWorkspace(t.db);
    const body = { sessionID: f.sessionId, ...lead };
    expect((await post(t.app, '/chat/Chat/TalkToHuman', body)).status).toBe(401);
    expect((await post(t.app, '/chat/Chat/TalkToHuman', body, { authorization: 'nope' })).status).toBe(401);
    expect((await post(t.app, '/chat/Chat/TalkToHuman', body, other.auth)).status).toBe(404);
    expect((await post(t.app, '/chat/Chat/Resume', { sessionID: f.sessionId }, other.auth)).status).toBe(404);

    const visitorKey = await insertKey(t.db.kysely, f.ws.workspaceId, 'visitor', f.sessionId, clock());
    const visitor = { 'chatrobot-sessionkey': visitorKey };
    const { SessionID: otherSession } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect((await post(t.app, '/chat/Chat/TalkToHuman', { ...body, sessionID: otherSession }, visitor)).status).toBe(
      404,
    );
    const ok = await post<{ LeadID: number }>(t.app, '/chat/Chat/TalkToHuman', body, visitor);
    expect(ok.status).toBe(200);
    // A visitor may not read the leads, resume the session or see the webhooks.
    expect((await post(t.app, '/chat/Chatbot/GetLeads', { serialNumber: f.serial }, visitor)).status).toBe(403);
    expect((await post(t.app, '/chat/Chat/Resume', { sessionID: f.sessionId }, visitor)).status).toBe(403);
    const leads = await call<{ List: { Source: string }[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: f.serial },
      f.ws.auth,
    );
    expect(leads.List.map((l) => l.Source)).toEqual(['widget']);
  });
});

describe('GetLeads', () => {
  it('lists newest first with paging and VirtualCount; another workspace gets 404', async () => {
    const f = await fixture({});
    for (const name of ['First', 'Second', 'Third']) {
      clock.advance(1000);
      await call(
        t.app,
        '/chat/Chat/TalkToHuman',
        { sessionID: f.sessionId, Name: name, Email: `${name.toLowerCase()}@example.com` },
        f.ws.auth,
      );
    }
    const page = await call<{ List: Record<string, unknown>[]; VirtualCount: number }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialnumber: f.serial, PageNumber: 1, PageSize: 2 },
      f.ws.auth,
    );
    expect(page.VirtualCount).toBe(3);
    expect(page.List.map((l) => l.Name)).toEqual(['Third', 'Second']);
    expect(page.List[0]).toMatchObject({
      Email: 'third@example.com',
      Phone: '',
      Message: '',
      Source: 'api',
      SessionID: f.sessionId,
    });
    const page2 = await call<{ List: { Name: string }[] }>(
      t.app,
      '/chat/Chatbot/GetLeads',
      { serialNumber: f.serial, PageNumber: 2, PageSize: 2 },
      f.ws.auth,
    );
    expect(page2.List.map((l) => l.Name)).toEqual(['First']);

    const other = await newWorkspace(t.db);
    expect((await post(t.app, '/chat/Chatbot/GetLeads', { serialNumber: f.serial }, other.auth)).status).toBe(404);
    expect(
      (await post(t.app, '/chat/Chatbot/GetLeads', { serialNumber: f.serial, PageSize: 101 }, f.ws.auth)).status,
    ).toBe(400);
    expect((await post(t.app, '/chat/Chatbot/GetLeads', { serialNumber: f.serial })).status).toBe(401);
  });
});
