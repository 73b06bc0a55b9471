// Leads and webhook registrations: the only module of leads/ that
// touches the database. Every query is scoped by workspace.
import type { Kysely, Selectable } from 'kysely';
import type { Qualification } from '../answer/index.ts';
import type { Database, LeadTable, WebhookTable } from '../db/tables.ts';
import { qualificationColumns } from './qualification.ts';

export type Lead = Selectable<LeadTable>;
export type Webhook = Selectable<WebhookTable>;

export interface NewLead {
  workspaceId: number;
  chatbotId: number;
  sessionId: number | null;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** 'api' (TalkToHuman with a workspace key), 'widget' (a visitor key), 'chat' (the model's tool). */
  source: string;
  /** 'Lead' (the default) or 'Appointment' (a booked showing: tours/). */
  type?: 'Lead' | 'Appointment';
  /** Checked (qualification.ts); absent = nothing known. */
  qualification?: Qualification;
}

export async function insertLead(db: Kysely<Database>, lead: NewLead, now: Date): Promise<Lead> {
  return db
    .insertInto('leads')
    .values({
      workspace_id: lead.workspaceId,
      chatbot_id: lead.chatbotId,
      session_id: lead.sessionId,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.message,
      source: lead.source,
      created_at: now.toISOString(),
      ...(lead.type ? { type: lead.type } : {}),
      ...(lead.qualification ? qualificationColumns(lead.qualification) : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function pageOfLeads(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  offset: number,
  limit: number,
) {
  const scoped = db.selectFrom('leads').where('workspace_id', '=', workspaceId).where('chatbot_id', '=', chatbotId);
  const [leads, total] = await Promise.all([
    scoped.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { leads, total: Number(total.n) };
}

/** A chatbot's leads created in [from, to), oldest first (the daily lead digest). */
export async function leadsBetween(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<Lead[]> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function listWebhooks(db: Kysely<Database>, workspaceId: number): Promise<Webhook[]> {
  return db.selectFrom('webhooks').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
}

/** Registers `url` for `events`, replacing its earlier events. */
export async function upsertWebhook(
  db: Kysely<Database>,
  workspaceId: number,
  url: string,
  events: readonly string[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({ workspace_id: workspaceId, url, events: events.join(','), created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['workspace_id', 'url']).doUpdateSet({ events: events.join(',') }))
    .execute();
}

/** Removes one URL's registration, or every registration of the workspace when `url` is null. */
export async function deleteWebhooks(db: Kysely<Database>, workspaceId: number, url: string | null): Promise<number> {
  let q = db.deleteFrom('webhooks').where('workspace_id', '=', workspaceId);
  if (url !== null) q = q.where('url', '=', url);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The workspace's webhooks subscribed to `event`. */
export async function webhooksFor(db: Kysely<Database>, workspaceId: number, event: string): Promise<Webhook[]> {
  const all = await listWebhooks(db, workspaceId);
  return all.filter((w) => w.events.split(',').includes(event));
}

/** Workspaces with at least one webhook for `event` (the daily conversation job). */
export async function workspacesWithWebhook(db: Kysely<Database>, event: string): Promise<Set<number>> {
  const rows = await db.selectFrom('webhooks').select(['workspace_id', 'events']).execute();
  return new Set(rows.filter((r) => r.events.split(',').includes(event)).map((r) => r.workspace_id));
}

/** The chatbot's leads created in the range (ISO bounds, `to` exclusive), oldest first. */
export async function leadsInRange(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  range: { from: string | null; to: string | null; sessionId: number | null },
  limit: number,
): Promise<Lead[]> {
  let q = db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId);
  if (range.from !== null) q = q.where('created_at', '>=', range.from);
  if (range.to !== null) q = q.where('created_at', '<', range.to);
  if (range.sessionId !== null) q = q.where('session_id', '=', range.sessionId);
  return q.orderBy('id').limit(limit).execute();
}

/** Those of `ids` that have a lead (the empty-session sweep keeps them). Housekeeping: any workspace. */
export async function sessionsWithLeads(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('leads').select('session_id').distinct().where('session_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.session_id).filter((id) => id !== null));
}

export interface LeadFilter {
  chatbotId: number | null;
  status: string | null;
  /** created_at from (inclusive) and to (exclusive), ISO 8601 UTC. */
  from: string | null;
  to: string | null;
  limit: number;
  /** Keyset: leads with a smaller ID (the previous page's last). */
  beforeId: number | null;
}

/** The workspace's leads, newest first (the console's leads page and its CSV export). */
export async function filteredLeads(db: Kysely<Database>, workspaceId: number, f: LeadFilter): Promise<Lead[]> {
  let q = db.selectFrom('leads').selectAll().where('workspace_id', '=', workspaceId);
  if (f.chatbotId !== null) q = q.where('chatbot_id', '=', f.chatbotId);
  if (f.status !== null) q = q.where('status', '=', f.status);
  if (f.from !== null) q = q.where('created_at', '>=', f.from);
  if (f.to !== null) q = q.where('created_at', '<', f.to);
  if (f.beforeId !== null) q = q.where('id', '<', f.beforeId);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

/** The leads of the given sessions, newest first. */
export async function leadsOfSessions(db: Kysely<Database>, workspaceId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('session_id', 'in', sessionIds)
    .orderBy('id', 'desc')
    .execute();
}

export async function updateLead(
  db: Kysely<Database>,
  workspaceId: number,
  id: number,
  change: { status?: string; note?: string; assignedUserId?: number | null },
  now: Date,
): Promise<Lead | undefined> {
  return db
    .updateTable('leads')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.note !== undefined ? { note: change.note } : {}),
      ...(change.assignedUserId !== undefined ? { assigned_user_id: change.assignedUserId } : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

/** Replaces a lead's qualification (a checked one); answers the lead as it now is. */
export async function updateLeadQualification(
  db: Kysely<Database>,
  workspaceId: number,
  id: number,
  q: Qualification,
  now: Date,
): Promise<Lead | undefined> {
  return db
    .updateTable('leads')
    .set({ ...qualificationColumns(q), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

export async function findLead(db: Kysely<Database>, workspaceId: number, id: number): Promise<Lead | undefined> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function leadExists(db: Kysely<Database>, workspaceId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Leads per UTC day since `from` (the console's usage page). */
export async function leadsPerDay(db: Kysely<Database>, workspaceId: number, from: string) {
  const rows = await db
    .selectFrom('leads')
    .select(['created_at', 'chatbot_id'])
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', from)
    .execute();
  const days = new Map<string, number>();
  for (const r of rows) days.set(r.created_at.slice(0, 10), (days.get(r.created_at.slice(0, 10)) ?? 0) + 1);
  return days;
}
