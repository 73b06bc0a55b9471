// The console's guards, on SQLite and PostgreSQL: every console route without a session
// answers 401 (pages redirect to sign-in); agents cannot reach owner pages (review, analytics
// and the export included); a session of workspace A sees nothing of B, also by guessing IDs;
// state-changing requests need the CSRF token; the 11th wrong password in 15 minutes is
// refused; the cookie is HttpOnly and SameSite (Secure behind HTTPS); sessions expire when idle
// and at their absolute end; and neither passwords nor session tokens reach the logs.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../src/http/route-list.ts';
import { ABSOLUTE_MS, IDLE_MS } from '../../src/users/sessions.ts';
import { createChatbot, LEAD } from '../factories.ts';
import { buildTestApp, call, newWorkspace, openTestDb, testClock } from '../harness.ts';
import { PASSWORD, signIn, staffOf, staffUser } from './staff.ts';

const clock = testClock(new Date());
const t = await buildTestApp({ clock });
afterAll(() => t.close());
const a = await newWorkspace(t.db, 'A Realty');
const b = await newWorkspace(t.db, 'B Realty');
const serialA = await createChatbot(t.app, a.auth, 'A Bot');
const serialB = await createChatbot(t.app, b.auth, 'B Bot');

async function sessionWithLead(ws: typeof a, serial: string) {
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: serial },
    ws.auth,
  );
  await call(t.app, '/chat/Chat/ClientAsk', { sessionID: SessionID, content: 'Any homes in Austin?' }, ws.auth);
  const { LeadID } = await call<{ LeadID: number }>(
    t.app,
    '/chat/Chat/TalkToHuman',
    { sessionID: SessionID, ...LEAD },
    ws.auth,
  );
  return { sessionId: SessionID, leadId: LeadID };
}
const inA = await sessionWithLead(a, serialA);
const inB = await sessionWithLead(b, serialB);
const ownerA = await staffOf(t.app, t.db, a.workspaceId, 'owner');
const agentA = await staffOf(t.app, t.db, a.workspaceId, 'agent');

const PUBLIC = [
  'GET /console/sign-in',
  'GET /console/console.js',
  'POST /console/api/sign-in',
  // An invitation link's page and its two calls: the link's token is the credential.
  'GET /console/invite',
  'POST /console/api/invite/check',
  'POST /console/api/invite/accept',
];
const consoleRoutes = routesOf(t.app).filter((r) => r.split(' ')[1]?.startsWith('/console') && !PUBLIC.includes(r));
const urlOf = (route: string, id: number) => (route.split(' ')[1] ?? '').replace(':id', String(id));
const methodOf = (route: string) => route.split(' ')[0] as 'GET' | 'POST';

it('the console has the routes this suite checks', () => {
  expect(consoleRoutes.length).toBeGreaterThanOrEqual(14);
  expect(consoleRoutes).toContain('GET /console');
});

describe.each(consoleRoutes)('%s', (route) => {
  it('without a session: 401, or a redirect to sign-in for the page', async () => {
    const res = await t.app.inject({
      method: methodOf(route),
      url: urlOf(route, inA.sessionId),
      payload: methodOf(route) === 'POST' ? {} : undefined,
    });
    if (route === 'GET /console') {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/console/sign-in');
    } else {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ Success: false, Code: 401 });
    }
  });

  it.skipIf(!route.startsWith('POST'))('with a session but without the CSRF token: 403, nothing changed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(route, inA.sessionId),
      headers: ownerA.read,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().Message).toMatch(/CSRF/);
  });
});

