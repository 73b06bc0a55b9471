// An invitation sent by e-mail, on SQLite and PostgreSQL: the owner asks for it (Send), the
// invited person receives the one-time link at their address through SMTP, the link works, and
// the queued message keeps no body once sent (the link is a credential). Without Send nothing
// is queued; a Send that is not a boolean is refused, naming it, with no invitation made.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorker } from '../../src/notify/worker.ts';
import { smtpMailer } from '../../src/outbox/mailer.ts';
import { buildTestApp, newWorkspace, type TestApp, testClock } from '../harness.ts';
import { decodeMail, type SmtpSink, startSmtpSink } from '../smtp-sink.ts';
import { type SignedIn, staffOf } from './staff.ts';

const PUBLIC_URL = 'https://parlor.example.com';
// Far in the future, so that the background workers of other test apps never find these rows due.
const clock = testClock(new Date('2032-03-04T15:00:00Z'));
let sink: SmtpSink;
let t: TestApp;
let owner: SignedIn;
let workspaceId = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ clock, env: { SMTP_URL: sink.url, PARLOR_PUBLIC_URL: PUBLIC_URL } });
  ({ workspaceId } = await newWorkspace(t.db, 'Invite Mail Realty'));
  owner = await staffOf(t.app, t.db, workspaceId, 'owner');
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let n = 0;
const freshEmail = () => `mailed${++n}-${process.pid}-${Date.now()}@invite.example`;

async function send(url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, headers: owner.write, payload: JSON.stringify(payload) });
  return { status: res.statusCode, body: res.json() };
}

const outboxRows = () =>
  t.db.kysely.selectFrom('outbox').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();

function runWorker() {
  return createWorker({
    db: t.db,
    mailer: smtpMailer(sink.url, 'Parlor <parlor@example.com>'),
    clock,
    digestHour: 8,
    publicUrl: PUBLIC_URL,
    workspaceIds: [workspaceId],
  }).runOnce();
}

it('e-mails the one-time link to the person invited, and forgets the message once sent', async () => {
  const email = freshEmail();
  const made = await send('/console/api/invites', { Email: email, Name: 'Dana', Role: 'agent', Send: true });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.Data.Emailed).toBe(true);
  const link: string = made.body.Data.Link;
  expect(link.startsWith(`${PUBLIC_URL}/console/invite#`)).toBe(true);

  const before = sink.received.length;
  await runWorker();
  const [mail] = (await sink.waitFor(before + 1)).slice(before);
  expect(mail.to).toEqual([email]);
  const text = decodeMail(mail.raw);
  expect(text).toContain('Subject: Your invitation to Parlor');
  expect(text).toContain('Hello Dana,');
  expect(text).toContain(link);

  // The link in the e-mail works.
  const check = await t.app.inject({
    method: 'POST',
    url: '/console/api/invite/check',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ Token: link.split('#')[1] }),
  });
  expect(check.json().Data).toMatchObject({ Email: email, Role: 'agent' });

  const rows = await outboxRows();
  const row = rows.at(-1);
  expect(row?.status).toBe('sent');
  expect(row?.payload).toBe('null');
  expect(rows.some((r) => r.payload.includes(link.split('#')[1] ?? '-'))).toBe(false);
});

it('queues nothing without Send; a Send that is not a boolean is refused with no invitation made', async () => {
  const rowsBefore = (await outboxRows()).length;
  const plain = await send('/console/api/invites', { Email: freshEmail(), Role: 'agent' });
  expect(plain.status).toBe(200);
  expect(plain.body.Data.Emailed).toBe(false);
  expect((await outboxRows()).length).toBe(rowsBefore);

  const email = freshEmail();
  const bad = await send('/console/api/invites', { Email: email, Role: 'agent', Send: 'yes' });
  expect(bad.status).toBe(400);
  expect(bad.body.Message).toMatch(/Send/);
  const invites = await t.app.inject({ url: '/console/api/invites', headers: owner.read });
  expect(invites.json().Data.map((i: { Email: string }) => i.Email)).not.toContain(email);
  expect((await outboxRows()).length).toBe(rowsBefore);
});
