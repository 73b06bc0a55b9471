import type { Db } from '../db/connect.ts';
import { workspaceOf } from '../http/auth.ts';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import { EmptyBody } from '../http/schema.ts';
import type { App } from '../http/types.ts';
import { CrmData, SetCrmBody } from './schemas.ts';
import { crmOf, setCrm } from './settings.ts';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function registerCrmRoutes(app: App, deps: { db: Db; clock: () => Date }): void {
  app.post(
    '/chat/Workspace/SetCrm',
    {
      schema: {
        tags: ['crm'],
        summary: "Connect the workspace's Follow Up Boss (Provider None disconnects); keys answered masked",
        description:
          'Each new lead and showing is then sent through the outbox to Follow Up Boss as an event ' +
          '(Property Inquiry, Seller Inquiry or General Inquiry), once, retried while Follow Up Boss is ' +
          'unavailable or rate-limits. A key with a line break or over 200 characters is a 400.',
        body: SetCrmBody,
        response: { 200: envelopeOf(CrmData), ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      return ok(
        await setCrm(deps, workspaceOf(req), {
          provider: b.Provider,
          apiKey: b.ApiKey,
          systemName: b.SystemName,
          systemKey: b.SystemKey,
        }),
      );
    },
  );

  app.post(
    '/chat/Workspace/GetCrm',
    {
      schema: {
        tags: ['crm'],
        summary: "The workspace's CRM connection, keys masked",
        body: EmptyBody,
        response: { 200: envelopeOf(CrmData), ...errors },
      },
    },
    async (req) => ok(await crmOf(deps, workspaceOf(req))),
  );
}
