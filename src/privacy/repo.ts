// The privacy feature's own tables: the audit of erasures and retention passes, and the
// retention sweep's claims on chatbots (docs/privacy.md; migrations/022_privacy.ts).
import type { Kysely, Selectable } from 'kysely';
import type { Database, PrivacyAuditTable } from '../db/tables.ts';

export type AuditRow = Selectable<PrivacyAuditTable>;

export interface NewAudit {
  workspaceId: number;
  chatbotId: number | null;
  action: 'erase' | 'retention';
  actor: string;
  counts: Record<string, number>;
}

export async function insertAudit(db: Kysely<Database>, a: NewAudit, now: Date): Promise<void> {
  await db
    .insertInto('privacy_audit')
    .values({
      workspace_id: a.workspaceId,
      chatbot_id: a.chatbotId,
      action: a.action,
      actor: a.actor,
      counts: JSON.stringify(a.counts),
      created_at: now.toISOString(),
    })
    .execute();
}

/** The workspace's audit rows, newest first, before `beforeId` when given. */
export async function auditPage(
  db: Kysely<Database>,
  workspaceId: number,
  beforeId: number | null,
  limit: number,
): Promise<AuditRow[]> {
  let q = db.selectFrom('privacy_audit').selectAll().where('workspace_id', '=', workspaceId);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Claims a chatbot for one retention pass until `until`: answers false when another instance
 * holds it, or when its last pass ended after `sweptAfter` (it was swept recently enough). The
 * condition is in the update, so that of two instances at most one gets it.
 */
export async function claimChatbot(
  db: Kysely<Database>,
  chatbotId: number,
  now: Date,
  until: Date,
  sweptAfter: Date,
): Promise<boolean> {
  await db
    .insertInto('retention_sweeps')
    .values({ chatbot_id: chatbotId, claimed_until: null, swept_at: null })
    .onConflict((oc) => oc.column('chatbot_id').doNothing())
    .execute();
  const r = await db
    .updateTable('retention_sweeps')
    .set({ claimed_until: until.toISOString() })
    .where('chatbot_id', '=', chatbotId)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
    .where((eb) => eb.or([eb('swept_at', 'is', null), eb('swept_at', '<=', sweptAfter.toISOString())]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a claim; `done` records the pass as finished (not when it stopped at its bound). */
export async function releaseChatbot(db: Kysely<Database>, chatbotId: number, now: Date, done: boolean) {
  await db
    .updateTable('retention_sweeps')
    .set(done ? { claimed_until: null, swept_at: now.toISOString() } : { claimed_until: null })
    .where('chatbot_id', '=', chatbotId)
    .execute();
}
