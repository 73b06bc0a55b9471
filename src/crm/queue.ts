// Queues a lead's CRM event through the outbox (docs/crm.md), in the transaction that records
// the lead: a lead is never sent without being recorded, and its event is queued once (its
// dedupe key, crmKey). The connection and the listing are read before the transaction (SQLite's
// one connection is the transaction's while it runs); the body is built when queued.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { findListingByKey, type Listing } from '../listings/index.ts';
import { type CrmPayload, enqueue } from '../outbox/index.ts';
import { type CrmLead, followUpBossEvent } from './fub-event.ts';
import { type CrmSettings, findCrmSettings } from './repo.ts';

/** The outbox key of a lead's CRM event: how erasure and the console find it by lead. */
export const crmKey = (leadId: number) => `crm:lead:${leadId}`;

export interface CrmConnection {
  settings: CrmSettings;
  listing: Listing | null;
}

/** The workspace's CRM and the listing asked about; null when no CRM is connected. */
export async function crmConnection(
  db: Kysely<Database>,
  owner: { workspaceId: number; chatbotId: number },
  mlsNumber: string,
): Promise<CrmConnection | null> {
  const settings = await findCrmSettings(db, owner.workspaceId);
  if (!settings) return null;
  const listing = mlsNumber ? ((await findListingByKey(db, owner, 'MLSNumber', mlsNumber, false)) ?? null) : null;
  return { settings, listing };
}

export interface CrmQueueContext {
  workspaceId: number;
  chatbotName: string;
  lead: CrmLead;
  conversationUrl: string | null;
  /**
   * An update of a lead already sent (Follow Up Boss adds it to the same person): when it
   * happened, and its own outbox key, under the lead's `lead:<id>:` keys so that erasure finds it.
   */
  update?: { at: Date; key: string };
}

export async function queueCrmEvent(
  trx: Kysely<Database>,
  crm: CrmConnection,
  ctx: CrmQueueContext,
  now: Date,
): Promise<void> {
  const body = followUpBossEvent({
    lead: ctx.lead,
    chatbotName: ctx.chatbotName,
    systemName: crm.settings.system_name,
    listing: crm.listing,
    conversationUrl: ctx.conversationUrl,
    occurredAt: ctx.update?.at.toISOString(),
  });
  const payload: CrmPayload = {
    kind: 'crm',
    provider: 'FollowUpBoss',
    leadId: ctx.lead.id,
    body: JSON.stringify(body),
  };
  const key = ctx.update?.key ?? crmKey(ctx.lead.id);
  await enqueue(trx, ctx.workspaceId, key, payload, now);
}
