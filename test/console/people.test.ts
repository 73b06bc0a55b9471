// People, on SQLite and PostgreSQL: an owner invites by a one-time link valid 72 hours; the link
// signs the new user in with the password they chose, and refuses a second use, expiry and any
// altered token with a message saying which; a password under 10 characters is refused at its
// field; roles change (never the last owner's); people are removed; everyone changes their own
// password (which the checklist then counts) and e-mail, each behind the current password.
import { afterAll, expect, it } from 'vitest';
import { buildTestApp, newWorkspace, testClock } from '../harness.ts';
import { PASSWORD, signIn, staffOf, staffUser } from './staff.ts';

const clock = testClock(new Date());
const t = await buildTestApp({ clock });
afterAll(() => t.close());
const ws = await newWorkspace(t.db, 'People Realty');
const owner = await staffOf(t.app, t.db, ws.workspaceId, 'owner');

async function send(url: string, payload: unknown, headers: Record<string, string> = owner.write) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
  return { status: res.statusCode, body: res.json(), setCookie: res.headers['set-cookie'] };
}
const anon = { 'content-type': 'application/json' };
const tokenOf = (link: string) => link.split('#')[1] ?? '';
let n = 0;
const freshEmail = () => `invited${++n}-${process.pid}-${Date.now()}@people.example`;