it('an agent reaches conversations and leads but not owner pages (usage, keys, settings, listings)', async () => {
  for (const url of ['/console/api/conversations', '/console/api/leads', '/console/api/users']) {
    const res = await t.app.inject({ url, headers: agentA.read });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  }
  for (const url of ['/console/api/usage', '/console/api/keys']) {
    const res = await t.app.inject({ url, headers: agentA.read });
    expect(res.statusCode, url).toBe(403);
  }
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: agentA.write, payload: JSON.stringify(payload) });
  expect((await post('/console/api/keys', { Kind: 'api' })).statusCode).toBe(403);
  expect((await post('/chat/Chatbot/Edit', { serialNumber: serialA, Name: 'Hacked' })).statusCode).toBe(403);
  expect((await post('/chat/Chatbot/RealEstateList', { SerialNumber: serialA })).statusCode).toBe(403);
  // …and the owner can.
  const owner = await t.app.inject({
    method: 'POST',
    url: '/chat/Chatbot/RealEstateList',
    headers: ownerA.write,
    payload: JSON.stringify({ SerialNumber: serialA }),
  });
  expect(owner.statusCode, owner.body).toBe(200);
  // An agent replies and hands back through the API with the cookie.
  expect(
    (await post('/chat/Chat/AgentReply', { sessionID: inA.sessionId, content: 'Hello, Dana here.' })).statusCode,
  ).toBe(200);
  expect((await post('/chat/Chat/Resume', { sessionID: inA.sessionId })).statusCode).toBe(200);
});

it('review, analytics and the conversations export are for owners: an agent gets 403 and changes nothing', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const reads = [
    '/console/api/review',
    `/console/api/analytics?chatbot=${serialA}&from=${today}&to=${today}`,
    `/console/api/export?chatbot=${serialA}&from=${today}&to=${today}&format=csv`,
  ];
  for (const url of reads) {
    const agent = await t.app.inject({ url, headers: agentA.read });
    expect(agent.statusCode, `${url}: ${agent.body}`).toBe(403);
    expect(agent.json()).toMatchObject({ Success: false, Code: 403, Message: expect.stringMatching(/owner/) });
    const owner = await t.app.inject({ url, headers: ownerA.read });
    expect(owner.statusCode, `${url}: ${owner.body}`).toBe(200);
  }
  // An agent can neither resolve a handoff nor fix an unanswered question: both stay open.
  const unanswered = await call<{ messageid: number; noAnswer: boolean }>(
    t.app,
    '/chat/Chat/ClientAsk',
    { sessionID: inA.sessionId, content: 'What are your office hours?', stream: false },
    a.auth,
  );
  expect(unanswered.noAnswer).toBe(true);
  const open = async () => {
    const res = await t.app.inject({ url: '/console/api/review', headers: ownerA.read });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { Data: { Items: { Kind: string; ID: number }[] } }).Data.Items;
    return items.map((i) => `${i.Kind} ${i.ID}`);
  };
  const items = [`handoff ${inA.sessionId}`, `answer ${unanswered.messageid}`];
  expect(await open()).toEqual(expect.arrayContaining(items));
  const writes: [string, unknown][] = [
    [`/console/api/review/handoff/${inA.sessionId}/resolve`, {}],
    [`/console/api/review/answer/${unanswered.messageid}/resolve`, {}],
    [`/console/api/review/answer/${unanswered.messageid}/fix`, { Answer: 'Nine to five.' }],
  ];
  for (const [url, payload] of writes) {
    const res = await t.app.inject({ method: 'POST', url, headers: agentA.write, payload: JSON.stringify(payload) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
  }
  expect(await open()).toEqual(expect.arrayContaining(items));
});

