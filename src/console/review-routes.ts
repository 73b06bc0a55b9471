// The console's review queue (review/, docs/review.md): the items, "fix this answer" (a Q&A
// entry into the chatbot's knowledge) and resolving an item without a fix; analytics and the
// conversations export. Owners only: a fix changes the chatbot's knowledge (as the knowledge
// page does), and the export and analytics span every conversation of a chatbot. Agents get 403.
import { Unauthorized } from '../errors.ts';
import type { StaffPrincipal } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import {
  AnalyticsData,
  AnalyticsQuery,
  chatbotAnalytics,
  ExportQuery,
  exportConversations,
  FixBody,
  fixAnswer,
  ResolvedData,
  ResolveParams,
  type ReviewDeps,
  ReviewPageData,
  ReviewQuery,
  resolveItem,
  reviewQueue,
  sendExport,
} from '../review/index.ts';
import { IdParams } from './schemas.ts';

const ownerOnly = { config: { auth: 'owner' as const } };
const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

function staffOf(req: { staff: StaffPrincipal | null }): StaffPrincipal {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff;
}

export function registerReviewConsoleRoutes(app: App, deps: ReviewDeps): void {
  app.get(
    '/console/api/review',
    {
      ...ownerOnly,
      schema: { hide: true, querystring: ReviewQuery, response: { 200: envelopeOf(ReviewPageData), ...errors } },
    },
    async (req) => ok(await reviewQueue(deps, staffOf(req).workspaceId, req.query)),
  );

  app.post(
    '/console/api/review/answer/:id/fix',
    {
      ...ownerOnly,
      schema: { hide: true, params: IdParams, body: FixBody, response: { 200: envelopeOf(ResolvedData), ...errors } },
    },
    async (req) => ok(await fixAnswer(deps, staffOf(req), Number(req.params.id), req.body)),
  );

  app.post(
    '/console/api/review/:kind/:id/resolve',
    {
      ...ownerOnly,
      schema: { hide: true, params: ResolveParams, response: { 200: envelopeOf(ResolvedData), ...errors } },
    },
    async (req) => ok(await resolveItem(deps, staffOf(req), req.params.kind, Number(req.params.id))),
  );

  // The review page's download: the same export as ExportConversations, with the cookie.
  app.get(
    '/console/api/export',
    { ...ownerOnly, schema: { hide: true, querystring: ExportQuery } },
    async (req, reply) => {
      const format = req.query.format ?? 'csv';
      const file = await exportConversations(deps, staffOf(req).workspaceId, {
        serialNumber: req.query.chatbot,
        from: req.query.from,
        to: req.query.to,
        format,
        per: req.query.per,
      });
      return sendExport(reply, format, file);
    },
  );

  app.get(
    '/console/api/analytics',
    {
      ...ownerOnly,
      schema: { hide: true, querystring: AnalyticsQuery, response: { 200: envelopeOf(AnalyticsData), ...errors } },
    },
    async (req) => ok(await chatbotAnalytics(deps, staffOf(req).workspaceId, req.query)),
  );
}