it('an invitation link signs the new agent in once, with the password they chose', async () => {
  const email = freshEmail();
  const made = await send('/console/api/invites', { Email: email.toUpperCase(), Role: 'agent', Name: 'Dana' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.Data.Link).toMatch(/\/console\/invite#[A-Za-z0-9_-]{43}$/);
  expect(Date.parse(made.body.Data.ExpiresAt) - clock().getTime()).toBe(72 * 3600_000);
  const token = tokenOf(made.body.Data.Link);

  const waiting = await t.app.inject({ url: '/console/api/invites', headers: owner.read });
  expect(waiting.json().Data.map((i: { Email: string }) => i.Email)).toContain(email);

  const check = await send('/console/api/invite/check', { Token: token }, anon);
  expect(check.body.Data).toMatchObject({ Email: email, Role: 'agent', Name: 'Dana' });

  const short = await send('/console/api/invite/accept', { Token: token, Password: 'short1234' }, anon);
  expect(short.status).toBe(400);
  expect(short.body.Message).toBe('Password: must be at least 10 characters');

  const accepted = await send('/console/api/invite/accept', { Token: token, Password: 'a long pass phrase' }, anon);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.Data).toMatchObject({ Email: email, Role: 'agent' });
  expect(String(accepted.setCookie)).toMatch(/parlor_console=/);
  // Signed in as the new agent, who reaches conversations but not owner pages.
  const cookie = String(accepted.setCookie).split(';')[0] ?? '';
  expect((await t.app.inject({ url: '/console/api/conversations', headers: { cookie } })).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/console/api/keys', headers: { cookie } })).statusCode).toBe(403);
  await signIn(t.app, email, 'a long pass phrase');

  const again = await send('/console/api/invite/accept', { Token: token, Password: 'another long one' }, anon);
  expect(again.status).toBe(409);
  expect(again.body.Message).toMatch(/already been used/);
  expect((await send('/console/api/invite/check', { Token: token }, anon)).body.Message).toMatch(/already been used/);
});

it('an expired or altered link is refused with a message saying so', async () => {
  const made = await send('/console/api/invites', { Email: freshEmail(), Role: 'agent' });
  const token = tokenOf(made.body.Data.Link);
  const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  for (const bad of [altered, 'nonsense', '']) {
    const res = await send('/console/api/invite/check', { Token: bad }, anon);
    expect(res.status).toBe(400);
    expect(res.body.Message).toMatch(/^Token: this invitation link is not valid/);
  }
  clock.advance(72 * 3600_000 + 1000);
  try {
    const res = await send('/console/api/invite/accept', { Token: token, Password: 'a long pass phrase' }, anon);
    expect(res.status).toBe(409);
    expect(res.body.Message).toMatch(/expired/);
  } finally {
    clock.advance(-(72 * 3600_000 + 1000));
  }
});

it('invitations are checked field by field; agents cannot invite', async () => {
  const bad = await send('/console/api/invites', { Email: 'not an address', Role: 'agent' });
  expect(bad.status).toBe(400);
  expect(bad.body.Message).toMatch(/^Email: /);
  const role = await send('/console/api/invites', { Email: freshEmail(), Role: 'boss' });
  expect(role.status).toBe(400);
  expect(role.body.Message).toMatch(/Role/);
  const taken = await send('/console/api/invites', { Email: owner.email, Role: 'agent' });
  expect(taken.status).toBe(409);
  const agent = await staffOf(t.app, t.db, ws.workspaceId, 'agent');
  expect((await send('/console/api/invites', { Email: freshEmail(), Role: 'agent' }, agent.write)).status).toBe(403);
  // A waiting invitation can be cancelled.
  const made = await send('/console/api/invites', { Email: freshEmail(), Role: 'agent' });
  expect((await send(`/console/api/invites/${made.body.Data.ID}/cancel`, {})).status).toBe(200);
  const check = await send('/console/api/invite/check', { Token: tokenOf(made.body.Data.Link) }, anon);
  expect(check.status).toBe(400);
});

it('owners change roles and remove people; the last owner stays', async () => {
  const other = await newWorkspace(t.db, 'Solo Realty');
  const solo = await staffOf(t.app, t.db, other.workspaceId, 'owner');
  const team = (await t.app.inject({ url: '/console/api/team', headers: solo.read })).json().Data;
  const me = team.Me.ID as number;
  const demote = await send(`/console/api/users/${me}/role`, { Role: 'agent' }, solo.write);
  expect(demote.status).toBe(409);
  expect(demote.body.Message).toMatch(/^Role: .*last owner/);

  const agentEmail = await staffUser(t.db, ws.workspaceId, 'agent');
  const agent = await signIn(t.app, agentEmail);
  const users = (await t.app.inject({ url: '/console/api/team', headers: owner.read })).json().Data.Users;
  const id = users.find((u: { Email: string }) => u.Email === agentEmail).ID as number;
  // Another workspace's owner cannot touch them.
  expect((await send(`/console/api/users/${id}/role`, { Role: 'owner' }, solo.write)).status).toBe(404);
  expect((await send(`/console/api/users/${id}/role`, { Role: 'owner' })).body.Data.Role).toBe('owner');
  // The promotion signs them out: their session had the old role.
  expect((await t.app.inject({ url: '/console/api/me', headers: agent.read })).statusCode).toBe(401);
  expect((await send(`/console/api/users/${id}/remove`, {})).status).toBe(200);
  await expect(signIn(t.app, agentEmail)).rejects.toThrow(/401/);
  expect((await send(`/console/api/users/${me}/remove`, {}, solo.write)).status).toBe(409);
});

it('everyone changes their own password and e-mail behind the current password', async () => {
  const email = await staffUser(t.db, ws.workspaceId, 'agent');
  const agent = await signIn(t.app, email);
  const wrong = await send(
    '/console/api/me/password',
    { CurrentPassword: 'nope', NewPassword: 'brand new secret' },
    agent.write,
  );
  expect(wrong.status).toBe(400);
  expect(wrong.body.Message).toBe('CurrentPassword: is not your password');
  const short = await send(
    '/console/api/me/password',
    { CurrentPassword: PASSWORD, NewPassword: 'short' },
    agent.write,
  );
  expect(short.body.Message).toBe('NewPassword: must be at least 10 characters');

  const changed = await send(
    '/console/api/me/password',
    { CurrentPassword: PASSWORD, NewPassword: 'brand new secret' },
    agent.write,
  );
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  // The old session is over; the answer's cookie is the new one.
  expect((await t.app.inject({ url: '/console/api/me', headers: agent.read })).statusCode).toBe(401);
  const cookie = String(changed.setCookie).split(';')[0] ?? '';
  const write = { cookie, 'x-csrf-token': changed.body.Data.CsrfToken, 'content-type': 'application/json' };
  expect((await t.app.inject({ url: '/console/api/me', headers: { cookie } })).statusCode).toBe(200);
  await expect(signIn(t.app, email)).rejects.toThrow(/401/);

  const next = `renamed-${email}`;
  const bad = await send('/console/api/me/email', { Email: 'nobody', CurrentPassword: 'brand new secret' }, write);
  expect(bad.body.Message).toMatch(/^Email: /);
  const taken = await send('/console/api/me/email', { Email: owner.email, CurrentPassword: 'brand new secret' }, write);
  expect(taken.status).toBe(409);
  const ok = await send('/console/api/me/email', { Email: next, CurrentPassword: 'brand new secret' }, write);
  expect(ok.body.Data.Email).toBe(next);
  await signIn(t.app, next, 'brand new secret');
});