it("a session of workspace A sees nothing of B's, by ID guessing too", async () => {
  const inbox = (await t.app.inject({ url: '/console/api/conversations', headers: ownerA.read })).json();
  const ids = inbox.Data.List.map((r: { SessionID: number }) => r.SessionID);
  expect(ids).toContain(inA.sessionId);
  expect(ids).not.toContain(inB.sessionId);
  const leads = (await t.app.inject({ url: '/console/api/leads', headers: ownerA.read })).json();
  expect(leads.Data.List.map((l: { ID: number }) => l.ID)).not.toContain(inB.leadId);
  expect(JSON.stringify(leads)).not.toContain('B Bot');

  const guesses: [string, string, unknown][] = [
    ['GET', `/console/api/conversations/${inB.sessionId}`, undefined],
    ['POST', `/console/api/conversations/${inB.sessionId}/take-over`, {}],
    ['POST', `/console/api/conversations/${inB.sessionId}/hand-back`, {}],
    ['POST', `/console/api/leads/${inB.leadId}`, { Status: 'closed' }],
    ['POST', '/chat/Chat/AgentReply', { sessionID: inB.sessionId, content: 'Hi' }],
    ['POST', '/chat/Chat/GetMessages', { sessionID: inB.sessionId }],
    ['GET', `/console/api/conversations?chatbot=${serialB}`, undefined],
    ['GET', `/console/api/leads?chatbot=${serialB}`, undefined],
  ];
  for (const [method, url, payload] of guesses) {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: method === 'GET' ? ownerA.read : ownerA.write,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    expect(res.body).not.toContain('B Bot');
  }
  // B's lead and session are untouched.
  const bLeads = await call<{ List: { ID: number }[] }>(
    t.app,
    '/chat/Chatbot/GetLeads',
    { serialNumber: serialB },
    b.auth,
  );
  expect(bLeads.List.map((l) => l.ID)).toContain(inB.leadId);
  const bMessages = await call<{ List: { Role: string }[] }>(
    t.app,
    '/chat/Chat/GetMessages',
    { sessionID: inB.sessionId },
    b.auth,
  );
  expect(bMessages.List.map((m) => m.Role)).not.toContain('agent');
});

