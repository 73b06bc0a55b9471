// Webhook URLs go through the outgoing guard: SetWebhook refuses what it can tell at once
// (nothing is saved), and a name that resolves to a private address fails at delivery,
// with the reason recorded and the receiver never reached.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { createWorker } from './worker.ts';

const clock = testClock(new Date('2031-06-10T12:00:00Z'));
let t: TestApp;
let receiver: Server;
let port: number;
let received = 0;

const noMail: Mailer = { send: async () => {}, close: () => {} };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  receiver = createServer((_req, res) => {
    received++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

type Hooks = { List: { Url: string }[] };

describe('SetWebhook', () => {
  it.each([
    'http://127.0.0.1:5432/',
    'http://localhost/hooks',
    'http://[::1]/hooks',
    'http://10.0.0.1/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses %s with 400 naming Url, and saves nothing', async (url) => {
    const ws = await newWorkspace(t.db);
    const r = await post(t.app, '/chat/Workspace/SetWebhook', { Url: url, Events: ['lead.created'] }, ws.auth);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(
      /^Url: must not point to a loopback, private, link-local or otherwise non-public address \(/,
    );
    expect((await call<Hooks>(t.app, '/chat/Workspace/GetWebhooks', {}, ws.auth)).List).toEqual([]);
  });

  it('refuses a URL with a user name or password, also where private URLs are allowed', async () => {
    const open = await buildTestApp({ db: t.db, env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
    try {
      for (const app of [t.app, open.app]) {
        const ws = await newWorkspace(t.db);
        const body = { Url: 'https://user:secret@hooks.example.com/h', Events: ['lead.created'] };
        const r = await post(app, '/chat/Workspace/SetWebhook', body, ws.auth);
        expect(r.status).toBe(400);
        expect(r.body.Message).toBe('Url: must not contain a user name or password');
      }
      // Allowed there: a receiver on the operator's own network.
      const ws = await newWorkspace(t.db);
      const body = { Url: 'http://10.0.0.1/hooks', Events: ['lead.created'] };
      const ok = await call<Hooks>(open.app, '/chat/Workspace/SetWebhook', body, ws.auth);
      expect(ok.List.map((h) => h.Url)).toEqual(['http://10.0.0.1/hooks']);
    } finally {
      await open.close();
    }
  });
});

describe('delivery', () => {
  it('fails a name that resolves to loopback, records why, and never reaches the receiver', async () => {
    const ws = await newWorkspace(t.db);
    const serial = await createChatbot(t.app, ws.auth, 'Demo Realty');
    const url = `http://hooks.example.test:${port}/hooks`;
    await call(t.app, '/chat/Workspace/SetWebhook', { Url: url, Events: ['lead.created'] }, ws.auth);
    const { SessionID } = await call<{ SessionID: number }>(
      t.app,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      ws.auth,
    );
    await call(
      t.app,
      '/chat/Chat/TalkToHuman',
      { sessionID: SessionID, Name: 'Jane', Email: 'jane@example.com' },
      ws.auth,
    );
    const worker = createWorker({
      db: t.db,
      mailer: noMail,
      clock,
      digestHour: 8,
      publicUrl: 'http://x',
      workspaceIds: [ws.workspaceId],
      // The name "resolves" to the receiver's address, as a rebinding DNS server would answer.
      outgoing: { allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    const result = await worker.runOnce(clock());
    const row = await t.db.kysely
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('workspace_id', '=', ws.workspaceId)
      .where('kind', '=', 'webhook')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'pending',
      last_error:
        'webhook URL must not point to a loopback, private, link-local or otherwise non-public address ' +
        '(hooks.example.test resolves to 127.0.0.1)',
    });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(received).toBe(0);
  });
});
