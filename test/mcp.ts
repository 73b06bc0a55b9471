// The MCP tests' fixture (src/mcp/*.test.ts): a chatbot with listings, knowledge, showings, a
// webhook and a handoff email, served over a real socket; the SDK's own Client, and raw
// JSON-RPC requests in the stateless form (no initialize, no session header).
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createChatbot, createListing, listingBody } from './factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp, type TestWorkspace, testClock } from './harness.ts';
import { settledSources } from './knowledge/sources.ts';

/** A Monday; showings are on Tuesdays 09:00–12:00 UTC. */
export const MCP_CLOCK_START = new Date('2031-06-02T12:00:00Z');

export interface McpFixture {
  t: TestApp;
  base: string;
  ws: TestWorkspace;
  serial: string;
  /** A chatbot of another workspace, with EnableMcp. */
  otherSerial: string;
  otherWs: TestWorkspace;
  close(): Promise<void>;
}

export async function mcpFixture(env: Record<string, string> = {}): Promise<McpFixture> {
  const clock = testClock(MCP_CLOCK_START);
  const t = await buildTestApp({ clock, env });
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const ws = await newWorkspace(t.db, 'Harbor Homes');
  const serial = await createChatbot(t.app, ws.auth, 'Harbor Homes');
  await call(
    t.app,
    '/chat/Chatbot/Edit',
    { serialNumber: serial, TimeZone: 'UTC', EnableMcp: true, TalkToHumanEmail: 'agents@harbor.example' },
    ws.auth,
  );
  const homes = [
    { City: 'Austin', SalePrice: 450000, Bedrooms: 3 },
    { City: 'Austin', SalePrice: 620000, Bedrooms: 4 },
    { City: 'Austin', SalePrice: 300000, Bedrooms: 2 },
    { City: 'Dallas', SalePrice: 510000, Bedrooms: 4 },
    { City: 'Austin', SaleType: 'for_rent', RentPrice: 2400, SalePrice: null, Bedrooms: 3 },
  ];
  for (const h of homes) await createListing(t.app, ws.auth, listingBody(serial, h));
  await call(
    t.app,
    '/chat/Chatbot/EditKnowledge',
    {
      serialNumber: serial,
      text: '# Office hours\nHarbor Homes is open Monday to Friday, 8 am to 5 pm, at 40 Wharf Street.',
    },
    ws.auth,
  );
  await settledSources(t.app, serial, ws.auth);
  await call(
    t.app,
    '/chat/Chatbot/SetAvailability',
    { serialNumber: serial, Hours: [{ Day: 'Tue', Start: '09:00', End: '12:00' }] },
    ws.auth,
  );
  await call(
    t.app,
    '/chat/Workspace/SetWebhook',
    { Url: 'https://hooks.example.com/parlor', Events: ['lead.created', 'appointment.created'] },
    ws.auth,
  );

  const otherWs = await newWorkspace(t.db, 'Other Realty');
  const otherSerial = await createChatbot(t.app, otherWs.auth, 'Other Realty');
  await call(t.app, '/chat/Chatbot/Edit', { serialNumber: otherSerial, EnableMcp: true }, otherWs.auth);
  return { t, base, ws, serial, otherSerial, otherWs, close: () => t.close() };
}

export const urlOf = (f: McpFixture, serial = f.serial) => new URL(`${f.base}/mcp/${serial}`);

/** The SDK's Client, connected (the 2025 initialize handshake) to a chatbot's server. */
export async function sdkClient(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'parlor-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** One JSON-RPC request as a stateless client sends it: no initialize before, no session ID. */
export async function rawCall(
  url: URL,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          protocolVersion: '2026-07-28',
          clientInfo: { name: 'raw-fetch', version: '1' },
          clientCapabilities: {},
        },
      },
    }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as RpcAnswer) : null };
}

export interface RpcAnswer {
  jsonrpc: '2.0';
  id: number | null;
  result?: {
    tools?: { name: string; description: string; inputSchema: Record<string, unknown> }[];
    content?: { type: string; text: string }[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  error?: { code: number; message: string };
}

export const portOf = (f: McpFixture) => (f.t.app.server.address() as AddressInfo).port;