it('the 11th wrong password within 15 minutes is refused (429), even with the right password; another account is not', async () => {
  const email = await staffUser(t.db, a.workspaceId, 'agent');
  const attempt = (password: string, ip = '10.1.1.1', who = email) =>
    t.app.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      payload: { Email: who, Password: password },
      remoteAddress: ip,
    });
  for (let i = 0; i < 10; i++) {
    const res = await attempt(`wrong password ${i}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().Message).toBe('wrong e-mail or password');
  }
  const eleventh = await attempt(PASSWORD);
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.json().Message).toMatch(/Too many failed sign-ins/);
  expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  // Another account from another address still signs in.
  expect((await signIn(t.app, await staffUser(t.db, a.workspaceId, 'agent'), PASSWORD, '10.1.1.2')).csrf).toBeTruthy();
  // After the window, the right password works again.
  clock.advance(16 * 60_000);
  expect((await attempt(PASSWORD)).statusCode).toBe(200);
});

it('an ID beyond PostgreSQL integer answers 400 naming the id, not a 500', async () => {
  for (const id of ['2147483648', '9999999999']) {
    const read = await t.app.inject({ url: `/console/api/conversations/${id}`, headers: ownerA.read });
    expect(read.statusCode, id).toBe(400);
    expect(read.json().Message).toMatch(/id/);
    const write = await t.app.inject({
      method: 'POST',
      url: `/console/api/leads/${id}`,
      headers: ownerA.write,
      payload: JSON.stringify({ Status: 'contacted' }),
    });
    expect(write.statusCode, id).toBe(400);
  }
  const top = await t.app.inject({ url: '/console/api/conversations/2147483647', headers: ownerA.read });
  expect(top.statusCode).toBe(404);
});

it('30 wrong passwords at once for one account: exactly 10 reach the password check, 20 get 429', async () => {
  const email = await staffUser(t.db, a.workspaceId, 'agent');
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/console/api/sign-in',
        payload: { Email: email, Password: `wrong ${i}` },
        remoteAddress: `10.2.0.${i + 1}`,
      }),
    ),
  );
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 401)).toHaveLength(10);
  expect(codes.filter((c) => c === 429)).toHaveLength(20);
});

it('a right password does not use up the budget: 9 wrong, right, wrong → the 10th failure is still checked', async () => {
  const email = await staffUser(t.db, a.workspaceId, 'agent');
  const attempt = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      payload: { Email: email, Password: password },
      remoteAddress: '10.3.0.1',
    });
  for (let i = 0; i < 9; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(401);
  expect((await attempt(PASSWORD)).statusCode).toBe(200);
  expect((await attempt('wrong 10')).statusCode).toBe(401);
  expect((await attempt(PASSWORD)).statusCode).toBe(429);
});

it("another site's form cannot sign a browser in (login CSRF): sign-in takes JSON only", async () => {
  const email = await staffUser(t.db, a.workspaceId, 'agent');
  const form = await t.app.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    payload: new URLSearchParams({ Email: email, Password: PASSWORD }).toString(),
  });
  expect(form.statusCode).toBe(415);
  expect(form.headers['set-cookie']).toBeUndefined();
  const plain = await t.app.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ Email: email, Password: PASSWORD }),
  });
  expect(plain.statusCode).toBe(415);
  expect(plain.headers['set-cookie']).toBeUndefined();
});

it('an unknown e-mail answers like a wrong password', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    payload: { Email: 'nobody@nowhere.example', Password: 'x' },
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().Message).toBe('wrong e-mail or password');
});

it('the cookie is HttpOnly, SameSite=Strict, Path=/; Secure when PARLOR_PUBLIC_URL is https', async () => {
  expect(ownerA.setCookie).toMatch(/HttpOnly/i);
  expect(ownerA.setCookie).toMatch(/SameSite=Strict/i);
  expect(ownerA.setCookie).toMatch(/Path=\//);
  expect(ownerA.setCookie).not.toMatch(/Secure/i);
  const https = await buildTestApp({ db: t.db, env: { PARLOR_PUBLIC_URL: 'https://parlor.example' } });
  try {
    const s = await signIn(https.app, await staffUser(t.db, a.workspaceId, 'agent'));
    expect(s.setCookie).toMatch(/; Secure/i);
  } finally {
    await https.close();
  }
});

it('a session ends after 12 idle hours, and 7 days after sign-in however busy', async () => {
  const s = await staffOf(t.app, t.db, a.workspaceId, 'agent');
  const me = () => t.app.inject({ url: '/console/api/me', headers: s.read });
  clock.advance(IDLE_MS - 60_000);
  expect((await me()).statusCode).toBe(200);
  clock.advance(IDLE_MS + 1000);
  expect((await me()).statusCode).toBe(401);

  const busy = await staffOf(t.app, t.db, a.workspaceId, 'agent');
  const step = IDLE_MS / 2;
  for (let spent = 0; spent + step < ABSOLUTE_MS; spent += step) {
    clock.advance(step);
    expect((await t.app.inject({ url: '/console/api/me', headers: busy.read })).statusCode).toBe(200);
  }
  clock.advance(step);
  expect((await t.app.inject({ url: '/console/api/me', headers: busy.read })).statusCode).toBe(401);
});

it('signing out ends the session', async () => {
  const s = await staffOf(t.app, t.db, a.workspaceId, 'agent');
  const out = await t.app.inject({ method: 'POST', url: '/console/api/sign-out', headers: s.write, payload: '{}' });
  expect(out.statusCode).toBe(200);
  expect(String(out.headers['set-cookie'])).toMatch(/parlor_console=;/);
  expect((await t.app.inject({ url: '/console/api/me', headers: s.read })).statusCode).toBe(401);
});

it('passwords and session tokens never appear in the logs', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const db = await openTestDb();
  const logged = await buildTestApp({ db, logger: { level: 'trace', stream } as never });
  try {
    const ws = await newWorkspace(db, 'Logged Realty');
    const email = await staffUser(db, ws.workspaceId, 'owner', 'a very secret password 42');
    const s = await signIn(logged.app, email, 'a very secret password 42');
    await logged.app.inject({ url: '/console/api/me', headers: s.read });
    await logged.app.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      payload: { Email: email, Password: 'wrong secret 99' },
    });
    const token = s.cookie.split('=')[1] ?? '';
    const text = lines.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('/console/api/me');
    for (const secret of ['a very secret password 42', 'wrong secret 99', token, s.csrf])
      expect(text).not.toContain(secret);
  } finally {
    await logged.close();
    await db.close();
  }
});
