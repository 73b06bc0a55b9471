// SetWebhook / GetWebhooks and signed deliveries to a real HTTP receiver started here.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { noMail } from '../../test/no-mail.ts';
import { SIGNATURE_HEADER, verifySignature } from '../outbox/signature.ts';
import { createWorker } from './worker.ts';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

const clock = testClock(new Date('2031-06-10T12:00:00Z'));
let t: TestApp;
let receiver: Server;
let receiverUrl: string;
const hits: Hit[] = [];
/** Statuses the receiver answers, in order; 200 once used up. */
const statuses: number[] = [];

beforeAll(async () => {
  // The receiver is on 127.0.0.1: this app is one whose operator allows private URLs.
  t = await buildTestApp({ clock, notify: { enabled: false }, env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Hooks = { List: { ID: number; Url: string; Events: string[] }[]; SigningSecret: string };

describe('SetWebhook / GetWebhooks', () => {
  it('registers, replaces, removes, and returns the workspace signing secret', async () => {
    const ws = await newWorkspace(t.db);
    const row = await t.db.kysely
      .selectFrom('workspaces')
      .select('signing_secret')
      .where('id', '=', ws.workspaceId)
      .executeTakeFirstOrThrow();
    const set = await call<Hooks>(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'https://a.example.com/h', Events: ['lead.created'] },
      ws.auth,
    );
    expect(set.SigningSecret).toBe(row.signing_secret);
    expect(set.List).toMatchObject([{ Url: 'https://a.example.com/h', Events: ['lead.created'] }]);

    await call(
      t.app,
      '/chat/Workspace/SetWebhook',
      { url: 'https://a.example.com/h', events: ['lead.created', 'conversation.daily', 'lead.created'] },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'http://b.example.com/h', Events: ['conversation.daily'] },
      ws.auth,
    );
    const got = await call<Hooks>(t.app, '/chat/Workspace/GetWebhooks', {}, ws.auth);
    expect(got.List.map((h) => [h.Url, h.Events])).toEqual([
      ['https://a.example.com/h', ['lead.created', 'conversation.daily']],
      ['http://b.example.com/h', ['conversation.daily']],
    ]);

    // Another workspace sees none of them, and has its own secret.
    const other = await newWorkspace(t.db);
    const theirs = await call<Hooks>(t.app, '/chat/Workspace/GetWebhooks', {}, other.auth);
    expect(theirs.List).toEqual([]);
    expect(theirs.SigningSecret).not.toBe(row.signing_secret);

    const removed = await call<Hooks>(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: 'https://a.example.com/h', Events: [] },
      ws.auth,
    );
    expect(removed.List.map((h) => h.Url)).toEqual(['http://b.example.com/h']);
    const none = await call<Hooks>(t.app, '/chat/Workspace/SetWebhook', { Url: '' }, ws.auth);
    expect(none.List).toEqual([]);
  });

  it.each([
    [{ Url: 'ftp://a.example.com/h', Events: ['lead.created'] }, 'Url'],
    [{ Url: 'not a url', Events: ['lead.created'] }, 'Url'],
    [{ Url: 'https://a.example.com/h', Events: ['lead.deleted'] }, 'Events[0]'],
    [{ Url: 'https://a.example.com/h', Events: 'lead.created' }, 'Events'],
    [{ Events: ['lead.created'] }, 'Url'],
  ])('rejects %j naming %s', async (body, field) => {
    const ws = await newWorkspace(t.db);
    const r = await post(t.app, '/chat/Workspace/SetWebhook', body, ws.auth);
    expect(r.status).toBe(400);
    expect(r.body.Message.startsWith(`${field}: `), r.body.Message).toBe(true);
  });

  it('needs a workspace credential', async () => {
    expect((await post(t.app, '/chat/Workspace/GetWebhooks', {})).status).toBe(401);
    expect((await post(t.app, '/chat/Workspace/SetWebhook', { Url: '' }, { authorization: 'wrong' })).status).toBe(401);
  });
});

describe('lead.created deliveries', () => {
  it('are signed; a receiver answering 500 gets retries; a changed body fails verification', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo Realty');
    const { SigningSecret } = await call<Hooks>(
      t.app,
      '/chat/Workspace/SetWebhook',
      { Url: receiverUrl, Events: ['lead.created'] },
      ws.auth,
    );
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    const { LeadID } = await call<{ LeadID: number }>(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: SessionID, Name: 'Jane Doe', Email: 'jane@example.com' },
      ws.auth,
    );
    const worker = createWorker({
      db: t.db,
      mailer: noMail,
      clock,
      digestHour: 8,
      publicUrl: 'http://x',
      workspaceIds: [ws.workspaceId],
      outgoing: { allowPrivate: true },
    });
    const start = clock();
    const before = hits.length;
    statuses.push(500);

    expect(await worker.runOnce(start)).toEqual({ sent: 0, failed: 1 });
    const row = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('workspace_id', '=', ws.workspaceId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'webhook answered HTTP 500' });
    expect(await worker.runOnce(new Date(start.getTime() + 29_000))).toEqual({ sent: 0, failed: 0 });
    const later = new Date(start.getTime() + 30_000);
    expect(await worker.runOnce(later)).toEqual({ sent: 1, failed: 0 });
    expect(await worker.runOnce(new Date(start.getTime() + 86_400_000))).toEqual({ sent: 0, failed: 0 });

    const mine = hits.slice(before);
    expect(mine).toHaveLength(2);
    const [first, second] = mine;
    if (!first || !second) throw new Error('missing deliveries');
    // The same message both times, each signed at its own time.
    expect(second.body).toBe(first.body);
    expect(second.headers['x-webhook-id']).toBe(first.headers['x-webhook-id']);
    expect(second.headers['x-webhook-event']).toBe('lead.created');
    const header = String(second.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(new RegExp(`^t=${Math.floor(later.getTime() / 1000)},v1=[0-9a-f]{64}$`));
    expect(verifySignature(SigningSecret, second.body, header, later)).toBe(true);
    expect(
      verifySignature(SigningSecret, String(first.body), String(first.headers['x-webhook-signature']), start),
    ).toBe(true);
    expect(verifySignature(SigningSecret, second.body.replace('Jane Doe', 'John Doe'), header, later)).toBe(false);
    expect(verifySignature('another secret', second.body, header, later)).toBe(false);
    // A replay long after the timestamp is refused.
    expect(verifySignature(SigningSecret, second.body, header, new Date(later.getTime() + 3_600_000))).toBe(false);

    const body = JSON.parse(second.body) as {
      event: string;
      lead: { id: number; name: string; email: string };
      chatbot: { serialNumber: string };
    };
    expect(body).toMatchObject({
      event: 'lead.created',
      lead: { id: LeadID, name: 'Jane Doe', email: 'jane@example.com' },
      chatbot: { serialNumber: serial },
    });
  });
});
