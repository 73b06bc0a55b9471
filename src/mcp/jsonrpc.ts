// The JSON-RPC 2.0 shape of an MCP request body, checked before the SDK reads it (docs/mcp.md,
// "Errors"). The SDK answers valid JSON that is no JSON-RPC message with "Parse error" and no
// field, and a tools/call without a tool name with an internal error (-32603) carrying its
// schema library's dump; here the first is Invalid Request (-32600) and the second Invalid
// params (-32602), each naming the field.

export type RpcId = string | number | null;

export interface RpcProblem {
  /** 400 for a body that is no request; 200 for a request whose params are wrong (a JSON-RPC error answer). */
  status: 400 | 200;
  code: -32600 | -32602;
  message: string;
  id: RpcId;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with one message, as [code, message]; null when it is one. `at` prefixes each field ("[2]."). */
function messageProblem(m: unknown, at: string): [-32600 | -32602, string] | null {
  if (!isObject(m)) return [-32600, `${at ? at.slice(0, -1) : 'body'}: must be a JSON-RPC 2.0 message (an object)`];
  if (m.jsonrpc !== '2.0') return [-32600, `${at}jsonrpc: must be "2.0"`];
  if ('id' in m && typeof m.id !== 'string' && typeof m.id !== 'number')
    return [-32600, `${at}id: must be a string or a number`];
  if (!('method' in m)) {
    // A client's answer to a server request: a result or an error, with the request's id.
    if ('id' in m && ('result' in m || 'error' in m)) return null;
    return [-32600, `${at}method: is required`];
  }
  if (typeof m.method !== 'string' || m.method === '') return [-32600, `${at}method: must be a non-empty string`];
  if ('params' in m && !isObject(m.params)) return [-32600, `${at}params: must be an object`];
  if (m.method === 'tools/call' && 'id' in m) {
    const params = m.params;
    if (!isObject(params)) return [-32602, `${at}params: is required (name and arguments)`];
    if (!('name' in params)) return [-32602, `${at}params.name: is required (the tool to call)`];
    if (typeof params.name !== 'string') return [-32602, `${at}params.name: must be a string`];
    if ('arguments' in params && !isObject(params.arguments))
      return [-32602, `${at}params.arguments: must be an object`];
  }
  return null;
}

/** The problem of a request body (already parsed JSON), or null when the SDK may read it. */
export function requestProblem(body: unknown): RpcProblem | null {
  // No body at all: the SDK's parse error answers it.
  if (body === undefined) return null;
  if (Array.isArray(body)) {
    if (body.length === 0)
      return { status: 400, code: -32600, message: 'Invalid Request: body: a batch must hold a message', id: null };
    for (const [i, m] of body.entries()) {
      const p = messageProblem(m, `[${i}].`);
      if (p) return { status: 400, code: -32600, message: `Invalid Request: ${p[1]}`, id: null };
    }
    return null;
  }
  const p = messageProblem(body, '');
  if (!p) return null;
  const id = isObject(body) && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null;
  if (p[0] === -32602) return { status: 200, code: -32602, message: `Invalid params: ${p[1]}`, id };
  return { status: 400, code: -32600, message: `Invalid Request: ${p[1]}`, id };
}
