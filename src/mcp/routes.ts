// POST /mcp/<serial>: the chatbot's MCP server (docs/mcp.md). Every request stands alone, so
// any instance answers any request. The body is JSON-RPC, validated by the SDK's own schemas;
// errors before it (unknown or disabled server, a missing key, a body that is not JSON or
// past the 1 MiB limit) are JSON-RPC errors too, with the HTTP status the envelope would have.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { enforceAbuseRules, mcpCallRules, mcpWriteRules } from '../abuse/index.ts';
import { listingSearchFor } from '../answer/index.ts';
import { insertSession } from '../chat/index.ts';
import type { Chatbot } from '../chatbots/index.ts';
import { Invalid, Unauthorized } from '../errors.ts';
import { mapError } from '../http/error-handler.ts';
import type { App } from '../http/types.ts';
import { knowledgePassagesFor } from '../knowledge/index.ts';
import { mcpAccess } from './access.ts';
import type { McpDeps } from './deps.ts';
import { requestProblem } from './jsonrpc.ts';
import type { ToolContext } from './tool-context.ts';
import { mcpUsage } from './usage.ts';

const Params = Type.Object({
  serial: Type.String({ minLength: 1, maxLength: 64, description: "The chatbot's serialNumber" }),
});

/** A JSON-RPC error answer outside any request the SDK read (id unknown: null). */
function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .serializer(JSON.stringify)
    .send({ jsonrpc: '2.0', id: null, error: { code, message } });
}

function mcpErrorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', req.id);
  if (err instanceof Invalid && err.field === 'body')
    return rpcError(reply, 400, -32700, 'Parse error: body: must be valid JSON');
  const mapped = mapError(err);
  if (!mapped) {
    req.log.error({ err }, 'internal error');
    return rpcError(reply, 500, -32603, `internal error; quote request id ${req.id} to the operator`);
  }
  if (err instanceof Unauthorized) reply.header('www-authenticate', 'Bearer realm="mcp"');
  if (mapped.headers) reply.headers(mapped.headers);
  const code = mapped.code === 400 ? -32700 : mapped.code === 413 ? -32600 : -32000;
  return rpcError(reply, mapped.code, code, mapped.message);
}

export function registerMcpRoutes(app: App, deps: McpDeps): void {
  const access = mcpAccess(deps.db);
  const usage = mcpUsage(deps.db.kysely, deps.registry, (err) => app.log.error({ err }, 'MCP usage log failed'));
  app.addHook('onClose', async () => usage.stop());

  const contextOf = (chatbot: Chatbot, address: string): ToolContext => {
    const visitor = { limits: deps.abuse, address };
    const owner = { workspaceId: chatbot.workspaceId, chatbotId: chatbot.id, visitor, source: 'mcp' as const };
    const talk = deps.talkToHuman;
    const tours = deps.tours;
    return {
      chatbot,
      brokerage: chatbot.settings.Name,
      listings: listingSearchFor(deps.db, chatbot.workspaceId, chatbot.id),
      passages: knowledgePassagesFor(deps.db.kysely, deps.db.dialect, chatbot.workspaceId, chatbot.id),
      desk: tours ? (sessionId) => tours({ ...owner, sessionId }) : undefined,
      contact: talk ? (sessionId, lead) => talk({ ...owner, sessionId }, lead) : undefined,
      countWrite: () => enforceAbuseRules(deps.db.kysely, mcpWriteRules(visitor, chatbot.id), deps.clock()),
      openConversation: () => insertSession(deps.db.kysely, chatbot.workspaceId, chatbot.id, deps.clock(), 'mcp'),
    };
  };

  app.post(
    '/mcp/:serial',
    {
      // JSON-RPC, not the envelope API: documented in docs/mcp.md rather than /openapi.json.
      schema: {
        hide: true,
        tags: ['mcp'],
        summary: "A chatbot's MCP server (Streamable HTTP, stateless)",
        description:
          'JSON-RPC 2.0 as the Model Context Protocol defines it: `initialize`, `tools/list`, `tools/call`. ' +
          'Off unless the chatbot has EnableMcp; with McpRequireKey, `Authorization: Bearer <MCP key>`. See docs/mcp.md.',
        params: Params,
      },
      errorHandler: mcpErrorHandler,
    },
    async (req, reply) => {
      const chatbot = await access(req.params.serial, req.headers.authorization);
      const problem = requestProblem(req.body);
      if (problem) {
        return reply
          .code(problem.status)
          .header('content-type', 'application/json')
          .serializer(JSON.stringify)
          .send({ jsonrpc: '2.0', id: problem.id, error: { code: problem.code, message: problem.message } });
      }
      const ctx = contextOf(chatbot, req.ip);
      const visitor = { limits: deps.abuse, address: req.ip };
      // The MCP SDK (with its schemas) is loaded on the first MCP request, not at start-up:
      // an instance that never serves MCP does not hold it in memory.
      const { answerMcp } = await import('./server.ts');
      const response = await answerMcp(
        ctx,
        {
          usage,
          countCall: () => enforceAbuseRules(deps.db.kysely, mcpCallRules(visitor, chatbot.id), deps.clock()),
          onError: (err) => req.log.error({ err }, 'MCP tool failed'),
          version: deps.version,
          clock: deps.clock,
        },
        { url: `http://mcp.invalid${req.url}`, headers: req.headers, body: req.body, id: req.id },
      );
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      const text = await response.text();
      return reply.serializer((v) => v as string).send(text);
    },
  );

  // The spec lets a server that sends nothing of its own answer GET with 405; sessions are not kept, so DELETE too.
  const notAllowed = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return rpcError(
      reply,
      405,
      -32000,
      `Method not allowed: ${req.method}; this MCP server answers POST only (stateless)`,
    );
  };
  app.get('/mcp/:serial', { schema: { hide: true, params: Params } }, notAllowed);
  app.delete('/mcp/:serial', { schema: { hide: true, params: Params } }, notAllowed);
}
