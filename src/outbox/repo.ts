// The outbox (outbox/README.md): what is queued to go out, claimed and marked by the worker
// (notify/). The only module that touches the outbox table. The worker is a system job that
// spans workspaces; every row it writes or reads still carries its workspace.
import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database, OutboxTable } from '../db/tables.ts';

export type OutboxRow = Selectable<OutboxTable>;

export interface EmailPayload {
  kind: 'email';
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the visitor, for a handoff). */
  replyTo?: { name: string; address: string };
  /**
   * An iCalendar invitation (RFC 5546 iMIP): sent as the message's text/calendar part with this
   * METHOD, and as an .ics attachment, so that mail clients offer to add, update or remove it.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** The message carries a credential (an invitation link): its payload is removed once sent. */
  forgetOnSend?: boolean;
}

export interface WebhookPayload {
  kind: 'webhook';
  url: string;
  event: string;
  /** The exact JSON body that gets signed and sent. */
  body: string;
}

export interface SmsPayload {
  kind: 'sms';
  /** E.164. */
  to: string;
  body: string;
  /** The chatbot it was sent for, to trace a message back. */
  serialNumber: string;
}

/**
 * A lead sent to the workspace's CRM (crm/): the event's exact JSON body, built when the lead was
 * recorded; the credentials are read when it is sent, so that they never sit in the outbox.
 * Its dedupe key is `crm:lead:<leadId>` (crmKey): a lead's queued event is found by its lead.
 */
export interface CrmPayload {
  kind: 'crm';
  provider: 'FollowUpBoss';
  leadId: number;
  body: string;
}

export type OutboxPayload = EmailPayload | WebhookPayload | SmsPayload | CrmPayload;

/**
 * Queues a message once: a second item with the same key is ignored (answers false), which
 * is what makes a digest go out once however many instances try to queue it.
 */
export async function enqueue(
  db: Kysely<Database>,
  workspaceId: number,
  dedupeKey: string,
  payload: OutboxPayload | null,
  now: Date,
): Promise<boolean> {
  return (await insertOutbox(db, workspaceId, dedupeKey, payload, now)) !== undefined;
}

/** Queues a message that has no natural key (each request is its own), answering its row ID. */
export async function enqueueUnique(
  db: Kysely<Database>,
  workspaceId: number,
  payload: OutboxPayload,
  now: Date,
): Promise<number> {
  const id = await insertOutbox(db, workspaceId, `${payload.kind}:${randomUUID()}`, payload, now);
  if (id === undefined) throw new Error('outbox: a random key collided');
  return id;
}

