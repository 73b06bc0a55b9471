// EraseVisitor and GetPrivacyAudit (docs/privacy.md). Both take the workspace's API key or a
// console owner's session (auth 'workspace'); a console agent and a visitor key get 403.
import type { FastifyRequest } from 'fastify';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { auditList } from './audit.ts';
import { type EraseDeps, eraseVisitor } from './erase.ts';
import { EraseVisitorBody, EraseVisitorData, PrivacyAuditBody, PrivacyAuditData } from './schemas.ts';
import { COUNT_NAMES } from './steps.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const asWorkspace = { config: { auth: 'workspace' as const } };

/** Who asked, as the audit names them: an API key or a console user, by ID. */
function actorOf(req: FastifyRequest): string {
  if (req.staff) return `user:${req.staff.userId}`;
  return `api-key:${req.principal?.keyId ?? 0}`;
}

export function registerPrivacyRoutes(app: App, deps: EraseDeps): void {
  app.post(
    '/chat/Workspace/EraseVisitor',
    {
      ...asWorkspace,
      schema: {
        tags: ['privacy'],
        summary:
          'Remove every trace of one visitor in the workspace: sessions, messages, files, leads, showings and what is queued to go out about them',
        description:
          'Give Email, Phone or SessionID (or several, of the same person). With DryRun the counts are answered and ' +
          'nothing changes. An audit row keeps the time, who asked and the counts, never the person.',
        body: EraseVisitorBody,
        response: { 200: envelopeOf(EraseVisitorData), ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const r = await eraseVisitor(
        deps,
        workspaceOf(req),
        { email: b.Email, phone: b.Phone, sessionId: b.SessionID, dryRun: b.DryRun },
        actorOf(req),
      );
      const counts = Object.fromEntries(COUNT_NAMES.map((n) => [n, r.counts[n] ?? 0]));
      return ok({ DryRun: r.dryRun, Counts: counts as Record<(typeof COUNT_NAMES)[number], number> });
    },
  );

  app.post(
    '/chat/Workspace/GetPrivacyAudit',
    {
      ...asWorkspace,
      schema: {
        tags: ['privacy'],
        summary: "The workspace's erasures and retention passes, newest first: when, who, and the counts",
        body: PrivacyAuditBody,
        response: { 200: envelopeOf(PrivacyAuditData), ...errors },
      },
    },
    async (req) => ok({ List: await auditList(deps.db, workspaceOf(req), req.body.BeforeID ?? null, req.body.Limit) }),
  );
}
