// The one outbox worker (notify/README.md). Each run claims due rows (repo.claimDue: SKIP LOCKED
// on PostgreSQL, so instances share the work) in two lanes side by side, emails and requests
// to other servers (webhooks, SMS; at most 5 of one workspace in flight, so that one
// workspace's slow receivers do not hold up another's), delivers them outside the transaction, and
// records the outcome: 'sent', or back to 'pending' with exponential back-off and the last
// error, or 'dead' after the last attempt. A claimer that dies leaves its rows locked until
// the lease ends; then another instance takes them (at-least-once across a crash mid-send,
// exactly once otherwise).
import type { TwilioConfig } from '../config.ts';
import { CrmDeliveryError, crmSettingsOf, sendFubEvent } from '../crm/index.ts';
import type { Db } from '../db/connect.ts';
import { leadExists } from '../leads/index.ts';
import type { OutgoingPolicy } from '../net/outgoing.ts';
import {
  type CrmPayload,
  claimDue,
  deliverWebhook,
  type EmailPayload,
  type Fetch,
  fetchPost,
  guardedPost,
  type Lane,
  type Mailer,
  markDropped,
  markFailed,
  markSent,
  type OutboxPayload,
  type OutboxRow,
  SmsDeliveryError,
  sendSms,
} from '../outbox/index.ts';
import { signingSecretOf } from '../workspaces/index.ts';
import { queueDueDigests } from './digests.ts';

export interface WorkerOptions {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  digestHour: number;
  publicUrl: string;
  /** Replaces the HTTP client of SMS and webhooks (tests that record instead of receiving). */
  fetch?: Fetch;
  /** What webhook URLs may reach (PARLOR_ALLOW_PRIVATE_URLS); public addresses only when absent. */
  outgoing?: OutgoingPolicy;
  /** Follow Up Boss's API origin (FUB_BASE_URL); its requests go through `outgoing`. */
  fubBaseUrl?: string;
  crmTimeoutMs?: number;
  /** Where `sms` rows go; null when SMS is not configured (such rows then fail and are retried). */
  twilio?: TwilioConfig | null;
  /** Only these workspaces' rows and chatbots (tests sharing one database); all when absent. */
  workspaceIds?: readonly number[];
  batchSize?: number;
  /** Webhooks and SMS of one workspace in flight at once, over all instances. */
  perWorkspaceInFlight?: number;
  /** How long a claim holds; longer than the slowest delivery (SMTP and webhook timeouts). */
  leaseMs?: number;
  pollMs?: number;
  digestEveryMs?: number;
  webhookTimeoutMs?: number;
  smsTimeoutMs?: number;
  maxAttempts?: number;
  /** Told about failures that end a row ('dead'), and about the worker's own failures. */
  onError?: (err: unknown, what: string) => void;
}

export interface RunResult {
  sent: number;
  failed: number;
}

export interface NotifyWorker {
  /** Delivers everything due at `now` (batch after batch until none is left). */
  runOnce(now?: Date): Promise<RunResult>;
  /** Queues the digests due at `now`. */
  queueDigests(now?: Date): Promise<number>;
  /** Delivers soon rather than at the next poll (after a handoff was queued); no-op when stopped. */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

/** A row that is not to be sent at all (its lead was erased): kept as 'skipped', without its payload. */
class Dropped extends Error {}

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 3_600_000;

/** Delay before attempt n+1 after n failures: 30 s, 1 min, 2 min, … at most 1 h. */
export function backoffMs(failures: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_DELAY_MS);
}

