// Owner-only console endpoints for the workspace's CRM (docs/crm.md): the Follow Up Boss
// connection as SetCrm/GetCrm keep it (keys write-only, answered masked) and how the newest
// CRM event's delivery went.
import { crmOf, lastCrmDelivery, SetCrmBody, setCrm } from '../crm/index.ts';
import { Unauthorized } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import type { ConsoleRouteDeps } from './routes.ts';

const ownerOnly = { config: { auth: 'owner' as const } };

function ws(req: { staff: { workspaceId: number } | null }): number {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff.workspaceId;
}

export function registerCrmConsoleRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { db, clock } = deps.chat;
  const withDelivery = async (workspaceId: number, view: Awaited<ReturnType<typeof crmOf>>) =>
    ok({ ...view, LastDelivery: await lastCrmDelivery(db.kysely, workspaceId) });

  app.get('/console/api/crm', { ...ownerOnly, schema: { hide: true } }, async (req) => {
    const workspaceId = ws(req);
    return withDelivery(workspaceId, await crmOf({ db }, workspaceId));
  });

  app.post('/console/api/crm', { ...ownerOnly, schema: { hide: true, body: SetCrmBody } }, async (req) => {
    const workspaceId = ws(req);
    const b = req.body;
    const view = await setCrm({ db, clock }, workspaceId, {
      provider: b.Provider,
      apiKey: b.ApiKey,
      systemName: b.SystemName,
      systemKey: b.SystemKey,
    });
    return withDelivery(workspaceId, view);
  });
}
