// What a lead's later change queues (docs/crm.md, "Asked after the lead"): a qualifying answer
// given in the chat after the lead was taken goes out as one `lead.updated` webhook per
// subscribed URL and one more Follow Up Boss event, which Follow Up Boss adds to the same person
// (it deduplicates by e-mail and phone), updating the custom fields. Queued in the transaction
// that changes the lead, under the lead's `lead:<id>:` keys (erasure removes them with the lead),
// each change its own key: two answers may come within one clock tick.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Settings } from '../chatbots/index.ts';
import { type CrmConnection, queueCrmEvent } from '../crm/index.ts';
import type { Database } from '../db/tables.ts';
import { conversationLink, enqueue } from '../outbox/index.ts';
import { crmLeadOf, webhookLead, webhookQualification } from './handoff.ts';
import type { Lead, Webhook } from './repo.ts';

export interface LeadUpdateContext {
  publicUrl: string;
  chatbot: { serialNumber: string; settings: Settings };
  /** The lead as it was, and as it now is. */
  before: Lead;
  lead: Lead;
  webhooks: readonly Webhook[];
  crm: CrmConnection | null;
}

/** The webhook names of the qualification fields that changed (intent, budgetMax, …). */
export function changedFields(before: Lead, after: Lead): string[] {
  const a = webhookQualification(before);
  const b = webhookQualification(after);
  return (Object.keys(b) as (keyof typeof b)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

function leadUpdatedBody(ctx: LeadUpdateContext): string {
  return JSON.stringify({
    event: 'lead.updated',
    chatbot: { serialNumber: ctx.chatbot.serialNumber, name: ctx.chatbot.settings.Name },
    lead: { ...webhookLead(ctx.lead), updatedAt: ctx.lead.updated_at },
    changed: changedFields(ctx.before, ctx.lead),
  });
}

export async function queueLeadUpdate(trx: Kysely<Database>, ctx: LeadUpdateContext, now: Date): Promise<void> {
  const { lead } = ctx;
  const ws = lead.workspace_id;
  const key = `lead:${lead.id}:updated:${randomUUID()}`;
  const body = ctx.webhooks.length ? leadUpdatedBody(ctx) : '';
  for (const w of ctx.webhooks) {
    await enqueue(trx, ws, `${key}:webhook:${w.id}`, { kind: 'webhook', url: w.url, event: 'lead.updated', body }, now);
  }
  if (ctx.crm) {
    await queueCrmEvent(
      trx,
      ctx.crm,
      {
        workspaceId: ws,
        chatbotName: ctx.chatbot.settings.Name,
        lead: crmLeadOf(lead),
        conversationUrl: lead.session_id ? conversationLink(ctx.publicUrl, lead.session_id) : null,
        update: { at: now, key: `${key}:crm` },
      },
      now,
    );
  }
}
