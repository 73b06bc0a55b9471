// Streamed answers over a real socket, each framing read by a real reader of it: the
// platform's own client loop, eventsource-parser, line-by-line JSON, and the `ai` package.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAiSdkStream } from '../../test/ai-sdk-client.ts';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { call } from '../../test/harness.ts';
import { readStream } from '../../test/stream-client.ts';
import { ProviderFailed } from '../errors.ts';

let t: ChatTestApp;
let base: string;
beforeAll(async () => {
  t = await chatTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());
beforeEach(() => {
  t.engine.script = {};
});

const FRAGMENTS = ['Two', ' homes', ' match', ':', ' PA1', ' and', ' PA2', '.'];

describe('streamed ClientAsk', () => {
  it('by default frames as the platform does: a platform client finishes with the whole answer and numeric IDs', async () => {
    t.engine.script = { fragments: FRAGMENTS };
    const f = await chatFixture(t, { AnswerSuffix: ' (Example Realty)' });
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-request-id')).toBeTruthy();
    const partial = s.frames.slice(0, -1).map((fr) => fr.content);
    expect(partial).toEqual([...FRAGMENTS, ' (Example Realty)']);
    const final = s.frames.at(-1) as { QuestionID: number; AnswerID: number; Answer: string; TotalToken: number };
    expect(final).toMatchObject({ TaskCompleted: true });
    expect(final.Answer).toBe(partial.join(''));
    expect(final.TotalToken).toBeGreaterThan(0);
    expect(s.platform).toEqual({
      text: final.Answer,
      questionId: final.QuestionID,
      answerId: final.AnswerID,
      completed: true,
    });
    expect(Number.isInteger(s.platform?.questionId)).toBe(true);
    const history = await call<{ List: { ID: number; Content: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List.map((m) => m.ID)).toEqual([final.QuestionID, final.AnswerID]);
    expect(history.List[1]?.Content).toBe(final.Answer);
  });

  it('sends SSE events with X-Stream-Format: sse, read by eventsource-parser', async () => {
    t.engine.script = { fragments: FRAGMENTS };
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
      { format: 'sse', streamFormat: 'SSE' },
    );
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.frames.slice(0, -1).map((fr) => fr.content)).toEqual(FRAGMENTS);
    expect(s.frames.at(-1)).toMatchObject({ Answer: FRAGMENTS.join(''), TaskCompleted: true });
  });

  it('speaks the AI SDK UI message stream with X-Stream-Format: ai-sdk, read by the ai package', async () => {
    t.engine.script = { fragments: FRAGMENTS };
    const f = await chatFixture(t, { AnswerSuffix: '!' });
    const a = await readAiSdkStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(a.errors).toEqual([]);
    expect(a.text).toBe(`${FRAGMENTS.join('')}!`);
    expect(a.chunks.map((c) => c.type)).toEqual([
      'start',
      'start-step',
      'text-start',
      ...FRAGMENTS.map(() => 'text-delta'),
      'text-delta',
      'text-end',
      'data-listings',
      'finish-step',
      'finish',
    ]);
    expect(a.chunks.find((c) => c.type === 'data-listings')).toEqual({ type: 'data-listings', data: [] });
    const history = await call<{ List: { ID: number; Content: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(a.metadata).toMatchObject({ QuestionID: history.List[0]?.ID, AnswerID: history.List[1]?.ID });
    expect(a.metadata?.TotalToken).toBeGreaterThan(0);
  });

  it('refuses an unknown X-Stream-Format with 400 naming the accepted values, storing nothing', async () => {
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
      { streamFormat: 'websocket' },
    );
    expect(s.status).toBe(400);
    expect(s.envelope).toMatchObject({
      Code: 400,
      Message: 'X-Stream-Format: must be one of: platform, sse, ndjson, ai-sdk',
    });
    const history = await call<{ VirtualCount: number }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.VirtualCount).toBe(0);
  });

  it('sends the same objects one per line with Accept: application/x-ndjson', async () => {
    t.engine.script = { fragments: FRAGMENTS };
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
      { format: 'ndjson' },
    );
    expect(s.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(s.frames.slice(0, -1).map((fr) => fr.content)).toEqual(FRAGMENTS);
    expect(s.frames.at(-1)).toMatchObject({ Answer: FRAGMENTS.join(''), TaskCompleted: true });
    const viaHeader = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
      { format: 'ndjson', streamFormat: 'ndjson' },
    );
    expect(viaHeader.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  });

  it('fails before the first byte as a normal envelope', async () => {
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: '', stream: true },
      f.ws.auth,
    );
    expect(s.status).toBe(400);
    expect(s.envelope).toMatchObject({ Success: false, Code: 400, Message: 'content: must not be empty' });
    t.engine.script = { failAfter: 0 };
    const e = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(e.status).toBe(502);
    expect(e.envelope).toMatchObject({ Success: false, Code: 502 });
  });

  it('ends with an error frame when the engine fails after the first fragment, and keeps what was said', async () => {
    t.engine.script = {
      fragments: FRAGMENTS,
      failAfter: 3,
      failWith: new ProviderFailed('the model provider failed (HTTP 500)'),
    };
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(s.status).toBe(200);
    expect(s.frames.slice(0, 3).map((fr) => fr.content)).toEqual(FRAGMENTS.slice(0, 3));
    expect(s.frames.at(-1)).toEqual({
      Success: false,
      Code: 502,
      Message: 'the model provider failed (HTTP 500)',
      TaskCompleted: true,
    });
    expect(s.platform).toMatchObject({ completed: true, text: FRAGMENTS.slice(0, 3).join('') });
    const history = await call<{ List: { Content: string; Status: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List[1]).toMatchObject({ Content: FRAGMENTS.slice(0, 3).join(''), Status: 'partial' });
  });
});

describe('failures in the AI SDK framing', () => {
  it('ends with an error part the ai package reports', async () => {
    t.engine.script = { fragments: FRAGMENTS, failAfter: 2, failWith: new ProviderFailed('provider broke off') };
    const f = await chatFixture(t);
    const a = await readAiSdkStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(a.chunks.at(-1)).toEqual({ type: 'error', errorText: 'provider broke off' });
    expect(a.errors).toEqual(['provider broke off']);
    expect(a.text).toBe(FRAGMENTS.slice(0, 2).join(''));
  });
});

describe('keep-alive', () => {
  it("sends what each framing's readers skip while the answer is slow", async () => {
    const app = await chatTestApp({ fragments: ['a', 'b', 'c'], paceMs: 150 }, { keepAliveMs: 50 });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const f = await chatFixture(app);
    const ask = { sessionID: f.sessionId, content: 'hi', stream: true };
    const platform = await readStream(`${url}/chat/Chat/ClientAsk`, ask, f.ws.auth);
    expect(platform.comments).toContain('blank line');
    expect(platform.platform?.text).toBe('abc');
    const sse = await readStream(`${url}/chat/Chat/ClientAsk`, ask, f.ws.auth, { format: 'sse', streamFormat: 'sse' });
    expect(sse.comments).toContain('ping');
    expect(sse.frames.at(-1)?.Answer).toBe('abc');
    const ndjson = await readStream(`${url}/chat/Chat/ClientAsk`, ask, f.ws.auth, { format: 'ndjson' });
    expect(ndjson.comments).toContain('blank line');
    expect(ndjson.frames.at(-1)?.Answer).toBe('abc');
    const ai = await readAiSdkStream(`${url}/chat/Chat/ClientAsk`, ask, f.ws.auth);
    expect(ai.errors).toEqual([]);
    expect(ai.text).toBe('abc');
    await app.close();
  });
});
