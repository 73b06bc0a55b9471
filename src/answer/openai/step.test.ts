// streamStep against raw SSE bodies, for the provider dialects the fake provider does not
// speak: tool calls without an index, streams without [DONE], error chunks, error bodies.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderStatus, ProviderStream } from './chat-completions.ts';
import { streamStep } from './step.ts';

let server: Server;
let baseUrl = '';
let reply: { status: number; body: string } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const type = reply.status === 200 ? 'text/event-stream' : 'application/json';
      res.writeHead(reply.status, { 'content-type': type }).end(reply.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

async function step(body: string, status = 200) {
  reply = { status, body };
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
      sse(
        { choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] },
        { choices: [], usage: { prompt_tokens: 12, completion_tokens: 1 } },
      ) + 'data: [DONE]\n\n',
    );
    expect(r.usage).toEqual({ promptTokens: 12, completionTokens: 1 });
  });
});
