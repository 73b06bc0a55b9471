import { Type } from 'typebox';
import { Unauthorized } from '../errors.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { EmptyBody } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { appointmentsFor } from './appointment-link.ts';
import { LEAD_LIST_MAX, leadList, leadListItem } from './lead-list.ts';
import { qualificationFromBody } from './qualification.ts';
import {
  GetLeadsBody,
  LeadListBody,
  LeadListItem,
  LeadRecord,
  ResumeData,
  SessionBody,
  SetWebhookBody,
  TalkToHumanBody,
  TalkToHumanData,
  WebhooksData,
} from './schemas.ts';
import { type LeadDeps, leadRecord, leadsOf, resumeSession, talkToHuman } from './service.ts';
import { setWebhook, type WebhookDeps, webhooksOf } from './webhooks.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerLeadRoutes(app: App, deps: LeadDeps & Pick<WebhookDeps, 'allowPrivateUrls'>): void {
  app.post(
    '/chat/Chat/TalkToHuman',
    {
      // The widget's form calls it with its visitor key (for its own session only).
      config: { auth: 'visitor' },
      schema: {
        tags: ['leads'],
        summary: 'Hand the session to a person: records a lead and notifies TalkToHumanEmail and lead.created webhooks',
        description:
          'The session then waits for a person: ClientAsk answers a fixed notice until /chat/Chat/Resume. ' +
          "Email or Phone is required. Data.Message is the chatbot's TalkToHumanResponseMessage.",
        body: TalkToHumanBody,
        response: { 200: envelopeOf(TalkToHumanData), ...errors },
      },
    },
    async (req) => {
      if (!req.principal) throw new Unauthorized();
      const b = req.body;
      const r = await talkToHuman(
        deps,
        req.principal,
        b.sessionID,
        { name: b.Name, email: b.Email, phone: b.Phone, message: b.Message, qualification: qualificationFromBody(b) },
        req.ip,
      );
      return ok({ LeadID: r.leadId, Message: r.message });
    },
  );

  app.post(
    '/chat/Chat/Resume',
    {
      // The console's "hand back to the bot" (agents too) calls it with the session cookie.
      config: { auth: 'workspace-or-staff' },
      schema: {
        tags: ['leads'],
        summary: 'Let the chatbot answer a session again after a handoff',
        body: SessionBody,
        response: { 200: envelopeOf(ResumeData), ...errors },
      },
    },
    async (req) => {
      await resumeSession(deps, workspaceOf(req), req.body.sessionID);
      return ok({ SessionID: req.body.sessionID, Mode: 'bot' as const });
    },
  );

  app.post(
    '/chat/Chatbot/GetLeads',
    {
      schema: {
        tags: ['leads'],
        summary: "A chatbot's leads, newest first (booked showings too, as Type Appointment)",
        body: GetLeadsBody,
        response: {
          200: envelopeOf(Type.Object({ List: Type.Array(LeadRecord), VirtualCount: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (req) => {
      const b = req.body;
      const workspaceId = workspaceOf(req);
      const { leads, total } = await leadsOf(deps, workspaceId, b.serialNumber, b.PageNumber, b.PageSize);
      const appointments = await appointmentsFor(deps.appointments, workspaceId, leads);
      return ok({ List: leads.map((l) => leadRecord(l, appointments)), VirtualCount: total });
    },
  );

  app.post(
    '/chat/Chatbot/LeadList',
    {
      schema: {
        tags: ['leads'],
        summary:
          "A chatbot's leads between two UTC dates (both included), oldest first; booked showings are Type Appointment",
        description: `At most ${LEAD_LIST_MAX} leads per call; to read on, call again with a later startTime.`,
        body: LeadListBody,
        response: { 200: envelopeOf(Type.Array(LeadListItem)), ...errors },
      },
    },
    async (req) => {
      const workspaceId = workspaceOf(req);
      const leads = await leadList(deps, workspaceId, req.body);
      const appointments = await appointmentsFor(deps.appointments, workspaceId, leads);
      return ok(leads.map((l) => leadListItem(l, appointments)));
    },
  );

  app.post(
    '/chat/Workspace/SetWebhook',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Register a URL for lead.created, lead.updated, appointment.created/.cancelled/.rescheduled, answer.rated and/or conversation.daily ' +
          '(empty Events removes it); Data as GetWebhooks',
        description:
          'Bodies are JSON, signed as X-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with ' +
          'SigningSecret; X-Webhook-Id is stable across retries. Non-2xx answers are retried with back-off.',
        body: SetWebhookBody,
        response: { 200: envelopeOf(WebhooksData), ...errors },
      },
    },
    async (req) => ok(await setWebhook(deps, workspaceOf(req), req.body.Url, req.body.Events)),
  );

  app.post(
    '/chat/Workspace/GetWebhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The workspace's webhooks and the secret that signs their deliveries",
        body: EmptyBody,
        response: { 200: envelopeOf(WebhooksData), ...errors },
      },
    },
    async (req) => ok(await webhooksOf(deps, workspaceOf(req))),
  );
}