async function insertOutbox(
  db: Kysely<Database>,
  workspaceId: number,
  dedupeKey: string,
  payload: OutboxPayload | null,
  now: Date,
): Promise<number | undefined> {
  const ts = now.toISOString();
  const row = await db
    .insertInto('outbox')
    .values({
      workspace_id: workspaceId,
      kind: payload?.kind ?? 'none',
      dedupe_key: dedupeKey,
      payload: JSON.stringify(payload),
      // A null payload records that there was nothing to send (a day without conversations).
      status: payload ? 'pending' : 'skipped',
      attempts: 0,
      next_attempt_at: ts,
      last_error: null,
      locked_until: null,
      created_at: ts,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function outboxKeyExists(db: Kysely<Database>, dedupeKey: string): Promise<boolean> {
  const row = await db.selectFrom('outbox').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  return row !== undefined;
}

/**
 * The worker's lanes, delivered side by side so that one cannot hold up the other: emails
 * (SMTP, or a file) and requests to other servers (webhooks and SMS), which can each take
 * up to their timeout when a receiver is slow.
 */
export type Lane = 'mail' | 'http';
const LANE_KINDS: Record<Lane, string[]> = { mail: ['email'], http: ['webhook', 'sms', 'crm'] };

export interface ClaimOptions {
  lane: Lane;
  limit: number;
  leaseMs: number;
  /**
   * At most this many rows of one workspace in flight at once (claimed and not yet settled,
   * on any instance), so that one workspace's slow receivers cannot take every slot.
   */
  perWorkspace?: number;
  /** Only these workspaces' rows (tests sharing one database); all when absent. */
  workspaceIds?: readonly number[];
}

/**
 * Claims up to `limit` due rows of a lane: pending ones whose time has come, and rows whose
 * claimer died (lock expired). On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several instances
 * claim side by side without taking the same row, and a capped lane's claims take turns (a
 * transaction-scoped advisory lock), so that the in-flight counts they read stay true; SQLite
 * has one writer, so its transaction alone is enough.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  o: ClaimOptions,
): Promise<OutboxRow[]> {
  const ts = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const capped = o.perWorkspace !== undefined && o.perWorkspace > 0;
    if (capped && dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const inFlight = capped ? await inFlightByWorkspace(trx, o.lane, ts) : new Map<number, number>();
    let q = trx
      .selectFrom('outbox')
      .select(['id', 'workspace_id'])
      .where('kind', 'in', LANE_KINDS[o.lane])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', ts)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', ts)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      // A capped lane looks further, past the rows of workspaces at their cap.
      .limit(capped ? o.limit * 10 : o.limit);
    if (o.workspaceIds) q = q.where('workspace_id', 'in', o.workspaceIds.length ? [...o.workspaceIds] : [-1]);
    if (dialect === 'postgres') q = q.forUpdate().skipLocked();
    const ids: number[] = [];
    for (const row of await q.execute()) {
      if (ids.length === o.limit) break;
      if (capped && row.workspace_id !== null) {
        const n = inFlight.get(row.workspace_id) ?? 0;
        if (n >= (o.perWorkspace ?? 0)) continue;
        inFlight.set(row.workspace_id, n + 1);
      }
      ids.push(row.id);
    }
    if (ids.length === 0) return [];
    return trx
      .updateTable('outbox')
      .set({ status: 'sending', locked_until: new Date(now.getTime() + o.leaseMs).toISOString() })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

/** The advisory lock key of capped claims ("outbox" in ASCII). */
const CLAIM_LOCK = 0x6f7574626f78;

/** Rows of the lane claimed and not yet settled, per workspace (read through outbox_locked). */
async function inFlightByWorkspace(db: Kysely<Database>, lane: Lane, ts: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['workspace_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'sending')
    .where('locked_until', '>', ts)
    .where('kind', 'in', LANE_KINDS[lane])
    .groupBy('workspace_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.workspace_id === null ? [] : [[r.workspace_id, Number(r.n)] as const])));
}

/**
 * `outcome`: what the receiver said beyond "sent" (Follow Up Boss's 204: 'archived').
 * `forget`: the payload is removed (a message that carried a credential).
 */
export async function markSent(
  db: Kysely<Database>,
  id: number,
  now: Date,
  outcome: string | null = null,
  forget = false,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      outcome,
      ...(forget ? { payload: 'null' } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** A row never to be sent (its lead was erased): 'skipped', its payload removed, the reason kept. */
export async function markDropped(db: Kysely<Database>, row: OutboxRow, reason: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'skipped', payload: 'null', last_error: reason, locked_until: null })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .execute();
}

/** Back to pending for a later attempt, or 'dead' when `retryAt` is null (attempts used up). */
export async function markFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: retryAt ? 'pending' : 'dead',
      attempts: row.attempts + 1,
      next_attempt_at: retryAt ? retryAt.toISOString() : row.next_attempt_at,
      last_error: error.slice(0, 2000),
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .execute();
}

/** The rows of a workspace with the given dedupe keys (a lead's CRM event: crm/). */
export async function outboxRowsByKey(
  db: Kysely<Database>,
  workspaceId: number,
  keys: readonly string[],
): Promise<OutboxRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('dedupe_key', 'in', [...keys])
    .execute();
}

/** A workspace's newest row of one kind (the console's last CRM delivery), or undefined. */
export async function newestOutboxRow(
  db: Kysely<Database>,
  workspaceId: number,
  kind: string,
): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
