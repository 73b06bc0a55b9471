// What a showing's changes queue in the outbox (docs/tours.md, "Invites and reminders"), in the
// same transaction as the change, so that neither exists without the other: the visitor's
// e-mail with the invitation (REQUEST, or CANCEL) and the manage link; the staff's e-mail
// with the same invitation and the visitor's details; one webhook per subscribed URL. Each
// item's dedupe key names the appointment and its SEQUENCE, so a change is queued once.
import type { Kysely } from 'kysely';
import type { Settings } from '../chatbots/index.ts';
import type { Database } from '../db/tables.ts';
import {
  findLead,
  type Lead,
  qualificationLines,
  qualificationOf,
  type Webhook,
  webhookQualification,
} from '../leads/index.ts';
import {
  type EmailPayload,
  enqueue,
  escapeHtml,
  historyHint,
  htmlDocument,
  linkify,
  subjectLine,
} from '../outbox/index.ts';
import { type InviteMethod, inviteHost, inviteText, mailboxOf } from './invite.ts';
import { slotLabel } from './labels.ts';
import { type NoticeKind, tourTexts } from './mail-texts.ts';
import { calendarUrl, manageToken, manageUrl } from './manage-link.ts';
import type { Appointment } from './repo.ts';
import { isoWithOffset } from './zoned-time.ts';

export interface NoticeContext {
  publicUrl: string;
  mailFrom: string;
  chatbot: { id: number; serialNumber: string; settings: Settings };
  /** The workspace's secret, which signs the manage link. */
  secret: string;
  /** Who shows it: the assigned agent's e-mail, else TalkToHumanEmail's addresses. */
  staff: string[];
  /** The workspace's webhooks subscribed to this change's event. */
  webhooks: readonly Webhook[];
  /** The visitor's language (labels and texts). */
  locale: string;
  now: Date;
}

export const EVENT_OF: Record<Exclude<NoticeKind, 'reminder'>, string> = {
  booked: 'appointment.created',
  rescheduled: 'appointment.rescheduled',
  cancelled: 'appointment.cancelled',
};

/** The manage link of the appointment as it is now: valid until it ends. */
export function linksOf(a: Appointment, ctx: Pick<NoticeContext, 'publicUrl' | 'secret'>) {
  const token = manageToken(ctx.secret, a.id, Date.parse(a.end_at));
  return { token, manage: manageUrl(ctx.publicUrl, token), calendar: calendarUrl(ctx.publicUrl, token) };
}

export function whenOf(a: Appointment, settings: Settings, locale: string): string {
  return slotLabel(Date.parse(a.start_at), settings.TimeZone, locale);
}

function invite(a: Appointment, method: InviteMethod, ctx: NoticeContext, summary: string, description: string) {
  return inviteText(a, method, {
    host: inviteHost(ctx.publicUrl),
    organizer: mailboxOf(ctx.mailFrom, ctx.chatbot.settings.Name),
    staff: ctx.staff,
    summary,
    description,
    now: ctx.now,
  });
}

