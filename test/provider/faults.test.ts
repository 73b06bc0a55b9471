// Provider faults through ClientAsk: each ends with a clear envelope (nothing sent
// yet) or an error frame (after the first fragment), and the server keeps serving.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../harness.ts';
import { readStream } from '../stream-client.ts';
import { type ProviderApp, providerApp } from './provider-app.ts';

let p: ProviderApp;
beforeAll(async () => {
  p = await providerApp();
});
afterAll(() => p.close());
beforeEach(() => {
  p.fake.fallback({ kind: 'text', text: 'All good again.' });
});

async function askBoth(script: () => void) {
  const s = await p.session();
  const body = { sessionID: s.sessionId, content: 'Any homes in Austin?' };
  script();
  const json = await fetch(`${p.url}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...s.ws.auth },
    body: JSON.stringify(body),
  });
  const envelope = (await json.json()) as {
    Success: boolean;
    Code: number;
    Message: string;
    Data: { content: string } | null;
  };
  script();
  const stream = await readStream(`${p.url}/chat/Chat/ClientAsk`, { ...body, stream: true }, s.ws.auth);
  return { s, status: json.status, envelope, stream };
}

/** After any fault, the same server answers the next question normally. */
async function stillServing() {
  const s = await p.session();
  const r = await readStream(
    `${p.url}/chat/Chat/ClientAsk`,
    { sessionID: s.sessionId, content: 'hello', stream: true },
    s.ws.auth,
  );
  expect(r.frames.at(-1)?.Answer).toBe('All good again.');
}

describe('provider faults through ClientAsk', () => {
  it('HTTP 500 (after retries) → 502 envelope, key never shown', async () => {
    const fail = { kind: 'status', status: 500, message: 'upstream exploded' } as const;
    const r = await askBoth(() => p.fake.script(fail, fail, fail));
    expect(r.status).toBe(502);
    expect(r.envelope).toMatchObject({ Success: false, Code: 502 });
    expect(r.envelope.Message).toContain('HTTP 500');
    expect(r.envelope.Message).not.toContain('sk-test-secret-key');
    expect(r.stream.status).toBe(502);
    expect(r.stream.envelope).toMatchObject({ Success: false, Code: 502 });
    await stillServing();
  });

  it('429 then success → answers', async () => {
    const r = await askBoth(() =>
      p.fake.script(
        { kind: 'status', status: 429, message: 'slow down' },
        { kind: 'text', text: 'Here you are.', fragments: 3 },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.envelope.Data?.content).toBe('Here you are.');
    expect(r.stream.frames.at(-1)?.Answer).toBe('Here you are.');
  });

  it('a provider that never answers → 504 envelope within the timeout', async () => {
    const started = Date.now();
    const r = await askBoth(() => p.fake.script({ kind: 'hang' }));
    expect(r.status).toBe(504);
    expect(r.envelope).toMatchObject({ Success: false, Code: 504 });
    expect(r.stream.envelope).toMatchObject({ Success: false, Code: 504 });
    expect(Date.now() - started).toBeLessThan(8000);
    await stillServing();
  });

  it('a malformed chunk after some text → an error frame after the fragments', async () => {
    const r = await askBoth(() =>
      p.fake.script({ kind: 'text', text: 'Three homes match your search.', fragments: 5, end: 'malformed' }),
    );
    expect(r.status).toBe(502);
    const frames = r.stream.frames;
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.slice(0, -1).every((f) => typeof f.content === 'string')).toBe(true);
    expect(frames.at(-1)).toMatchObject({ Success: false, Code: 502 });
    await stillServing();
  });

  it('a mid-stream disconnect → an error frame, and what was said is stored as partial', async () => {
    const r = await askBoth(() =>
      p.fake.script({ kind: 'text', text: 'Two homes match: one in Austin.', fragments: 6, end: 'disconnect' }),
    );
    expect(r.stream.frames.at(-1)).toMatchObject({ Success: false, Code: 502 });
    const said = r.stream.frames
      .slice(0, -1)
      .map((f) => f.content)
      .join('');
    const history = await call<{ List: { Role: string; Content: string; Status: string }[] }>(
      p.app,
      '/chat/Chat/GetMessages',
      { sessionID: r.s.sessionId },
      r.s.ws.auth,
    );
    const lastAnswer = history.List.filter((m) => m.Role === 'assistant').at(-1);
    expect(lastAnswer).toMatchObject({ Content: said, Status: 'partial' });
    await stillServing();
  });
});
