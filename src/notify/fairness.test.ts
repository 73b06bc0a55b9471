// The outbox is fair between workspaces: emails have their own lane, and one
// workspace has at most 5 webhooks in flight. 100 deliveries to a receiver that does not
// answer, in workspace A, do not delay workspace B's email or webhook by more than 2 s.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { enqueueUnique } from '../outbox/repo.ts';
import { createWorker } from './worker.ts';

let t: TestApp;
let url: string;
const held: ServerResponse[] = [];
let holding = true;
let inFlightSlow = 0;
let maxInFlightSlow = 0;
const fastHits: number[] = [];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/fast') {
      fastHits.push(Date.now());
      res.end('ok');
      return;
    }
    // The slow receiver: holds every request until the test lets go.
    inFlightSlow++;
    maxInFlightSlow = Math.max(maxInFlightSlow, inFlightSlow);
    res.on('close', () => {
      inFlightSlow--;
    });
    if (holding) held.push(res);
    else res.end('ok');
  });
});

beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false }, env: { PARLOR_ALLOW_PRIVATE_URLS: '1' } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held.splice(0)) res.end('ok');
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("100 slow webhooks of one workspace delay neither another's email nor its webhook by more than 2 s", async () => {
  const a = await newWorkspace(t.db, 'Slow Receivers Realty');
  const b = await newWorkspace(t.db, 'Other Realty');
  const now = new Date();
  for (let i = 0; i < 100; i++) {
    await enqueueUnique(
      t.db.kysely,
      a.workspaceId,
      { kind: 'webhook', url: `${url}/slow`, event: 'lead.created', body: '{}' },
      now,
    );
  }
  const email = { kind: 'email' as const, to: ['agent@b.example'], subject: 'New lead', text: 'Hi', html: '<p>Hi</p>' };
  await enqueueUnique(t.db.kysely, b.workspaceId, email, now);
  await enqueueUnique(
    t.db.kysely,
    b.workspaceId,
    { kind: 'webhook', url: `${url}/fast`, event: 'lead.created', body: '{}' },
    now,
  );

  const mailed: number[] = [];
  const mailer: Mailer = {
    send: async () => {
      mailed.push(Date.now());
    },
    close: () => {},
  };
  const worker = createWorker({
    db: t.db,
    mailer,
    clock: () => new Date(),
    digestHour: 8,
    publicUrl: 'http://x',
    outgoing: { allowPrivate: true },
    workspaceIds: [a.workspaceId, b.workspaceId],
    webhookTimeoutMs: 30_000,
  });
  const started = Date.now();
  const run = worker.runOnce();
  const deadline = started + 5_000;
  // Waits for B's two deliveries and for A's first five to reach the receiver: on a loaded
  // machine A's may arrive after B's, and that is fair too.
  while ((mailed.length === 0 || fastHits.length === 0 || maxInFlightSlow < 5) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(mailed).toHaveLength(1);
  expect(fastHits).toHaveLength(1);
  expect((mailed[0] ?? Infinity) - started).toBeLessThan(2_000);
  expect((fastHits[0] ?? Infinity) - started).toBeLessThan(2_000);
  // A's receiver had 5 of its deliveries at once, never more.
  expect(maxInFlightSlow).toBe(5);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(maxInFlightSlow).toBe(5);

  holding = false;
  for (const res of held.splice(0)) res.end('ok');
  expect(await run).toEqual({ sent: 102, failed: 0 });
  expect(maxInFlightSlow).toBe(5);
}, 30_000);
