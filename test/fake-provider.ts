// A fake OpenAI-compatible provider: a real HTTP server on 127.0.0.1 speaking the
// chat-completions API (streamed and not), /models and /audio/transcriptions. Each request
// takes the next scripted behaviour (or the fallback), so tests and the benchmark can
// produce any answer or fault on the wire; every request is recorded with whether the
// client went away before the response finished.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** How a streamed answer ends: normally, or with a fault after its fragments. */
export type Ending = 'done' | 'disconnect' | 'malformed' | 'hang';

export type Behaviour =
  | {
      kind: 'text';
      text: string;
      /** Fragments the text is split into (default 4); one chunk each. */
      fragments?: number;
      /** Pause between fragments (default 0). */
      intervalMs?: number;
      /** Pause before the response headers (default 0). */
      delayMs?: number;
      usage?: Usage;
      end?: Ending;
    }
  | {
      kind: 'tool';
      name: string;
      /** Text the model says before calling the tool (streamed first). */
      text?: string;
      args: Record<string, unknown>;
      /** Sent instead of JSON.stringify(args), e.g. arguments cut off mid-JSON. */
      argsText?: string;
      /** Chunks the arguments JSON is split into (default 3). */
      argChunks?: number;
      id?: string;
      usage?: Usage;
    }
  | { kind: 'status'; status: number; message?: string; retryAfter?: number | string }
  /**
   * A recorded response replayed byte for byte (test/provider/fixtures): whole, or in slices
   * of 1 to `sliceBytes` bytes each written and flushed apart, so that lines, JSON and UTF-8
   * characters arrive split.
   */
  | {
      kind: 'replay';
      body: Uint8Array | string;
      /** Default 200. */
      status?: number;
      /** Default: content-type text/event-stream. */
      headers?: Record<string, string>;
      sliceBytes?: number;
    }
  /** Never answers: no headers, no body. */
  | { kind: 'hang' };

export type Script = Behaviour | ((req: RecordedRequest) => Behaviour);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null (multipart bodies are kept in `raw`). */
  body: ChatBody | null;
  raw: Buffer;
  /** True when the connection closed before the response was finished. */
  aborted: boolean;
  /** Milliseconds (performance.now()) when the response finished or the connection closed. */
  closedAt: number | null;
}

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

export interface ChatBody {
  model?: string;
  stream?: boolean;
  temperature?: number;
  messages?: ChatMessage[];
  tools?: { function: { name: string } }[];
  [key: string]: unknown;
}

export interface FakeProvider {
  /** Base URL to configure as OPENAI_BASE_URL, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Chat requests only, in order. */
  chats(): RecordedRequest[];
  /** Queues behaviours for the next chat requests, in order. */
  script(...behaviours: Script[]): void;
  /** What a chat request gets when the queue is empty (default: a short text). */
  fallback(b: Script): void;
  /** The text /audio/transcriptions answers. */
  transcription(text: string): void;
  openConnections(): number;
  /** Resolves when `check()` holds, polling every few ms; rejects after `timeoutMs`. */
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits `s` into `n` nearly equal pieces (fewer when s is shorter). */
export function splitInto(s: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, s.length));
  const size = Math.ceil(s.length / count);
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