function table(rows: [string, string][]): { text: string[]; html: string } {
  const kept = rows.filter(([, v]) => v);
  return {
    text: kept.map(([k, v]) => `${k}: ${v}`),
    html: `<table>${kept
      .map(
        ([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${linkify(v)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

/** The e-mail to the visitor; null without an e-mail address. */
export function visitorEmail(a: Appointment, kind: NoticeKind, ctx: NoticeContext): EmailPayload | null {
  if (!a.email) return null;
  const t = tourTexts(ctx.locale);
  const name = ctx.chatbot.settings.Name;
  const links = linksOf(a, ctx);
  const what = a.address || t.agentCall;
  const facts = table([
    [t.when, whenOf(a, ctx.chatbot.settings, ctx.locale)],
    [t.where, a.address || t.agentCall],
    [t.listing, a.listing_url],
    ...(a.status === 'booked' ? ([[t.manage, links.manage]] as [string, string][]) : []),
  ]);
  const method: InviteMethod = a.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    kind: 'email',
    to: [a.email],
    subject: subjectLine(name, `${t.subject[kind]}: ${what}`),
    text: [t.intro[kind], '', ...facts.text].join('\n'),
    html: htmlDocument(name, `<p>${escapeHtml(t.intro[kind])}</p>${facts.html}`),
    ...(kind === 'reminder'
      ? {}
      : { calendar: { method, content: invite(a, method, ctx, `${t.showing}: ${what}`, links.manage) } }),
  };
}

const STAFF_SAYS: Record<NoticeKind, string> = {
  booked: 'booked a showing',
  rescheduled: 'moved their showing to a new time',
  cancelled: 'cancelled their showing',
  reminder: 'has a showing soon',
};

/** The lead's qualification as the staff read it; its listing is the showing's own. */
function qualificationRows(lead: Lead | null): [string, string][] {
  return lead ? qualificationLines(qualificationOf(lead)).filter(([k]) => k !== 'Listing') : [];
}

/**
 * The e-mail to the staff who show it, with the visitor's qualification when its lead is given;
 * null when nobody is set to receive it.
 */
export function staffEmail(
  a: Appointment,
  kind: NoticeKind,
  ctx: NoticeContext,
  lead: Lead | null = null,
): EmailPayload | null {
  if (ctx.staff.length === 0) return null;
  const name = ctx.chatbot.settings.Name;
  const who = a.name || a.email || a.phone;
  const what = a.address || 'a call with an agent';
  const history = a.session_id ? historyHint(ctx.publicUrl, a.session_id) : null;
  const facts = table([
    ['When', whenOf(a, ctx.chatbot.settings, 'en')],
    ['Where', a.address || 'A call with an agent'],
    ['MLS number', a.mls_number],
    ['Listing', a.listing_url],
    ['Name', a.name],
    ['Email', a.email],
    ['Phone', a.phone],
    ['Message', a.message],
    ...qualificationRows(lead),
  ]);
  const said = `${who} ${STAFF_SAYS[kind]} (${what}) through ${name}.`;
  const method: InviteMethod = a.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    kind: 'email',
    to: ctx.staff,
    subject: subjectLine(name, `Showing ${kind}: ${who}, ${whenOf(a, ctx.chatbot.settings, 'en')}`),
    text: [said, ...(history ? [history.text] : []), '', ...facts.text].join('\n'),
    html: htmlDocument(name, `<p>${escapeHtml(said)}</p>${history?.html ?? ''}${facts.html}`),
    ...(a.email ? { replyTo: { name: a.name, address: a.email } } : {}),
    calendar: { method, content: invite(a, method, ctx, `Showing: ${what} — ${who}`, said) },
  };
}

/** The appointment's webhook; its lead's qualification as lead.created has it (intent, timeline, …). */
export function appointmentWebhookBody(a: Appointment, event: string, ctx: NoticeContext, lead: Lead | null): string {
  const tz = ctx.chatbot.settings.TimeZone;
  return JSON.stringify({
    event,
    chatbot: { serialNumber: ctx.chatbot.serialNumber, name: ctx.chatbot.settings.Name },
    appointment: {
      ...(lead ? webhookQualification(lead) : {}),
      id: a.id,
      leadId: a.lead_id,
      sessionId: a.session_id,
      start: isoWithOffset(Date.parse(a.start_at), tz),
      end: isoWithOffset(Date.parse(a.end_at), tz),
      status: a.status,
      sequence: a.sequence,
      mlsNumber: a.mls_number,
      address: a.address,
      listingUrl: a.listing_url,
      name: a.name,
      email: a.email,
      phone: a.phone,
      message: a.message,
      createdAt: a.created_at,
      updatedAt: a.updated_at,
    },
  });
}

/** Queues a change's e-mails and webhooks inside the change's transaction. */
export async function queueNotices(
  trx: Kysely<Database>,
  a: Appointment,
  kind: Exclude<NoticeKind, 'reminder'>,
  ctx: NoticeContext,
): Promise<void> {
  const key = `tour:${a.id}:s${a.sequence}:${kind}`;
  // The lead as it is now: its qualification may have been answered since the booking.
  const lead = (await findLead(trx, a.workspace_id, a.lead_id)) ?? null;
  const visitor = visitorEmail(a, kind, ctx);
  if (visitor) await enqueue(trx, a.workspace_id, `${key}:visitor`, visitor, ctx.now);
  const staff = staffEmail(a, kind, ctx, lead);
  if (staff) await enqueue(trx, a.workspace_id, `${key}:staff`, staff, ctx.now);
  const event = EVENT_OF[kind];
  const body = ctx.webhooks.length ? appointmentWebhookBody(a, event, ctx, lead) : '';
  for (const w of ctx.webhooks) {
    await enqueue(trx, a.workspace_id, `${key}:webhook:${w.id}`, { kind: 'webhook', url: w.url, event, body }, ctx.now);
  }
}

/** The invitation for a newly assigned agent: the appointment as it is, to them alone. */
export async function queueAssignment(trx: Kysely<Database>, a: Appointment, ctx: NoticeContext): Promise<void> {
  const lead = (await findLead(trx, a.workspace_id, a.lead_id)) ?? null;
  const email = staffEmail(a, 'booked', ctx, lead);
  if (email) {
    await enqueue(
      trx,
      a.workspace_id,
      `tour:${a.id}:s${a.sequence}:assigned:${a.assigned_user_id ?? 0}`,
      email,
      ctx.now,
    );
  }
}
