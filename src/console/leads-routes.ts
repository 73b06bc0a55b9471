// The console's leads: a filtered list, status/note/assignee changes, and a CSV export.
import { Readable } from 'node:stream';
import { type CrmLeadStatus, crmStatusOfLeads } from '../crm/index.ts';
import { NotFound, Unauthorized } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { findLeads, followUpLead, type Lead, type LeadFilter, leadsCsv, qualificationRecord } from '../leads/index.ts';
import { utcRange } from '../usage/index.ts';
import { userInWorkspace } from '../users/index.ts';
import { chatbotsOf } from './inbox.ts';
import type { ConsoleRouteDeps } from './routes.ts';
import { IdParams, LeadChangeBody, LeadsQuery } from './schemas.ts';

const staffOnly = { config: { auth: 'staff' as const } };
const PAGE = 100;
const CSV_PAGE = 1000;

export function registerLeadsRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { chat } = deps;
  const schema = { hide: true };

  const filterOf = async (
    workspaceId: number,
    q: { chatbot?: string; status?: string; from?: string; to?: string; before?: string },
    limit: number,
  ) => {
    const bots = await chatbotsOf(chat, workspaceId);
    const bot = q.chatbot ? bots.find((b) => b.serialNumber === q.chatbot) : null;
    if (q.chatbot && !bot) throw new NotFound(`chatbot "${q.chatbot}"`);
    // A real calendar date (2026-13-45 is a 400 naming the field), both days included.
    const range = utcRange({ field: 'from', value: q.from }, { field: 'to', value: q.to });
    const filter: LeadFilter = {
      chatbotId: bot?.id ?? null,
      status: q.status ?? null,
      from: range.from,
      to: range.to,
      beforeId: q.before ? Number(q.before) : null,
      limit,
    };
    return { filter, names: new Map(bots.map((b) => [b.id, b.name])) };
  };
  const NO_CRM: CrmLeadStatus = { Status: '', Detail: '' };
  const record = (l: Lead, names: Map<number, string>, crm = new Map<number, CrmLeadStatus>()) => ({
    ID: l.id,
    SessionID: l.session_id,
    Chatbot: names.get(l.chatbot_id) ?? '',
    Name: l.name,
    Email: l.email,
    Phone: l.phone,
    Message: l.message,
    Source: l.source,
    Status: l.status,
    Note: l.note,
    AssignedUserID: l.assigned_user_id,
    CreatedAt: l.created_at,
    ...qualificationRecord(l),
    Crm: crm.get(l.id) ?? NO_CRM,
  });
  const ws = (req: { staff: { workspaceId: number } | null }) => {
    if (!req.staff) throw new Unauthorized('sign in to the console first');
    return req.staff.workspaceId;
  };

  app.get('/console/api/leads', { ...staffOnly, schema: { ...schema, querystring: LeadsQuery } }, async (req) => {
    const { filter, names } = await filterOf(ws(req), req.query, PAGE);
    const leads = await findLeads(chat, ws(req), filter);
    const crm = await crmStatusOfLeads(
      chat.db.kysely,
      ws(req),
      leads.map((l) => l.id),
    );
    return ok({
      List: leads.map((l) => record(l, names, crm)),
      Next: leads.length === PAGE ? (leads.at(-1)?.id ?? null) : null,
    });
  });

  app.get(
    '/console/api/leads.csv',
    { ...staffOnly, schema: { ...schema, querystring: LeadsQuery } },
    async (req, reply) => {
      const workspaceId = ws(req);
      const { filter, names } = await filterOf(workspaceId, req.query, CSV_PAGE);
      // Every lead the filters match, read a page at a time and streamed: no cap, and the
      // memory held is one page whatever the count.
      async function* pages() {
        let beforeId = filter.beforeId;
        for (let first = true; ; first = false) {
          const leads = await findLeads(chat, workspaceId, { ...filter, beforeId });
          const text = leadsCsv(leads, names, first);
          if (text) yield text;
          if (leads.length < CSV_PAGE) return;
          beforeId = leads.at(-1)?.id ?? null;
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="leads.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(pages()));
    },
  );

  app.post(
    '/console/api/leads/:id',
    { ...staffOnly, schema: { ...schema, params: IdParams, body: LeadChangeBody } },
    async (req) => {
      const b = req.body;
      if (b.AssignedUserID) await userInWorkspace(chat.db, ws(req), b.AssignedUserID);
      const lead = await followUpLead(chat, ws(req), Number(req.params.id), {
        status: b.Status,
        note: b.Note,
        assignedUserId: b.AssignedUserID,
      });
      const { names } = await filterOf(ws(req), {}, 1);
      return ok(record(lead, names));
    },
  );
}
