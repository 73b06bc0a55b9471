// The MCP server (docs/mcp.md) over a real socket, the same acceptance twice: through the SDK's
// own Client (the 2025 initialize handshake first) and through raw fetch requests in the 2026
// stateless form (no initialize, no session header).
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listListings } from '../../test/factories.ts';
import { call } from '../../test/harness.ts';
import { type McpFixture, mcpFixture, type RpcAnswer, rawCall, sdkClient, urlOf } from '../../test/mcp.ts';

let f: McpFixture;
beforeAll(async () => {
  f = await mcpFixture();
}, 60_000);
afterAll(async () => f?.close());

type Result = NonNullable<RpcAnswer['result']>;
interface Caller {
  tools(): Promise<{ name: string; description: string; inputSchema: Record<string, unknown> }[]>;
  /** The result, or the JSON-RPC error. */
  call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ result?: Result; error?: { code: number; message: string } }>;
  close(): Promise<void>;
}

const viaSdk = async (url: URL): Promise<Caller> => {
  const client = await sdkClient(url);
  return {
    tools: async () => (await client.listTools()).tools as Awaited<ReturnType<Caller['tools']>>,
    async call(name, args) {
      try {
        return { result: (await client.callTool({ name, arguments: args })) as Result };
      } catch (err) {
        if (err instanceof McpError) return { error: { code: err.code, message: err.message } };
        throw err;
      }
    },
    close: () => client.close(),
  };
};

const viaFetch = async (url: URL): Promise<Caller> => ({
  async tools() {
    const r = await rawCall(url, 'tools/list');
    expect(r.status).toBe(200);
    expect(r.headers.get('mcp-session-id')).toBeNull();
    return r.body?.result?.tools ?? [];
  },
  async call(name, args) {
    const r = await rawCall(url, 'tools/call', { name, arguments: args });
    expect(r.status).toBe(200);
    return { result: r.body?.result, error: r.body?.error };
  },
  close: async () => {},
});

/** A result's structuredContent; the test fails when there is none. */
function structured<T>(r: Result | undefined): T {
  if (!r?.structuredContent) throw new Error(`no structuredContent in ${JSON.stringify(r)}`);
  return r.structuredContent as T;
}

/** The kinds of the workspace's outbox rows in the order they were queued (PostgreSQL returns rows in any order without one). */
const outboxKinds = async (workspaceId: number) =>
  (
    await f.t.db.kysely
      .selectFrom('outbox')
      .select('kind')
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .execute()
  ).map((r) => r.kind);

