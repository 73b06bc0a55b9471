// The fake provider itself: what it puts on the wire for each scripted behaviour.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, splitInto, startFakeProvider } from './fake-provider.ts';

let fake: FakeProvider;

beforeEach(async () => {
  fake = await startFakeProvider();
});
afterEach(async () => {
  await fake.close();
});

const chatBody = (stream: boolean) =>
  JSON.stringify({ model: 'm1', stream, messages: [{ role: 'user', content: 'hi' }] });

async function postChat(stream = true, signal?: AbortSignal) {
  return fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: chatBody(stream),
    signal,
  });
}

/** The JSON payloads of an SSE body, and whether it ended with [DONE]. */
function events(text: string) {
  const data = text
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => f.slice(6));
  const done = data.at(-1) === '[DONE]';
  return { done, chunks: data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Record<string, unknown>) };
}

type Delta = { content?: string; tool_calls?: { function: { name?: string; arguments: string } }[] };
const deltaOf = (c: Record<string, unknown>) => (c.choices as { delta: Delta }[])[0]?.delta;

describe('fake provider', () => {
  it('splits text into n pieces', () => {
    expect(splitInto('abcdefgh', 4)).toEqual(['ab', 'cd', 'ef', 'gh']);
    expect(splitInto('ab', 5)).toEqual(['a', 'b']);
    expect(splitInto('', 3)).toEqual(['']);
  });

  it('streams text in paced fragments, then usage and [DONE]', async () => {
    fake.script({
      kind: 'text',
      text: 'x'.repeat(20),
      fragments: 20,
      intervalMs: 5,
      usage: { prompt_tokens: 9, completion_tokens: 20 },
    });
    const started = performance.now();
    const res = await postChat();
    const { done, chunks } = events(await res.text());
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(done).toBe(true);
    const text = chunks.map((c) => ((c.choices as unknown[]).length ? (deltaOf(c)?.content ?? '') : '')).join('');
    expect(text).toBe('x'.repeat(20));
    expect(chunks.filter((c) => deltaOf(c)?.content).length).toBe(20);
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 9, completion_tokens: 20, total_tokens: 29 });
    expect(fake.chats()[0]?.body?.model).toBe('m1');
    expect(fake.chats()[0]?.headers.authorization).toBe('Bearer k');
  });

  it('streams a tool call with its arguments split across chunks', async () => {
    fake.script({ kind: 'tool', name: 'search_listings', args: { city: 'Austin', minBedrooms: 3 }, argChunks: 4 });
    const { chunks } = events(await (await postChat()).text());
    const calls = chunks.flatMap((c) => deltaOf(c)?.tool_calls ?? []);
    expect(calls[0]?.function.name).toBe('search_listings');
    expect(calls.length).toBe(5);
    expect(JSON.parse(calls.map((c) => c.function.arguments).join(''))).toEqual({ city: 'Austin', minBedrooms: 3 });
    const last = (chunks.at(-1)?.choices ?? []) as { finish_reason: string }[];
    expect(last[0]?.finish_reason).toBe('tool_calls');
  });

  it('answers non-streamed requests with a whole completion', async () => {
    fake.script({ kind: 'text', text: 'Whole answer', usage: { prompt_tokens: 1, completion_tokens: 2 } });
    const body = (await (await postChat(false)).json()) as {
      choices: { message: { content: string } }[];
      usage: object;
    };
    expect(body.choices[0]?.message.content).toBe('Whole answer');
    expect(body.usage).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
  });

  it('answers scripted statuses in order, then the fallback; scripts may be functions of the request', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: 1 }, (req) => ({
      kind: 'text',
      text: `to ${req.body?.model}`,
    }));
    const first = await postChat(false);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(((await first.json()) as { error: { message: string } }).error.message).toContain('429');
    const second = (await (await postChat(false)).json()) as { choices: { message: { content: string } }[] };
    expect(second.choices[0]?.message.content).toBe('to m1');
    fake.fallback({ kind: 'status', status: 503 });
    expect((await postChat(false)).status).toBe(503);
  });

  it('a malformed chunk and a mid-stream disconnect', async () => {
    fake.script({ kind: 'text', text: 'ab', fragments: 2, end: 'malformed' });
    expect(await (await postChat()).text()).toContain('this is not json');
    fake.script({ kind: 'text', text: 'ab', fragments: 2, end: 'disconnect' });
    const res = await postChat();
    await expect(res.text()).rejects.toThrow();
  });

  it('records a client that gives up on a hanging request as aborted, and closes its connection', async () => {
    fake.script({ kind: 'hang' });
    const ctl = new AbortController();
    const pending = postChat(true, ctl.signal).catch((e: unknown) => e);
    await fake.waitFor(() => fake.chats().length === 1);
    expect(fake.openConnections()).toBe(1);
    ctl.abort();
    await pending;
    await fake.waitFor(() => fake.chats()[0]?.aborted === true);
    await fake.waitFor(() => fake.openConnections() === 0);
  });

  it('a finished response is not recorded as aborted', async () => {
    await (await postChat()).text();
    await fake.waitFor(() => fake.chats()[0]?.closedAt != null);
    expect(fake.chats()[0]?.aborted).toBe(false);
  });

  it('lists models and transcribes audio', async () => {
    const models = (await (await fetch(`${fake.url}/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]?.id).toBe('fake-model');
    fake.transcription('three bedrooms in Austin');
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mpeg' }), 'q.mp3');
    const res = await fetch(`${fake.url}/audio/transcriptions`, { method: 'POST', body: form });
    expect(await res.json()).toEqual({ text: 'three bedrooms in Austin' });
    const rec = fake.requests.at(-1);
    expect(rec?.headers['content-type']).toContain('multipart/form-data');
    expect(rec?.raw.toString('latin1')).toContain('whisper-1');
  });

  it('counts open connections until the client closes them', async () => {
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${fake.url}/models`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    expect(await answered).toBe(200);
    await fake.waitFor(() => fake.openConnections() === 0);
  });

  it('replays a recorded body byte for byte, whole or in slices that split UTF-8 characters', async () => {
    const body = Buffer.from('data: {"choices":[{"delta":{"content":"Café 🏡"}}]}\n\ndata: [DONE]\n\n', 'utf8');
    for (const sliceBytes of [undefined, 3]) {
      fake.script({ kind: 'replay', body, sliceBytes });
      const res = await postChat();
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      const reader = res.body?.getReader();
      const parts: Uint8Array[] = [];
      for (;;) {
        const r = await reader?.read();
        if (!r || r.done) break;
        parts.push(r.value);
      }
      expect(Buffer.concat(parts).equals(body)).toBe(true);
      if (sliceBytes) expect(parts.length).toBeGreaterThan(3);
    }
    fake.script({ kind: 'replay', status: 400, headers: { 'content-type': 'application/json' }, body: '{"error":{}}' });
    const res = await postChat();
    expect([res.status, await res.text()]).toEqual([400, '{"error":{}}']);
  });
});
