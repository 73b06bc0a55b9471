// Control of a chatbot's MCP server (docs/mcp.md): keys (console and CLI), the write limit per
// address, usage in the log and /metrics, and bad input answered as JSON-RPC errors, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from '../../test/console/staff.ts';
import { call } from '../../test/harness.ts';
import { MCP_CLOCK_START, type McpFixture, mcpFixture, rawCall, sdkClient, urlOf } from '../../test/mcp.ts';
import { cliRunner } from '../cli/test-io.ts';

let f: McpFixture;
beforeAll(async () => {
  f = await mcpFixture({ PARLOR_LIMIT_MCP_WRITES_PER_HOUR: '3' });
}, 60_000);
afterAll(async () => f?.close());

const requireKey = (on: boolean, serial = f.serial, auth = f.ws.auth) =>
  call(f.t.app, '/chat/Chatbot/Edit', { serialNumber: serial, McpRequireKey: on }, auth);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('keys', () => {
  afterAll(async () => requireKey(false));

  it('with McpRequireKey, a missing, unknown or revoked key answers 401; a key of the chatbot works', async () => {
    const owner = await staffOf(f.t.app, f.t.db, f.ws.workspaceId, 'owner');
    const created = await f.t.app.inject({
      method: 'POST',
      url: `/console/api/chatbots/${f.serial}/mcp/keys`,
      headers: owner.write,
      payload: { Name: 'Claude connector' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { Key: key, ID: id } = created.json().Data as { Key: string; ID: number };
    expect(key).toMatch(/^mcp_/);
    await requireKey(true);

    const missing = await rawCall(urlOf(f), 'tools/list');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(missing.body?.error?.message).toContain('Authorization: Bearer');
    expect((await rawCall(urlOf(f), 'tools/list', {}, bearer('mcp_wrong'))).status).toBe(401);
    await expect(sdkClient(urlOf(f))).rejects.toMatchObject({ code: 401 });
    await expect(sdkClient(urlOf(f), bearer('mcp_wrong'))).rejects.toMatchObject({ code: 401 });

    const client = await sdkClient(urlOf(f), bearer(key));
    expect((await client.listTools()).tools).toHaveLength(6);
    await client.close();
    expect((await rawCall(urlOf(f), 'tools/list', {}, bearer(key))).status).toBe(200);

    const listed = await f.t.app.inject({
      method: 'GET',
      url: `/console/api/chatbots/${f.serial}/mcp/keys`,
      headers: owner.read,
    });
    expect(listed.json().Data).toEqual([expect.objectContaining({ ID: id, Name: 'Claude connector', RevokedAt: '' })]);
    expect(listed.body).not.toContain(key);
    const revoked = await f.t.app.inject({
      method: 'POST',
      url: `/console/api/chatbots/${f.serial}/mcp/keys/${id}/revoke`,
      headers: owner.write,
      payload: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect((await rawCall(urlOf(f), 'tools/list', {}, bearer(key))).status).toBe(401);
  });

  it('the CLI creates, lists and revokes keys; a key of another workspace answers 404 on either serial', async () => {
    const cli = cliRunner(f.t.db, f.t.config);
    const ws = String(f.otherWs.workspaceId);
    const made = await cli(
      'mcp-key',
      'create',
      '--workspace',
      ws,
      '--chatbot',
      f.otherSerial,
      '--name',
      'ci',
      '--json',
    );
    expect(made.code, made.stderr).toBe(0);
    const { key, id } = made.json<{ key: string; id: number }>();
    await requireKey(true);
    const theirs = await rawCall(urlOf(f), 'tools/list', {}, bearer(key));
    expect(theirs.status).toBe(404);
    await expect(sdkClient(urlOf(f), bearer(key))).rejects.toMatchObject({ code: 404 });

    // Our chatbot's key on the other workspace's serial: 404 too.
    const ours = await cli(
      'mcp-key',
      'create',
      '--workspace',
      String(f.ws.workspaceId),
      '--chatbot',
      f.serial,
      '--json',
    );
    expect(
      (await rawCall(urlOf(f, f.otherSerial), 'tools/list', {}, bearer(ours.json<{ key: string }>().key))).status,
    ).toBe(404);
    // Another workspace's serial through our workspace's CLI scope: not found.
    const wrongScope = await cli(
      'mcp-key',
      'create',
      '--workspace',
      String(f.ws.workspaceId),
      '--chatbot',
      f.otherSerial,
    );
    expect(wrongScope.code).toBe(1);

    const list = await cli('mcp-key', 'list', '--workspace', ws, '--chatbot', f.otherSerial, '--json');
    expect(list.json<{ ID: number; RevokedAt: string }[]>()).toEqual([
      expect.objectContaining({ ID: id, RevokedAt: '' }),
    ]);
    expect(list.stdout).not.toContain(key);
    expect(
      (await cli('mcp-key', 'revoke', '--workspace', ws, '--chatbot', f.otherSerial, '--id', String(id))).code,
    ).toBe(0);
    expect(
      (await cli('mcp-key', 'revoke', '--workspace', ws, '--chatbot', f.otherSerial, '--id', String(id))).code,
    ).toBe(1);
    await requireKey(false);
  });
});

describe('limits and usage', () => {
  it('write tools are limited per address (3 an hour here): the fourth is refused and records nothing', async () => {
    const leadsOf = async () =>
      (await f.t.db.kysely.selectFrom('leads').select('id').where('workspace_id', '=', f.ws.workspaceId).execute())
        .length;
    const before = await leadsOf();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const r = await rawCall(urlOf(f), 'tools/call', {
        name: 'contact_agent',
        arguments: { name: `Limit ${i}`, email: `limit${i}@example.com` },
      });
      answers.push(r.body?.result);
    }
    expect(answers.slice(0, 3).map((a) => a?.isError ?? false)).toEqual([false, false, false]);
    expect(answers[3]?.isError).toBe(true);
    expect(answers[3]?.content?.[0]?.text).toMatch(/too many/i);
    expect(await leadsOf()).toBe(before + 3);
    // Reads go on.
    const read = await rawCall(urlOf(f), 'tools/call', { name: 'search_listings', arguments: {} });
    expect(read.body?.result?.isError).toBeFalsy();
  });

  it('every call is logged in the chatbot usage (tool, outcome, duration) and counted in /metrics', async () => {
    await rawCall(urlOf(f), 'tools/call', { name: 'search_listings', arguments: { city: 'Austin' } });
    await rawCall(urlOf(f), 'tools/call', { name: 'search_listings', arguments: { page: 0 } });
    const owner = await staffOf(f.t.app, f.t.db, f.ws.workspaceId, 'owner');
    const day = MCP_CLOCK_START.toISOString().slice(0, 10);
    let rows: { Tool: string; Outcome: string; Calls: number; MeanMs: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await f.t.app.inject({
        method: 'GET',
        url: `/console/api/chatbots/${f.serial}/mcp/usage?from=${day}&to=${day}`,
        headers: owner.read,
      });
      rows = res.json().Data;
      if (rows.some((r) => r.Tool === 'search_listings' && r.Outcome === 'invalid')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const search = rows.find((r) => r.Tool === 'search_listings' && r.Outcome === 'ok');
    expect(search?.Calls).toBeGreaterThanOrEqual(2);
    expect(search?.MeanMs).toBeGreaterThan(0);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Tool: 'search_listings', Outcome: 'invalid', Calls: 1 }),
        expect.objectContaining({ Tool: 'contact_agent', Outcome: 'limited', Calls: 1 }),
      ]),
    );
    const metrics = await f.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/parlor_mcp_tool_calls_total\{tool="search_listings",outcome="ok"\} [1-9]/);
    expect(metrics.body).toContain('parlor_mcp_tool_call_duration_seconds_bucket');
  });
});