export function createWorker(opts: WorkerOptions): NotifyWorker {
  const db = opts.db.kysely;
  const batchSize = opts.batchSize ?? 20;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const fetchFn = opts.fetch ?? fetch;
  const postWebhook = opts.fetch ? fetchPost(opts.fetch) : guardedPost(opts.outgoing ?? { allowPrivate: false });
  const onError = opts.onError ?? (() => {});

  /** Delivers a row; answers what the receiver said beyond "sent" ('archived'), or null. */
  async function deliver(row: OutboxRow, now: Date): Promise<string | null> {
    const payload = JSON.parse(row.payload) as OutboxPayload;
    if (payload.kind === 'email') return opts.mailer.send(row.id, payload).then(() => null);
    if (payload.kind === 'sms') {
      if (!opts.twilio) throw new Error('SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)');
      return sendSms(fetchFn, opts.twilio, payload, now, opts.smsTimeoutMs ?? 10_000).then(() => null);
    }
    if (payload.kind === 'crm') return deliverCrm(row, payload, now);
    const secret = row.workspace_id === null ? null : await signingSecretOf(db, row.workspace_id).catch(() => null);
    if (secret === null) throw new Error('the workspace no longer exists');
    await deliverWebhook(
      postWebhook,
      { id: row.id, url: payload.url, event: payload.event, body: payload.body, secret },
      now,
      opts.webhookTimeoutMs ?? 10_000,
    );
    return null;
  }

  /**
   * A lead's CRM event, with the credentials as they are now. A lead erased meanwhile (or a CRM
   * disconnected) is dropped: its row keeps no payload and nothing is sent.
   */
  async function deliverCrm(row: OutboxRow, payload: CrmPayload, now: Date): Promise<string | null> {
    const ws = row.workspace_id ?? -1;
    if (!(await leadExists(db, ws, payload.leadId))) throw new Dropped('the lead was erased; nothing was sent');
    const settings = await crmSettingsOf(db, ws);
    if (!settings) throw new Dropped('the CRM was disconnected before it was sent');
    const target = {
      baseUrl: opts.fubBaseUrl ?? 'https://api.followupboss.com',
      policy: opts.outgoing ?? { allowPrivate: false },
      timeoutMs: opts.crmTimeoutMs ?? 10_000,
    };
    const creds = { apiKey: settings.api_key, systemName: settings.system_name, systemKey: settings.system_key };
    const outcome = await sendFubEvent(target, creds, payload.body, now);
    return outcome === 'archived' ? 'archived' : null;
  }

  /** When to try a failed row again; null when never (attempts used up, or the failure is final). */
  function retryTime(row: OutboxRow, err: unknown, now: Date): Date | null {
    const failures = row.attempts + 1;
    if (failures >= maxAttempts) return null;
    const told = err instanceof SmsDeliveryError || err instanceof CrmDeliveryError ? err : null;
    if (told?.final) return null;
    // A Retry-After only ever delays: the back-off still spaces out the attempts.
    const asked = told?.retryAfterMs ?? 0;
    return new Date(now.getTime() + Math.max(backoffMs(failures), asked));
  }

  /** An e-mail that carried a credential (an invitation link) keeps no body once sent. */
  function forgetsOnSend(row: OutboxRow): boolean {
    if (row.kind !== 'email') return false;
    try {
      return (JSON.parse(row.payload) as EmailPayload | null)?.forgetOnSend === true;
    } catch {
      return false;
    }
  }

  async function settle(row: OutboxRow, now: Date): Promise<boolean> {
    let outcome: string | null;
    try {
      outcome = await deliver(row, now);
    } catch (err) {
      if (err instanceof Dropped) {
        await markDropped(db, row, err.message);
        return false;
      }
      const retryAt = retryTime(row, err, now);
      await markFailed(db, row, err instanceof Error ? err.message : String(err), retryAt);
      if (retryAt === null) onError(err, `outbox row ${row.id} (${row.kind}; given up)`);
      return false;
    }
    await markSent(db, row.id, now, outcome, forgetsOnSend(row));
    return true;
  }

  /** Delivers one lane's due rows, batch after batch, until none is left to claim. */
  async function runLane(lane: Lane, now: Date, result: RunResult): Promise<void> {
    const perWorkspace = lane === 'http' ? (opts.perWorkspaceInFlight ?? 5) : undefined;
    const claim = { lane, limit: batchSize, leaseMs, perWorkspace, workspaceIds: opts.workspaceIds };
    for (;;) {
      const rows = await claimDue(db, opts.db.dialect, now, claim);
      if (rows.length === 0) return;
      const outcomes = await Promise.all(rows.map((r) => settle(r, now)));
      for (const ok of outcomes) ok ? result.sent++ : result.failed++;
    }
  }

  // The lanes run side by side: a slow webhook receiver never holds up an email.
  async function runOnce(now = opts.clock()): Promise<RunResult> {
    const result = { sent: 0, failed: 0 };
    await Promise.all([runLane('mail', now, result), runLane('http', now, result)]);
    return result;
  }

  const queueDigests = (now = opts.clock()) =>
    queueDueDigests(
      db,
      { digestHour: opts.digestHour, publicUrl: opts.publicUrl, workspaceIds: opts.workspaceIds },
      now,
    );

  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let busy = { deliver: false, digests: false };

  /** Runs one job unless the previous run of the same job is still going. */
  function tick(job: 'deliver' | 'digests') {
    if (busy[job]) return;
    busy = { ...busy, [job]: true };
    const p = (job === 'deliver' ? runOnce() : queueDigests())
      .catch((err: unknown) => onError(err, job))
      .finally(() => {
        busy = { ...busy, [job]: false };
        running.delete(p);
      });
    running.add(p);
  }

  return {
    runOnce,
    queueDigests,
    nudge() {
      if (timers.length) tick('deliver');
    },
    start() {
      if (timers.length) return;
      // unref: the worker never keeps the process alive on its own.
      timers.push(setInterval(() => tick('deliver'), opts.pollMs ?? 5_000).unref());
      timers.push(setInterval(() => tick('digests'), opts.digestEveryMs ?? 60_000).unref());
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.allSettled([...running]);
      opts.mailer.close();
    },
  };
}