describe.each([
  ['the SDK Client', viaSdk],
  ['raw fetch, stateless', viaFetch],
])('MCP through %s', (_label, connect) => {
  let c: Caller;
  beforeAll(async () => {
    c = await connect(urlOf(f));
  });
  afterAll(async () => c?.close());

  it('lists the six tools, each with a JSON Schema and the fair-housing rules', async () => {
    const tools = await c.tools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['book_tour', 'contact_agent', 'find_tour_slots', 'get_listing', 'search_knowledge', 'search_listings'].sort(),
    );
    for (const t of tools) {
      expect(t.description).toContain('Fair housing');
      expect(t.inputSchema.type).toBe('object');
    }
    const search = tools.find((t) => t.name === 'search_listings');
    expect(Object.keys((search?.inputSchema.properties ?? {}) as object)).toEqual(
      expect.arrayContaining(['city', 'saleType', 'minPrice', 'minBedrooms', 'maxHoa', 'features', 'sort', 'page']),
    );
  });

  it('search_listings answers the same listings as RealEstateList with the same filter', async () => {
    const criteria = { city: 'austin', saleType: 'for_sale', minPrice: 350000, minBedrooms: 3, sort: 'PriceAsc' };
    const { result } = await c.call('search_listings', criteria);
    const s = result?.structuredContent as { total: number; brokerage: string; listings: Record<string, string>[] };
    const api = await listListings(f.t.app, f.ws.auth, {
      SerialNumber: f.serial,
      CityName: 'austin',
      SaleType: 'for_sale',
      MinPrice: 350000,
      MinBedrooms: 3,
      SortBy: 'PriceAsc',
    });
    expect(s.total).toBe(api.VirtualCount);
    expect(s.listings.map((l) => l.MLSNumber)).toEqual(api.List.map((l) => l.MLSNumber));
    expect(s.listings.map((l) => l.Price)).toEqual(['450000', '620000']);
    expect(s.brokerage).toBe('Harbor Homes');
    const first = s.listings[0];
    expect(first?.Url).toMatch(/^https:\/\/homes\.example\.com\//);
    expect(first?.Image).toBe('https://img.example.com/1.jpg');
    expect(first?.PriceText).toBe('$450,000');
    expect(result?.content?.[0]?.text).toContain(`MLS ${first?.MLSNumber}`);
  });

  it('get_listing gives every field, by MLS number', async () => {
    const api = await listListings(f.t.app, f.ws.auth, { SerialNumber: f.serial, CityName: 'Dallas' });
    const mls = String(api.List[0]?.MLSNumber);
    const { result } = await c.call('get_listing', { mlsNumber: mls });
    const listing = structured<{ listing: Record<string, unknown> }>(result).listing;
    expect(listing).toMatchObject({ ...api.List[0], PriceText: '$510,000' });
    const missing = await c.call('get_listing', { mlsNumber: 'NO-SUCH' });
    expect(missing.result?.isError).toBe(true);
  });

  it('search_knowledge answers the passage with its source', async () => {
    const { result } = await c.call('search_knowledge', { query: 'office hours' });
    const passages = structured<{ passages: { text: string; source: string }[] }>(result).passages;
    expect(passages[0]?.text).toContain('Monday to Friday');
    expect(passages[0]?.source).not.toBe('');
  });

  it('contact_agent records a lead from MCP, with its email and webhook', async () => {
    const before = await outboxKinds(f.ws.workspaceId);
    const { result } = await c.call('contact_agent', {
      name: 'Jane Doe',
      email: 'jane@example.com',
      message: 'I would like to see the Dallas home',
    });
    expect(result?.isError).toBeFalsy();
    expect(structured<{ sent: boolean }>(result).sent).toBe(true);
    const leads = await f.t.db.kysely
      .selectFrom('leads')
      .selectAll()
      .where('workspace_id', '=', f.ws.workspaceId)
      .where('message', '=', 'I would like to see the Dallas home')
      .execute();
    expect(leads.at(-1)).toMatchObject({ source: 'mcp', email: 'jane@example.com', type: 'Lead' });
    const added = (await outboxKinds(f.ws.workspaceId)).slice(before.length);
    expect(added).toEqual(expect.arrayContaining(['email', 'webhook']));
  });

  it('find_tour_slots then book_tour books a showing as an appointment from MCP', async () => {
    const api = await listListings(f.t.app, f.ws.auth, { SerialNumber: f.serial, CityName: 'Dallas' });
    const mls = String(api.List[0]?.MLSNumber);
    const slots = await c.call('find_tour_slots', { mlsNumber: mls });
    const offered = structured<{ slots: { Start: string }[] }>(slots.result).slots;
    expect(offered.length).toBeGreaterThan(0);
    const start = offered[offered.length - 1]?.Start ?? '';
    const booked = await c.call('book_tour', { start, mlsNumber: mls, name: 'Ann Lee', phone: '+1 512 555 0100' });
    expect(booked.result?.isError, JSON.stringify(booked.result)).toBeFalsy();
    const a = structured<{ appointment: { Start: string; AppointmentID: number } }>(booked.result).appointment;
    expect(a.Start).toBe(start);
    const lead = await f.t.db.kysely
      .selectFrom('leads')
      .selectAll()
      .where('workspace_id', '=', f.ws.workspaceId)
      .where('type', '=', 'Appointment')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(lead).toMatchObject({ source: 'mcp', name: 'Ann Lee' });
  });

  it('bad arguments, an unknown tool and a page past the limit are JSON-RPC errors naming the field', async () => {
    const badType = await c.call('search_listings', { minPrice: 'cheap' });
    expect(badType.error?.code).toBe(-32602);
    expect(badType.error?.message).toContain('arguments.minPrice');
    // Said once: the SDK's client puts "MCP error -32602: " before what the server sent, and nothing repeats it.
    expect(badType.error?.message.match(/MCP error/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const farPage = await c.call('search_listings', { page: 10_000 });
    expect(farPage.error?.message).toContain('arguments.page: must be <= 1000');
    const unknown = await c.call('delete_everything', {});
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.message).toContain('no tool named "delete_everything"');
    const noContact = await c.call('contact_agent', { name: 'Jane' });
    expect(noContact.error?.message).toContain('arguments.email');
    // The lead's own checks name the tool's arguments too, not the API's fields ("Message", "Email").
    const long = await c.call('contact_agent', { name: 'Jane', email: 'jane@example.com', message: 'x'.repeat(6000) });
    expect(long.error?.code).toBe(-32602);
    expect(long.error?.message).toContain('arguments.message: must be at most 5000 characters');
    const badEmail = await c.call('contact_agent', { name: 'Jane', email: 'not-an-email' });
    expect(badEmail.error?.code).toBe(-32602);
    expect(badEmail.error?.message).toMatch(/arguments\.email: "not-an-email" is not an e-mail address/);
  });
});

describe('access', () => {
  it('a chatbot without EnableMcp, an unknown serial and another workspace’s disabled chatbot answer 404', async () => {
    await call(f.t.app, '/chat/Chatbot/Edit', { serialNumber: f.otherSerial, EnableMcp: false }, f.otherWs.auth);
    for (const serial of [f.otherSerial, 'nosuchserial']) {
      const r = await rawCall(urlOf(f, serial), 'tools/list');
      expect(r.status).toBe(404);
      expect(r.body?.error?.code).toBe(-32000);
    }
    await expect(sdkClient(urlOf(f, f.otherSerial))).rejects.toMatchObject({ code: 404 });
    await call(f.t.app, '/chat/Chatbot/Edit', { serialNumber: f.otherSerial, EnableMcp: true }, f.otherWs.auth);
  });

  it('GET answers 405 with Allow: POST', async () => {
    const res = await fetch(urlOf(f), { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
