// One MCP request, answered by the SDK's own server over its Streamable HTTP transport in
// stateless mode (docs/mcp.md): a server and a transport per request, no session ID, JSON
// responses rather than a stream. A request needs no `initialize` before it (the 2026
// stateless form), and one that opens with `initialize` gets the 2025 handshake's answer.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { DomainError, Invalid, LimitExceeded } from '../errors.ts';
import { type ToolResult, toolError } from './results.ts';
import type { ToolContext } from './tool-context.ts';
import { FAIR_HOUSING, isMcpTool, MCP_TOOLS, type McpToolName } from './tools.ts';
import type { McpOutcome, McpUsage } from './usage.ts';

const TOOL_LIST = Object.entries(MCP_TOOLS).map(([name, t]) => ({
  name,
  title: t.title,
  description: `${t.description}\n\n${FAIR_HOUSING}`,
  inputSchema: JSON.parse(JSON.stringify(t.input)) as { type: 'object'; [key: string]: unknown },
  annotations: {
    title: t.title,
    readOnlyHint: !t.writes,
    destructiveHint: false,
    idempotentHint: !t.writes,
    openWorldHint: false,
  },
}));

const ajv = new Ajv({ allErrors: false, coerceTypes: false, strict: false });
/**
 * The SDK's Server makes an Ajv instance of its own unless given one (about 1 ms of CPU, per
 * request here, since a stateless server is made per request): it gets this one, shared.
 */
const sharedValidator = new AjvJsonSchemaValidator(ajv);
const validators = new Map<McpToolName, ValidateFunction>();
function validatorOf(name: McpToolName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    v = ajv.compile(MCP_TOOLS[name].input);
    validators.set(name, v);
  }
  return v;
}

/** The failed rule, naming the field: "arguments.page: must be <= 1000". */
function argumentProblem(e: ErrorObject | undefined): string {
  if (!e) return 'arguments: are invalid';
  const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : '';
  const field = ['arguments', path, missing].filter(Boolean).join('.');
  if (missing) return `${field}: is required`;
  const allowed =
    e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
  return `${field}: ${e.message ?? 'is invalid'}${allowed}`;
}

/**
 * A JSON-RPC error as the SDK's server sends it (its code, message and data): the SDK's McpError
 * would carry "MCP error -32602: " in its message onto the wire, and an SDK client adds its own.
 */
class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/**
 * A check's field as the tool's arguments name it: the lead's "Message" (the API's field) is
 * "arguments.message" here. A field already of the arguments, or of none, stays as it is.
 */
function argumentField(tool: McpToolName, field: string): string {
  if (field === 'arguments' || field.startsWith('arguments.')) return field;
  const head = /^[^.[]+/.exec(field)?.[0] ?? '';
  const properties = Object.keys((MCP_TOOLS[tool].input as { properties?: object }).properties ?? {});
  const argument = properties.find((p) => p.toLowerCase() === head.toLowerCase());
  return argument ? `arguments.${argument}${field.slice(head.length)}` : field;
}

export interface McpRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The request's ID, quoted in an internal error. */
  id: string;
}

export interface McpRun {
  usage: McpUsage;
  /** Counts a call against the client address's limits; throws LimitExceeded past them. */
  countCall: () => Promise<void>;
  onError: (err: unknown) => void;
  version: string;
  clock: () => Date;
}

/** The HTTP request the SDK's transport reads: JSON in, JSON out, whatever the client's Accept says. */
function transportRequest(r: McpRequest): Request {
  const headers = new Headers({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
  const version = r.headers['mcp-protocol-version'];
  // A version this SDK does not know (a newer client's) is served as its latest: the tools and
  // their results do not differ between versions.
  if (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    headers.set('mcp-protocol-version', version);
  }
  return new Request(r.url, { method: 'POST', headers });
}

export async function answerMcp(ctx: ToolContext, run: McpRun, req: McpRequest): Promise<Response> {
  const server = new Server(
    { name: 'parlor', title: ctx.brokerage, version: run.version },
    {
      capabilities: { tools: { listChanged: false } },
      jsonSchemaValidator: sharedValidator,
      instructions:
        `${ctx.brokerage}'s own listings, what it wrote about itself, its showing calendar and its agents. ` +
        `Link each listing's page when you show it. ${FAIR_HOUSING}`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(ctx, run, request.params.name, request.params.arguments ?? {}, req.id),
  );
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(transportRequest(req), { parsedBody: req.body });
  } finally {
    await server.close();
  }
}

async function callTool(ctx: ToolContext, run: McpRun, name: string, args: unknown, requestId: string) {
  if (!isMcpTool(name)) {
    run.usage.record({ ...usageOf(ctx, run, 'unknown', 0), outcome: 'invalid' });
    throw new RpcError(
      ErrorCode.InvalidParams,
      `name: there is no tool named "${name}" (the tools: ${Object.keys(MCP_TOOLS).join(', ')})`,
    );
  }
  const started = performance.now();
  let outcome: McpOutcome = 'ok';
  try {
    const valid = validatorOf(name);
    if (!valid(args)) throw new RpcError(ErrorCode.InvalidParams, argumentProblem(valid.errors?.[0]));
    await run.countCall();
    const tool = MCP_TOOLS[name] as { run(c: ToolContext, i: unknown): Promise<ToolResult> };
    const answer = await tool.run(ctx, args);
    if (answer.isError) outcome = 'error';
    return answer;
  } catch (err) {
    if (err instanceof RpcError) {
      outcome = 'invalid';
      throw err;
    }
    if (err instanceof Invalid) {
      outcome = 'invalid';
      const field = argumentField(name, err.field);
      throw new RpcError(ErrorCode.InvalidParams, `${field}: ${err.rule}`, { field });
    }
    if (err instanceof LimitExceeded) {
      outcome = 'limited';
      return toolError(err.message, { retryAfterSeconds: err.retryAfter ?? null });
    }
    if (err instanceof DomainError) {
      outcome = 'error';
      return toolError(err.message);
    }
    outcome = 'failed';
    run.onError(err);
    throw new RpcError(ErrorCode.InternalError, `internal error; quote request id ${requestId} to the operator`);
  } finally {
    run.usage.record({ ...usageOf(ctx, run, name, performance.now() - started), outcome });
  }
}

const usageOf = (ctx: ToolContext, run: McpRun, tool: string, durationMs: number) => ({
  workspaceId: ctx.chatbot.workspaceId,
  chatbotId: ctx.chatbot.id,
  tool,
  durationMs,
  at: run.clock().toISOString(),
});