function chunk(model: string, delta: object, finish: string | null = null): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function usageBody(u: Usage) {
  return { ...u, total_tokens: u.prompt_tokens + u.completion_tokens };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const queue: Script[] = [];
  let fallback: Script = { kind: 'text', text: 'Hello from the fake provider.' };
  let transcript = 'transcribed audio';
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  async function streamText(res: ServerResponse, model: string, b: Extract<Behaviour, { kind: 'text' }>) {
    const send = (o: object) => res.write(`data: ${JSON.stringify(o)}\n\n`);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send(chunk(model, { role: 'assistant', content: '' }));
    for (const piece of splitInto(b.text, b.fragments ?? 4)) {
      if (b.intervalMs) await sleep(b.intervalMs);
      if (res.destroyed) return;
      send(chunk(model, { content: piece }));
    }
    const end = b.end ?? 'done';
    if (end === 'hang') return;
    if (end === 'disconnect') {
      // Let the fragments reach the client first, then drop the connection mid-answer.
      await new Promise((r) => res.write('', r));
      res.socket?.destroy();
      return;
    }
    if (end === 'malformed') {
      res.write('data: {"choices": [ this is not json\n\n');
      res.end();
      return;
    }
    send(chunk(model, {}, 'stop'));
    if (b.usage) send({ ...chunk(model, {}), choices: [], usage: usageBody(b.usage) });
    res.end('data: [DONE]\n\n');
  }

  function streamTool(res: ServerResponse, model: string, b: Extract<Behaviour, { kind: 'tool' }>) {
    const send = (o: object) => res.write(`data: ${JSON.stringify(o)}\n\n`);
    const id = b.id ?? `call_${requests.length}`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (b.text) send(chunk(model, { role: 'assistant', content: b.text }));
    const call = { index: 0, id, type: 'function', function: { name: b.name, arguments: '' } };
    send(chunk(model, { role: 'assistant', content: null, tool_calls: [call] }));
    for (const piece of splitInto(b.argsText ?? JSON.stringify(b.args), b.argChunks ?? 3)) {
      send(chunk(model, { tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
    send(chunk(model, {}, 'tool_calls'));
    if (b.usage) send({ ...chunk(model, {}), choices: [], usage: usageBody(b.usage) });
    res.end('data: [DONE]\n\n');
  }

  async function replay(res: ServerResponse, b: Extract<Behaviour, { kind: 'replay' }>) {
    const bytes = typeof b.body === 'string' ? Buffer.from(b.body, 'utf8') : Buffer.from(b.body);
    res.writeHead(b.status ?? 200, b.headers ?? { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const most = b.sliceBytes ?? 0;
    if (most <= 0) {
      res.end(bytes);
      return;
    }
    res.socket?.setNoDelay(true);
    let i = 0;
    for (let at = 0, n = 0; at < bytes.length; at += i, n++) {
      // Sizes vary in a fixed pattern (1, 4, 2, 5, 3, …) so that splits fall everywhere.
      i = 1 + ((n * 3) % most);
      if (res.destroyed) return;
      await new Promise<void>((r) => res.write(bytes.subarray(at, at + i), () => r()));
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  }

  function whole(res: ServerResponse, model: string, b: Extract<Behaviour, { kind: 'text' | 'tool' }>) {
    const message =
      b.kind === 'text'
        ? { role: 'assistant', content: b.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: b.id ?? 'call_0', type: 'function', function: { name: b.name, arguments: JSON.stringify(b.args) } },
            ],
          };
    const body = {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message, finish_reason: b.kind === 'text' ? 'stop' : 'tool_calls' }],
      ...(b.usage ? { usage: usageBody(b.usage) } : {}),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function chat(rec: RecordedRequest, res: ServerResponse) {
    const next = queue.shift() ?? fallback;
    const b = typeof next === 'function' ? next(rec) : next;
    const model = rec.body?.model ?? 'fake-model';
    if (b.kind === 'hang') return;
    if (b.kind === 'replay') return replay(res, b);
    if (b.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (b.retryAfter !== undefined) headers['retry-after'] = String(b.retryAfter);
      const error = { message: b.message ?? `fake provider error ${b.status}`, type: 'fake_error', code: null };
      res.writeHead(b.status, headers).end(JSON.stringify({ error }));
      return;
    }
    if (b.kind === 'text' && b.delayMs) await sleep(b.delayMs);
    if (res.destroyed) return;
    if (rec.body?.stream !== true) return whole(res, model, b);
    if (b.kind === 'text') return streamText(res, model, b);
    return streamTool(res, model, b);
  }

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const isJson = (req.headers['content-type'] ?? '').includes('json');
    let body: ChatBody | null = null;
    if (isJson && raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8')) as ChatBody;
      } catch {
        body = null;
      }
    }
    const rec: RecordedRequest = {
      method: req.method ?? '',
      path,
      headers: req.headers,
      body,
      raw,
      aborted: false,
      closedAt: null,
    };
    requests.push(rec);
    res.on('close', () => {
      rec.aborted = !res.writableFinished;
      rec.closedAt = performance.now();
    });
    if (req.method === 'GET' && path.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] }));
    } else if (req.method === 'POST' && path.endsWith('/chat/completions')) {
      await chat(rec, res);
    } else if (req.method === 'POST' && path.endsWith('/audio/transcriptions')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: transcript }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
    }
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chats: () => requests.filter((r) => r.path.endsWith('/chat/completions')),
    script: (...bs) => {
      queue.push(...bs);
    },
    fallback: (b) => {
      fallback = b;
    },
    transcription: (text) => {
      transcript = text;
    },
    openConnections: () => sockets.size,
    async waitFor(check, timeoutMs = 2000) {
      const until = performance.now() + timeoutMs;
      while (!check()) {
        if (performance.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
        await sleep(2);
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
