// What a handoff queues (leads/README.md): the TalkToHumanEmail message with the conversation
// so far, and one `lead.created` webhook per subscribed URL. Built here, queued by the
// caller in the same transaction as the lead, so that neither exists without the other.
import type { Kysely } from 'kysely';
import type { TranscriptMessage } from '../chat/index.ts';
import type { Settings } from '../chatbots/index.ts';
import { type CrmConnection, type CrmLead, queueCrmEvent } from '../crm/index.ts';
import type { Database } from '../db/tables.ts';
import {
  conversationLink,
  enqueue,
  escapeHtml,
  historyHint,
  htmlDocument,
  linkify,
  subjectLine,
  transcriptHtml,
  transcriptText,
} from '../outbox/index.ts';
import { qualificationLines, qualificationOf, qualificationRecord } from './qualification.ts';
import type { Lead, Webhook } from './repo.ts';

export interface HandoffContext {
  publicUrl: string;
  chatbot: { id: number; serialNumber: string; settings: Settings };
  lead: Lead;
  /** The session's messages so far, oldest first. */
  transcript: readonly TranscriptMessage[];
  webhooks: readonly Webhook[];
  /** The workspace's CRM, when connected: the lead goes there too. */
  crm?: CrmConnection | null;
}

function recipients(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const tableRows = (fields: [string, string][]) =>
  fields
    .map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${k}</th><td>${linkify(v)}</td></tr>`)
    .join('');

export function handoffEmail(ctx: HandoffContext) {
  const { lead, chatbot } = ctx;
  const name = chatbot.settings.Name;
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Message', lead.message],
  ];
  const history = lead.session_id ? historyHint(ctx.publicUrl, lead.session_id) : null;
  const who = lead.name || lead.email || lead.phone;
  const transcript = transcriptText(ctx.transcript);
  const qualification = qualificationLines(qualificationOf(lead));
  const text = [
    `${who} asked to talk to a person through ${name}.`,
    ...(history ? [history.text] : []),
    '',
    ...fields.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`),
    '',
    ...(qualification.length ? ['Qualification:', ...qualification.map(([k, v]) => `  ${k}: ${v}`), ''] : []),
    'Conversation so far:',
    transcript || '(no messages yet)',
  ].join('\n');
  const rows = tableRows(fields.filter(([, v]) => v));
  const html = htmlDocument(
    name,
    `<p>${escapeHtml(who)} asked to talk to a person through <b>${escapeHtml(name)}</b>.</p>` +
      (history?.html ?? '') +
      `<table>${rows}</table>` +
      (qualification.length ? `<h3>Qualification</h3><table>${tableRows(qualification)}</table>` : '') +
      '<h3>Conversation so far</h3>' +
      (transcriptHtml(ctx.transcript) || '<p>(no messages yet)</p>'),
  );
  return {
    kind: 'email' as const,
    to: recipients(chatbot.settings.TalkToHumanEmail),
    subject: subjectLine(name, `${who} wants to talk to a person`),
    text,
    html,
    // Pressing Reply answers the visitor, not Parlor's sender address.
    ...(lead.email ? { replyTo: { name: lead.name, address: lead.email } } : {}),
  };
}

/** The qualification in a webhook's lead, in its camelCase (intent, timeline, preApproved, …). */
export function webhookQualification(lead: Lead) {
  const q = qualificationRecord(lead);
  return {
    intent: q.Intent,
    timeline: q.Timeline,
    preApproved: q.PreApproved,
    budgetMin: q.BudgetMin,
    budgetMax: q.BudgetMax,
    areas: q.Areas,
    propertyType: q.PropertyType,
    mlsNumber: q.MLSNumber,
  };
}

/** A lead as webhooks carry it (lead.created, lead.updated). */
export function webhookLead(lead: Lead) {
  return {
    id: lead.id,
    sessionId: lead.session_id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    source: lead.source,
    createdAt: lead.created_at,
    ...webhookQualification(lead),
  };
}

export function leadWebhookBody(ctx: HandoffContext): string {
  const { lead, chatbot } = ctx;
  return JSON.stringify({
    event: 'lead.created',
    chatbot: { serialNumber: chatbot.serialNumber, name: chatbot.settings.Name },
    lead: webhookLead(lead),
    transcript: ctx.transcript
      .filter((m) => m.content.trim() !== '')
      .map((m) => ({ role: m.role, content: m.content, createdAt: m.created_at })),
  });
}

/** A lead as the CRM gets it: its qualification, and `extra` lines first (a showing's time). */
export function crmLeadOf(lead: Lead, extra: [string, string][] = []): CrmLead {
  const qualification = qualificationOf(lead);
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    createdAt: lead.created_at,
    sessionId: lead.session_id,
    qualification,
    summary: [...extra, ...qualificationLines(qualification)],
  };
}

/** Queues the handoff email (when TalkToHumanEmail is set), the lead.created webhooks and the CRM event. */
export async function queueHandoff(trx: Kysely<Database>, ctx: HandoffContext, now: Date): Promise<void> {
  const ws = ctx.lead.workspace_id;
  const email = handoffEmail(ctx);
  if (email.to.length) await enqueue(trx, ws, `lead:${ctx.lead.id}:email`, email, now);
  const body = ctx.webhooks.length ? leadWebhookBody(ctx) : '';
  for (const w of ctx.webhooks) {
    await enqueue(
      trx,
      ws,
      `lead:${ctx.lead.id}:webhook:${w.id}`,
      { kind: 'webhook', url: w.url, event: 'lead.created', body },
      now,
    );
  }
  if (ctx.crm) {
    await queueCrmEvent(
      trx,
      ctx.crm,
      {
        workspaceId: ws,
        chatbotName: ctx.chatbot.settings.Name,
        lead: crmLeadOf(ctx.lead),
        conversationUrl: ctx.lead.session_id ? conversationLink(ctx.publicUrl, ctx.lead.session_id) : null,
      },
      now,
    );
  }
}