describe('bad input', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(urlOf(f), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('malformed JSON and an empty body are parse errors; an unknown method is -32601', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1, "method":', '']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error.code).toBe(-32700);
    }
    const unknown = await rawCall(urlOf(f), 'listings/delete');
    expect(unknown.body?.error?.code).toBe(-32601);
  });

  it.each([
    ['{"hello": "world"}', 'jsonrpc: must be "2.0"'],
    ['{"jsonrpc": "2.0", "id": 1}', 'method: is required'],
    ['{"jsonrpc": "2.0", "id": 1, "method": 5}', 'method: must be a non-empty string'],
    ['{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', 'id: must be a string or a number'],
    ['{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": "x"}', 'params: must be an object'],
    ['null', 'body: must be a JSON-RPC 2.0 message (an object)'],
    ['[1, 2]', '[0]: must be a JSON-RPC 2.0 message (an object)'],
    ['[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, {"id": 2}]', '[1].jsonrpc: must be "2.0"'],
    ['[]', 'body: a batch must hold a message'],
  ])('a body that is no JSON-RPC request, %s: 400, Invalid Request naming %s', async (body, named) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe(-32600);
    expect(error.message).toBe(`Invalid Request: ${named}`);
  });

  it.each([
    [undefined, 'params: is required (name and arguments)'],
    [{}, 'params.name: is required (the tool to call)'],
    [{ name: 5 }, 'params.name: must be a string'],
    [{ name: 'search_listings', arguments: [1] }, 'params.arguments: must be an object'],
    [{ name: 'search_listings', arguments: 'x' }, 'params.arguments: must be an object'],
  ])('tools/call with params %j: Invalid params naming %s, not an internal error', async (params, named) => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: `Invalid params: ${named}` },
    });
  });

  it('a batch of 1,000 calls and 10 MB of arguments are refused with a clear error', async () => {
    const one = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'search_listings', arguments: {} } };
    const batch = Array.from({ length: 1000 }, (_, id) => ({ ...one, id }));
    const res = await post(JSON.stringify(batch));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: -32600, message: expect.stringContaining('Batch') });

    const big = {
      ...one,
      id: 1,
      params: { name: 'search_knowledge', arguments: { query: 'x'.repeat(10 * 1024 * 1024) } },
    };
    const huge = await post(JSON.stringify(big));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toContain('1 MiB');
  });

  it('a request that accepts only JSON, or names no Accept at all, is answered in JSON', async () => {
    for (const accept of [{ accept: 'application/json' }, {}] as Record<string, string>[]) {
      const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }), accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()).result.tools).toHaveLength(6);
    }
  });

  it('a notification alone is accepted with 202 and no body', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });
});
