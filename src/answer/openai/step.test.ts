// streamStep against raw SSE bodies, for the provider dialects the fake provider does not
// speak: tool calls without an index, streams without [DONE], error chunks, error bodies.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderStatus, ProviderStream, providerUrl, retryAfterMs } from './provider.ts';
import { streamStep } from './step.ts';

let server: Server;
let baseUrl = '';
interface Reply {
  status: number;
  body: string;
  type?: string;
  /** Drop the connection without answering (a stale kept-alive connection). */
  drop?: boolean;
}
let replies: Reply[] = [];
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => {
      const reply = replies.shift() ?? { status: 500, body: 'no reply scripted' };
      if (reply.drop) return req.socket.destroy();
      const type = reply.type ?? (reply.status === 200 ? 'text/event-stream' : 'application/json');
      res.writeHead(reply.status, { 'content-type': type }).end(reply.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

async function step(body: string, status = 200, type?: string) {
  replies = [{ status, body, type }];
  const fragments: string[] = [];
  const result = await streamStep(
    { baseUrl, apiKey: '' },
    {},
    new AbortController().signal,
    (f) => fragments.push(f),
    () => {},
  );
  return { ...result, fragments };
}

describe('streamStep', () => {
  it('puts together tool calls sent whole, without an index (Ollama)', async () => {
    const call = { id: 'c1', type: 'function', function: { name: 'get_listing', arguments: '{"id":7}' } };
    const r = await step(sse({ choices: [{ delta: { tool_calls: [call] }, finish_reason: 'tool_calls' }] }));
    expect(r.toolCalls).toEqual([call]);
  });

  it('accepts a stream that ends after its finish reason without [DONE]', async () => {
    const r = await step(
      sse({ choices: [{ delta: { content: 'Hi' } }] }, { choices: [{ delta: {}, finish_reason: 'stop' }] }),
    );
    expect(r.fragments).toEqual(['Hi']);
    expect(r.toolCalls).toEqual([]);
  });

  it('refuses a stream that ends with neither a finish reason nor [DONE]', async () => {
    await expect(step(sse({ choices: [{ delta: { content: 'Hi' } }] }))).rejects.toBeInstanceOf(ProviderStream);
  });

  it('turns an error chunk into ProviderStream with its message', async () => {
    const err = await step(sse({ error: { message: 'model overloaded' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderStream);
    expect((err as Error).message).toContain('model overloaded');
  });

  it("turns an HTTP error into ProviderStatus with the provider's message", async () => {
    const err = await step('{"error":{"message":"no such model"}}', 404).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderStatus);
    expect((err as ProviderStatus).status).toBe(404);
    expect((err as Error).message).toBe('the model provider answered HTTP 404: no such model');
  });

  it('passes on the usage of the final chunk', async () => {
    const r = await step(
      `${sse(
        { choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] },
        { choices: [], usage: { prompt_tokens: 12, completion_tokens: 1 } },
      )}data: [DONE]\n\n`,
    );
    expect(r.usage).toEqual({ promptTokens: 12, completionTokens: 1, totalTokens: 13 });
  });

  it('refuses an event that is JSON but not an object, without throwing out of the parser', async () => {
    await expect(step('data: null\n\n')).rejects.toBeInstanceOf(ProviderStream);
    await expect(step('data: [1, 2]\n\n')).rejects.toBeInstanceOf(ProviderStream);
  });

  it('reports a 200 answer that is JSON instead of a stream, with its message', async () => {
    const err = await step('{"error":{"message":"stream not supported"}}', 200, 'application/json').catch((e) => e);
    expect(err).toBeInstanceOf(ProviderStream);
    expect((err as Error).message).toContain('stream not supported');
  });

  it('counts a last event sent without its closing blank line', async () => {
    const r = await step('data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":"stop"}]}');
    expect(r.fragments).toEqual(['Hi']);
  });

  it('keeps whole tool calls without an index apart, and takes arguments sent as an object', async () => {
    const a = { id: 'a', type: 'function', function: { name: 'get_listing', arguments: { id: 1 } } };
    const b = { id: 'b', type: 'function', function: { name: 'get_listing', arguments: '{"id":2}' } };
    const r = await step(
      sse(
        { choices: [{ delta: { tool_calls: [a] } }] },
        { choices: [{ delta: { tool_calls: [b] }, finish_reason: 'tool_calls' }] },
      ),
    );
    expect(r.toolCalls.map((c) => [c.id, c.function.arguments])).toEqual([
      ['a', '{"id":1}'],
      ['b', '{"id":2}'],
    ]);
  });

  it('tries once more on a new connection when a kept-alive one was closed under it', async () => {
    const ok = sse({ choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] });
    await step(ok); // leaves a kept-alive connection in the pool
    replies = [
      { status: 200, body: '', drop: true },
      { status: 200, body: ok },
    ];
    const before = requests;
    const fragments: string[] = [];
    await streamStep(
      { baseUrl, apiKey: '' },
      {},
      new AbortController().signal,
      (f) => fragments.push(f),
      () => {},
    );
    expect(fragments).toEqual(['Hi']);
    expect(requests - before).toBe(2);
  });
});

describe('streamStep: what providers stream besides text', () => {
  it('keeps reasoning apart from the text, from either field', async () => {
    const r = await step(
      sse(
        { choices: [{ delta: { reasoning_content: 'Think ' } }] },
        { choices: [{ delta: { reasoning: 'more.' } }] },
        { choices: [{ delta: { content: 'Answer.' }, finish_reason: 'stop' }] },
      ),
    );
    expect(r.fragments).toEqual(['Answer.']);
    expect(r.reasoning).toBe('Think more.');
    expect(r.finishReason).toBe('stop');
  });

  it('reads content parts: text kept, thinking skipped, strings and arrays mixed', async () => {
    const r = await step(
      sse(
        { choices: [{ delta: { content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] }] } }] },
        { choices: [{ delta: { content: [{ type: 'text', text: '3' }] } }] },
        { choices: [{ delta: { content: '91' }, finish_reason: 'stop' }] },
      ),
    );
    expect(r.text).toBe('391');
  });

  it('ends with ProviderStream on a content part of unknown type', async () => {
    const err = await step(sse({ choices: [{ delta: { content: [{ type: 'audio', data: 'x' }] } }] })).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderStream);
    expect((err as Error).message).toBe('the model provider sent a content part of unknown type "audio"');
  });

  it('passes a refusal on as text and marks the step refused', async () => {
    const r = await step(sse({ choices: [{ delta: { refusal: 'No.' }, finish_reason: 'stop' }] }));
    expect([r.text, r.refused]).toEqual(['No.', true]);
  });

  it('reports finish_reason length', async () => {
    const r = await step(sse({ choices: [{ delta: { content: 'Cut' }, finish_reason: 'length' }] }));
    expect(r.finishReason).toBe('length');
  });

  it("keeps the provider's total_tokens, the last running usage, and Groq's x_groq usage", async () => {
    const xai = await step(
      sse(
        { choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] },
        { choices: [], usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 354 } },
      ),
    );
    expect(xai.usage).toEqual({ promptTokens: 12, completionTokens: 2, totalTokens: 354 });
    const running = await step(
      sse(
        { choices: [{ delta: { content: 'a' } }], usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } },
        { choices: [{ delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 2 } },
      ),
    );
    expect(running.usage).toEqual({ promptTokens: 5, completionTokens: 2, totalTokens: 7 });
    const groq = await step(
      sse({
        choices: [{ delta: {}, finish_reason: 'stop' }],
        x_groq: { usage: { prompt_tokens: 9, completion_tokens: 3 } },
      }),
    );
    expect(groq.usage).toEqual({ promptTokens: 9, completionTokens: 3, totalTokens: 12 });
  });

  it("turns vLLM's error object and llama.cpp's `error:` field into ProviderStream with their messages", async () => {
    const vllm = await step(sse({ object: 'error', message: 'out of memory', type: 'InternalServerError' })).catch(
      (e) => e,
    );
    expect((vllm as Error).message).toBe('the model provider reported an error: out of memory');
    const llama = await step('error: {"code":500,"message":"slot unavailable","type":"server_error"}\n\n').catch(
      (e) => e,
    );
    expect(llama).toBeInstanceOf(ProviderStream);
    expect((llama as Error).message).toBe('the model provider reported an error: slot unavailable');
  });

  it('names a web page error body by its title, not its markup', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';
    const err = await step(page, 502, 'text/html').catch((e: unknown) => e);
    expect((err as Error).message).toBe('the model provider answered HTTP 502: 502 Bad Gateway');
  });

  it('reads Retry-After on an error answer, in seconds or as an HTTP date', async () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('providerUrl', () => {
  it('adds the path under the base URL, with or without a trailing slash, keeping the query', () => {
    expect(providerUrl('http://h/v1', 'chat/completions').href).toBe('http://h/v1/chat/completions');
    expect(providerUrl('http://h/v1/', 'models').href).toBe('http://h/v1/models');
    expect(
      providerUrl('https://x.azure.com/openai/deployments/gpt?api-version=2024-10-21', 'chat/completions').href,
    ).toBe('https://x.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-10-21');
  });
});
