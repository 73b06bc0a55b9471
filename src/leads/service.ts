// Leads and the human handoff (docs/api.md "API overview"; notify/README.md). A handoff records the lead, sets the
// session to 'human' and queues its email and webhooks in one transaction: a lead is never
// recorded without its notifications, nor notified without being recorded.
import { enforceAbuseRules, leadRules, type VisitorOrigin } from '../abuse/index.ts';
import type { LeadDetails } from '../answer/index.ts';
import { type ChatDeps, findSession, sessionTranscript, setSessionMode } from '../chat/index.ts';
import { type Chatbot, findChatbotById, requireChatbot } from '../chatbots/index.ts';
import type { AbuseLimits } from '../config.ts';
import { crmConnection } from '../crm/index.ts';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import type { Principal } from '../http/auth.ts';
import { announce, type LiveBus } from '../live/index.ts';
import type { AppointmentSummaryData, AppointmentsOfLeads } from './appointment-link.ts';
import { leadTypeOf } from './appointment-link.ts';
import { queueHandoff } from './handoff.ts';
import { checkLead } from './lead-rules.ts';
import { checkQualification, qualificationRecord } from './qualification.ts';
import { insertLead, type Lead, pageOfLeads, webhooksFor } from './repo.ts';

export interface LeadDeps {
  db: Db;
  clock: () => Date;
  publicUrl: string;
  /** Called once a handoff is committed, so that the worker delivers it at once. */
  onQueued?: () => void;
  /** Limits on leads from widget visitors (abuse/); none when absent. */
  abuse?: AbuseLimits;
  /** Tells the console that a session now waits for a person (live/). */
  live?: LiveBus;
  /** The appointments of leads of type Appointment (tours/, wired by app.ts). */
  appointments?: AppointmentsOfLeads;
}

/** How much of the conversation the handoff email carries. */
const TRANSCRIPT_MESSAGES = 50;

interface HandoffTarget {
  chatbot: Chatbot;
  sessionId: number;
  source: 'api' | 'widget' | 'chat' | 'mcp';
  /** A visitor's lead (widget, or typed in a visitor's chat): the abuse limits apply. */
  visitor: VisitorOrigin | null;
}

async function recordHandoff(deps: LeadDeps, target: HandoffTarget, details: LeadDetails): Promise<Lead> {
  const db = deps.db.kysely;
  const lead = checkLead(details);
  const qualification = checkQualification(details.qualification);
  const { chatbot, sessionId } = target;
  const workspaceId = chatbot.workspaceId;
  // Read before the transaction: SQLite's one connection is the transaction's while it runs.
  const transcript = await sessionTranscript(db, workspaceId, sessionId, TRANSCRIPT_MESSAGES);
  const webhooks = await webhooksFor(db, workspaceId, 'lead.created');
  const crm = await crmConnection(db, { workspaceId, chatbotId: chatbot.id }, qualification.mlsNumber);
  const now = deps.clock();
  const row = await db.transaction().execute(async (trx) => {
    if (target.visitor) await enforceAbuseRules(trx, leadRules(target.visitor, chatbot.id, sessionId), now);
    const inserted = await insertLead(
      trx,
      { workspaceId, chatbotId: chatbot.id, sessionId, ...lead, qualification, source: target.source },
      now,
    );
    // Waiting for a person, unless one is already with the visitor.
    await setSessionMode(trx, workspaceId, sessionId, 'human', { unless: 'agent', leadAt: now });
    await queueHandoff(trx, { publicUrl: deps.publicUrl, chatbot, lead: inserted, transcript, webhooks, crm }, now);
    return inserted;
  });
  deps.onQueued?.();
  await announce(deps, workspaceId, sessionId);
  return row;
}

/** The session a principal may use: its workspace's, and for a visitor key only its own. */
async function requireSessionChatbot(deps: LeadDeps, principal: Principal, sessionId: number) {
  const session = await findSession(deps.db.kysely, principal.workspaceId, sessionId);
  if (!session || (principal.kind === 'visitor' && principal.sessionId !== sessionId)) {
    throw new NotFound(`session ${sessionId}`);
  }
  const chatbot = await findChatbotById(deps.db.kysely, session.chatbot_id);
  if (!chatbot || chatbot.workspaceId !== principal.workspaceId) throw new NotFound(`session ${sessionId}`);
  return chatbot;
}

/** TalkToHuman: answers the new lead's ID and the message to show (TalkToHumanResponseMessage). */
export async function talkToHuman(
  deps: LeadDeps,
  principal: Principal,
  sessionId: number,
  details: LeadDetails,
  clientAddress?: string,
): Promise<{ leadId: number; message: string }> {
  const chatbot = await requireSessionChatbot(deps, principal, sessionId);
  const source = principal.kind === 'visitor' ? 'widget' : 'api';
  const visitor =
    principal.kind === 'visitor' && clientAddress !== undefined && deps.abuse
      ? { limits: deps.abuse, address: clientAddress }
      : null;
  const lead = await recordHandoff(deps, { chatbot, sessionId, source, visitor }, details);
  return { leadId: lead.id, message: chatbot.settings.TalkToHumanResponseMessage };
}

/** ChatDeps.talkToHuman: the model engine's talk_to_human tool, during an answer. */
export function createLeadFromChat(deps: LeadDeps): NonNullable<ChatDeps['talkToHuman']> {
  return async (ctx, details) => {
    const chatbot = await findChatbotById(deps.db.kysely, ctx.chatbotId);
    if (!chatbot || chatbot.workspaceId !== ctx.workspaceId) throw new NotFound(`session ${ctx.sessionId}`);
    const visitor = ctx.visitor ?? null;
    const source = ctx.source ?? 'chat';
    await recordHandoff(deps, { chatbot, sessionId: ctx.sessionId, source, visitor }, details);
    return chatbot.settings.TalkToHumanResponseMessage;
  };
}

/** Resume: the chatbot answers the session again. */
export async function resumeSession(deps: LeadDeps, workspaceId: number, sessionId: number): Promise<void> {
  if (!(await setSessionMode(deps.db.kysely, workspaceId, sessionId, 'bot')))
    throw new NotFound(`session ${sessionId}`);
  await announce(deps, workspaceId, sessionId);
}

export async function leadsOf(
  deps: LeadDeps,
  workspaceId: number,
  serialNumber: string,
  pageNumber: number,
  pageSize: number,
) {
  const bot = await requireChatbot({ db: deps.db.kysely, workspaceId, now: deps.clock() }, serialNumber);
  return pageOfLeads(deps.db.kysely, workspaceId, bot.id, (pageNumber - 1) * pageSize, pageSize);
}

export function leadRecord(l: Lead, appointments: Map<number, AppointmentSummaryData>) {
  return {
    ID: l.id,
    SessionID: l.session_id,
    Name: l.name,
    Email: l.email,
    Phone: l.phone,
    Message: l.message,
    Source: l.source,
    CreatedAt: l.created_at,
    Type: leadTypeOf(l.type),
    Appointment: appointments.get(l.id) ?? null,
    ...qualificationRecord(l),
  };
}
