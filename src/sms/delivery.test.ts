// The outbox worker sending SMS to the Twilio stand-in, driven with runOnce and a test clock:
// 429 (with Retry-After) and 500 are retried and the message goes out once; another 4xx is
// final (dead at once, reported, never retried); timeouts and refused connections are retried.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, post, type TestApp, testClock } from '../../test/harness.ts';
import { noMail } from '../../test/no-mail.ts';
import { startTwilioStandin, type TwilioStandin } from '../../test/twilio-standin.ts';
import type { TwilioConfig } from '../config.ts';
import { createWorker } from '../notify/worker.ts';
import { retryAfterMs } from '../outbox/twilio.ts';

const clock = testClock(new Date('2031-04-01T12:00:00Z'));
let twilio: TwilioStandin;
let t: TestApp;
beforeAll(async () => {
  twilio = await startTwilioStandin();
  t = await buildTestApp({
    clock,
    env: {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15125550199',
      TWILIO_BASE_URL: twilio.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

interface Setup {
  workspaceId: number;
  reported: { err: unknown; what: string }[];
  worker: ReturnType<typeof createWorker>;
  /** The stand-in's requests since the message was queued. */
  hits: () => TwilioStandin['requests'];
  row: () => Promise<{
    id: number;
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: string;
  }>;
}

/** A workspace with one queued SMS, and a worker for that workspace alone. */
async function queued(overrides: Partial<TwilioConfig> = {}, smsTimeoutMs?: number): Promise<Setup> {
  const ws = await newWorkspace(t.db);
  const bot = await createChatbot(t.app, ws.auth);
  const before = twilio.requests.length;
  const r = await post(
    t.app,
    '/chat/Chatbot/SendTwilioMessage',
    { SerialNumber: bot, ToPhoneNumber: '+15125550100', Message: 'Hello' },
    ws.auth,
  );
  expect(r.status).toBe(200);
  const reported: Setup['reported'] = [];
  const twilioConfig = t.config.twilio;
  if (!twilioConfig) throw new Error('the test app has no Twilio settings');
  const worker = createWorker({
    db: t.db,
    mailer: noMail,
    clock,
    digestHour: 8,
    publicUrl: 'http://x',
    twilio: { ...twilioConfig, ...overrides },
    workspaceIds: [ws.workspaceId],
    smsTimeoutMs,
    onError: (err, what) => reported.push({ err, what }),
  });
  return {
    workspaceId: ws.workspaceId,
    reported,
    worker,
    hits: () => twilio.requests.slice(before),
    row: () =>
      t.db.kysely
        .selectFrom('outbox')
        .select(['id', 'status', 'attempts', 'last_error', 'next_attempt_at'])
        .where('workspace_id', '=', ws.workspaceId)
        .executeTakeFirstOrThrow(),
  };
}

const at = (seconds: number) => new Date(clock().getTime() + seconds * 1000);

describe('SMS delivery', () => {
  it('429 with Retry-After: waits as long as Twilio asks, then sends once', async () => {
    const s = await queued();
    twilio.script({ status: 429, code: 20429, message: 'Too Many Requests', retryAfter: '120' });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    expect(await s.row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Twilio 20429: Too Many Requests (HTTP 429)',
      // Retry-After (120 s) beats the first back-off (30 s).
      next_attempt_at: at(120).toISOString(),
    });
    expect(await s.worker.runOnce(at(119))).toEqual({ sent: 0, failed: 0 });
    expect(await s.worker.runOnce(at(120))).toEqual({ sent: 1, failed: 0 });
    expect(await s.worker.runOnce(at(86_400))).toEqual({ sent: 0, failed: 0 });
    expect(s.hits().map((h) => h.status)).toEqual([429, 201]);
    expect(s.hits()[1]?.form).toEqual({ To: '+15125550100', From: '+15125550199', Body: 'Hello' });
    expect(await s.row()).toMatchObject({ status: 'sent', last_error: null });
    expect(s.reported).toEqual([]);
  });

  it('500: retried after the back-off, then sent once', async () => {
    const s = await queued();
    twilio.script({ status: 500, code: 20500, message: 'Internal Server Error' });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    expect(await s.row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Twilio 20500: Internal Server Error (HTTP 500)',
      next_attempt_at: at(30).toISOString(),
    });
    expect(await s.worker.runOnce(at(29))).toEqual({ sent: 0, failed: 0 });
    expect(await s.worker.runOnce(at(30))).toEqual({ sent: 1, failed: 0 });
    expect(await s.worker.runOnce(at(86_400))).toEqual({ sent: 0, failed: 0 });
    expect(s.hits().map((h) => h.status)).toEqual([500, 201]);
    expect((await s.row()).status).toBe('sent');
  });

  it("400: dead at once with Twilio's code and message, reported, never retried", async () => {
    const s = await queued();
    const message = "The 'To' number +15125550100 is not a valid phone number.";
    twilio.script({ status: 400, code: 21211, message });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    const row = await s.row();
    expect(row).toMatchObject({ status: 'dead', attempts: 1, last_error: `Twilio 21211: ${message} (HTTP 400)` });
    expect(s.reported).toHaveLength(1);
    expect(s.reported[0]?.what).toBe(`outbox row ${row.id} (sms; given up)`);
    expect(String(s.reported[0]?.err)).toContain('21211');
    expect(String(s.reported[0]?.err)).not.toContain(twilio.authToken);
    for (const seconds of [30, 3600, 86_400 * 30])
      expect(await s.worker.runOnce(at(seconds))).toEqual({ sent: 0, failed: 0 });
    expect(s.hits()).toHaveLength(1);
  });

  it('a wrong auth token (401 from Twilio) is final too', async () => {
    const s = await queued({ authToken: 'not-the-token' });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    expect(await s.row()).toMatchObject({ status: 'dead', last_error: 'Twilio 20003: Authenticate (HTTP 401)' });
    expect(s.hits().map((h) => h.status)).toEqual([401]);
    expect(s.reported).toHaveLength(1);
  });

  it('a timeout is retried; the request is bounded by the timeout', async () => {
    const s = await queued({}, 200);
    twilio.script({ status: 201, delayMs: 2000 });
    const started = Date.now();
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await s.row()).toMatchObject({
      status: 'pending',
      last_error: 'Twilio request failed: no answer within 0.2 s',
    });
    expect(await s.worker.runOnce(at(30))).toEqual({ sent: 1, failed: 0 });
    expect(s.hits()).toHaveLength(2);
  });

  it('a refused connection is retried, not dead', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const s = await queued({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 0, failed: 1 });
    const row = await s.row();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/^Twilio request failed: .*ECONNREFUSED/);
    expect(s.reported).toEqual([]);
  });

  it('sends MessagingServiceSid instead of From when TWILIO_FROM is a Messaging Service', async () => {
    const service = `MG${'0123456789abcdef'.repeat(2)}`;
    const s = await queued({ from: null, messagingServiceSid: service });
    expect(await s.worker.runOnce(at(0))).toEqual({ sent: 1, failed: 0 });
    expect(s.hits().map((h) => [h.status, h.form])).toEqual([
      [201, { To: '+15125550100', MessagingServiceSid: service, Body: 'Hello' }],
    ]);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, bounded to a day', () => {
    const now = new Date('2031-04-01T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Apr 2031 12:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Tue, 01 Apr 2031 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999', now)).toBe(86_400_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
