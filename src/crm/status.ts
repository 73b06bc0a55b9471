// Each lead's CRM status, as the console shows it (docs/crm.md), read from its outbox row.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { outboxRowsByKey } from '../outbox/index.ts';
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
    if (!r) continue;
    const error = r.last_error ?? '';
    if (r.status === 'sent' && r.outcome === 'archived') {
      out.set(id, { Status: 'archived', Detail: "Follow Up Boss ignored it: this source's lead flow is archived" });
    } else if (r.status === 'sent') out.set(id, { Status: 'sent', Detail: '' });
    else if (r.status === 'dead') out.set(id, { Status: 'failed', Detail: error });
    else if (r.status === 'skipped') out.set(id, { Status: 'dropped', Detail: error });
    else out.set(id, { Status: r.attempts > 0 ? 'retrying' : 'queued', Detail: error });
  }
  return out;
}
