// The outbox worker: back-off and giving up, a crashed claimer's rows taken over after the
// lease, .eml files without SMTP (driven by the app's own background worker), and two
// instances on one PostgreSQL database sharing 200 messages exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import {
  buildTestApp,
  call,
  dbKind,
  newWorkspace,
  type TestApp,
  type TestWorkspace,
  testClock,
} from '../../test/harness.ts';
import { connect } from '../db/connect.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { claimDue, type EmailPayload, enqueue } from '../outbox/repo.ts';
import { backoffMs, createWorker } from './worker.ts';

const clock = testClock(new Date('2031-07-01T09:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, notify: { enabled: false } });
});
afterAll(() => t.close());

const email = (n: number): EmailPayload => ({
  kind: 'email',
  to: ['x@example.com'],
  subject: `m${n}`,
  text: 't',
  html: '<p>t</p>',
});

function recordingMailer(delivered: number[], fail = false): Mailer {
  return {
    async send(id) {
      // Yield so that concurrent workers interleave.
      await new Promise((r) => setTimeout(r, 1));
      if (fail) throw new Error('mail server says no');
      delivered.push(id);
    },
    close: () => {},
  };
}

async function queue(ws: TestWorkspace, n: number, prefix: string) {
  for (let i = 0; i < n; i++)
    await enqueue(t.db.kysely, ws.workspaceId, `${prefix}:${ws.workspaceId}:${i}`, email(i), clock());
}

async function rows(ws: TestWorkspace) {
  return t.db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('workspace_id', '=', ws.workspaceId)
    .orderBy('id')
    .execute();
}

describe('outbox worker', () => {
  it('backs off 30 s · 2^(n-1) up to 1 h, and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    const ws = await newWorkspace(t.db);
    await queue(ws, 1, 'dead');
    const delivered: number[] = [];
    const worker = createWorker({
      db: t.db,
      mailer: recordingMailer(delivered, true),
      clock,
      digestHour: 8,
      publicUrl: 'http://x',
      workspaceIds: [ws.workspaceId],
      maxAttempts: 4,
    });
    let now = clock().getTime();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await worker.runOnce(new Date(now))).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows(ws);
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toBe('mail server says no');
      if (attempt < 4) {
        expect(row?.status).toBe('pending');
        expect(row?.next_attempt_at).toBe(new Date(now + backoffMs(attempt)).toISOString());
        now += backoffMs(attempt);
      } else {
        expect(row?.status).toBe('dead');
      }
    }
    expect(await worker.runOnce(new Date(now + 86_400_000))).toEqual({ sent: 0, failed: 0 });
  });

  it("takes over a crashed claimer's rows once its lease has run out, and not before", async () => {
    const ws = await newWorkspace(t.db);
    await queue(ws, 3, 'lease');
    // An instance claims the rows and dies before delivering them.
    const claimed = await claimDue(t.db.kysely, t.db.dialect, clock(), {
      lane: 'mail',
      limit: 10,
      leaseMs: 60_000,
      workspaceIds: [ws.workspaceId],
    });
    expect(claimed).toHaveLength(3);
    const delivered: number[] = [];
    const worker = createWorker({
      db: t.db,
      mailer: recordingMailer(delivered),
      clock,
      digestHour: 8,
      publicUrl: 'http://x',
      workspaceIds: [ws.workspaceId],
    });
    expect(await worker.runOnce(new Date(clock().getTime() + 59_000))).toEqual({ sent: 0, failed: 0 });
    expect(await worker.runOnce(new Date(clock().getTime() + 60_000))).toEqual({ sent: 3, failed: 0 });
    expect(delivered.sort()).toEqual(claimed.map((r) => r.id).sort());
    expect((await rows(ws)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('without SMTP_URL the background worker writes the handoff email as an .eml file at once', async () => {
    const app = await buildTestApp({ notify: { enabled: true, pollMs: 60_000 } });
    try {
      const ws = await newWorkspace(app.db);
      const serial = await createChatbot(app.app, ws.auth, 'Demo Realty');
      await call(
        app.app,
        '/chat/Chatbot/Edit',
        { serialNumber: serial, TalkToHumanEmail: 'agent@demo.example' },
        ws.auth,
      );
      const { SessionID } = await call<{ SessionID: number }>(
        app.app,
        '/chat/Chatbot/GetSession',
        { serialNumber: serial },
        ws.auth,
      );
      await call(
        app.app,
        '/chat/Chat/TalkToHuman',
        { sessionID: SessionID, Name: 'Jane Doe', Email: 'jane@example.com' },
        ws.auth,
      );
      const row = await app.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .executeTakeFirstOrThrow();
      const file = join(app.config.dataDir, 'outbox', `${row.id}.eml`);
      // The handoff nudges the worker: no waiting for the (one-minute) poll.
      const until = Date.now() + 5000;
      while (!existsSync(file) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      const eml = readFileSync(file, 'utf8');
      expect(eml).toContain('Subject: [Demo Realty] Jane Doe wants to talk to a person');
      expect(eml).toContain('To: agent@demo.example');
      expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(dbKind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('deliver 200 queued messages exactly once between them', async () => {
    const ws = await newWorkspace(t.db);
    await queue(ws, 200, 'pair');
    const pools = [0, 1].map(() => connect({ databaseUrl: inject('pgUrl'), dataDir: '', poolSize: 3 }));
    const delivered: number[][] = [[], []];
    try {
      const workers = pools.map((db, i) =>
        createWorker({
          db,
          mailer: recordingMailer(delivered[i] ?? []),
          clock,
          digestHour: 8,
          publicUrl: 'http://x',
          workspaceIds: [ws.workspaceId],
          batchSize: 10,
        }),
      );
      const results = await Promise.all(workers.map((w) => w.runOnce(clock())));
      const all = [...(delivered[0] ?? []), ...(delivered[1] ?? [])];
      expect(all).toHaveLength(200);
      expect(new Set(all).size).toBe(200);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(200);
      // Both took part.
      expect(delivered[0]?.length).toBeGreaterThan(0);
      expect(delivered[1]?.length).toBeGreaterThan(0);
      const statuses = (await rows(ws)).map((r) => r.status);
      expect(statuses.filter((s) => s === 'sent')).toHaveLength(200);
      expect(await Promise.all(workers.map((w) => w.runOnce(clock())))).toEqual([
        { sent: 0, failed: 0 },
        { sent: 0, failed: 0 },
      ]);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
