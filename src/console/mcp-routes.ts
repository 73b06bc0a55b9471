// Owner-only console endpoints for a chatbot's MCP server (docs/mcp.md): its keys (created,
// shown once, revoked) and its usage by tool and outcome.
import { Type } from 'typebox';
import { Unauthorized } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { createMcpKey, KEY_NAME_MAX, mcpKeysOf, mcpUsageOf, revokeMcpKeyOf } from '../mcp/index.ts';
import type { ConsoleRouteDeps } from './routes.ts';
import { IdParams } from './schemas.ts';

const ownerOnly = { config: { auth: 'owner' as const } };
const SerialParams = Type.Object({ serial: Type.String({ minLength: 1, maxLength: 64 }) });
const KeyParams = Type.Object({ ...SerialParams.properties, ...IdParams.properties });
const McpKeyBody = Type.Object({ Name: Type.Optional(Type.String({ maxLength: KEY_NAME_MAX })) });
const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });
const UsageQuery = Type.Object({ from: day, to: day });

function ctxOf(req: { staff: { workspaceId: number } | null }, deps: ConsoleRouteDeps) {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return { db: deps.chat.db.kysely, workspaceId: req.staff.workspaceId, now: deps.chat.clock() };
}

export function registerMcpConsoleRoutes(app: App, deps: ConsoleRouteDeps): void {
  const schema = { hide: true };
  const base = '/console/api/chatbots/:serial/mcp';

  app.get(`${base}/keys`, { ...ownerOnly, schema: { ...schema, params: SerialParams } }, async (req) =>
    ok(await mcpKeysOf(ctxOf(req, deps), req.params.serial)),
  );

  app.post(
    `${base}/keys`,
    { ...ownerOnly, schema: { ...schema, params: SerialParams, body: McpKeyBody } },
    async (req) => ok(await createMcpKey(ctxOf(req, deps), req.params.serial, req.body.Name ?? '')),
  );

  app.post(`${base}/keys/:id/revoke`, { ...ownerOnly, schema: { ...schema, params: KeyParams } }, async (req) => {
    await revokeMcpKeyOf(ctxOf(req, deps), req.params.serial, Number(req.params.id));
    return ok({ ID: Number(req.params.id), Revoked: true });
  });

  app.get(
    `${base}/usage`,
    { ...ownerOnly, schema: { ...schema, params: SerialParams, querystring: UsageQuery } },
    async (req) => ok(await mcpUsageOf(ctxOf(req, deps), req.params.serial, req.query.from, req.query.to)),
  );
}
