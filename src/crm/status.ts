// Each lead's CRM status, as the console shows it (docs/crm.md), read from its outbox row.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { newestOutboxRow, type OutboxRow, outboxRowsByKey } from '../outbox/index.ts';
import { crmKey } from './queue.ts';

export const CRM_STATUSES = ['', 'queued', 'retrying', 'sent', 'archived', 'failed', 'dropped'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];

export interface CrmLeadStatus {
  /** '' when the lead was never sent (no CRM connected when it came in). */
  Status: CrmStatus;
  /** Why it failed or is retried, or what Follow Up Boss said ("the lead flow is archived"). */
  Detail: string;
}

export async function crmStatusOfLeads(
  db: Kysely<Database>,
  workspaceId: number,
  leadIds: readonly number[],
): Promise<Map<number, CrmLeadStatus>> {
  const rows = await outboxRowsByKey(db, workspaceId, leadIds.map(crmKey));
  const byKey = new Map(rows.map((r) => [r.dedupe_key, r]));
  const out = new Map<number, CrmLeadStatus>();
  for (const id of leadIds) {
    const r = byKey.get(crmKey(id));
    if (r) out.set(id, statusOf(r));
  }
  return out;
}

function statusOf(r: Pick<OutboxRow, 'status' | 'outcome' | 'last_error' | 'attempts'>): CrmLeadStatus {
  const error = r.last_error ?? '';
  if (r.status === 'sent' && r.outcome === 'archived') {
    return { Status: 'archived', Detail: "Follow Up Boss ignored it: this source's lead flow is archived" };
  }
  if (r.status === 'sent') return { Status: 'sent', Detail: '' };
  if (r.status === 'dead') return { Status: 'failed', Detail: error };
  if (r.status === 'skipped') return { Status: 'dropped', Detail: error };
  return { Status: r.attempts > 0 ? 'retrying' : 'queued', Detail: error };
}

export interface CrmLastDelivery extends CrmLeadStatus {
  /** When the event was queued, and when it was sent (null until it is). */
  QueuedAt: string;
  SentAt: string | null;
}

/** The workspace's newest CRM event and how its delivery went (the console's CRM form); null before any. */
export async function lastCrmDelivery(db: Kysely<Database>, workspaceId: number): Promise<CrmLastDelivery | null> {
  const r = await newestOutboxRow(db, workspaceId, 'crm');
  return r ? { ...statusOf(r), QueuedAt: r.created_at, SentAt: r.sent_at } : null;
}
