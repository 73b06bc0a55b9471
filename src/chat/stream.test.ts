// Streamed answers over a real socket, read with a standard SSE parser.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { call } from '../../test/harness.ts';
import { readStream } from '../../test/sse-client.ts';
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
  it('sends the fragments in order, then a final frame whose Answer is fragments + suffix and IDs match GetMessages', async () => {
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
    expect(final.Answer).toBe(partial.join(''));
    expect(final.TotalToken).toBeGreaterThan(0);
    const history = await call<{ List: { ID: number; Content: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List.map((m) => m.ID)).toEqual([final.QuestionID, final.AnswerID]);
    expect(history.List[1]?.Content).toBe(final.Answer);
  });

  it('sends the same objects one per line with Accept: application/x-ndjson', async () => {
    t.engine.script = { fragments: FRAGMENTS };
    const f = await chatFixture(t);
    const s = await readStream(
      `${base}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
      { ndjson: true },
    );
    expect(s.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(s.frames.slice(0, -1).map((fr) => fr.content)).toEqual(FRAGMENTS);
    expect(s.frames.at(-1)?.Answer).toBe(FRAGMENTS.join(''));
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
    expect(s.frames.at(-1)).toEqual({ Success: false, Code: 502, Message: 'the model provider failed (HTTP 500)' });
    const history = await call<{ List: { Content: string; Status: string }[] }>(
      t.app,
      '/chat/Chat/GetMessages',
      { sessionID: f.sessionId },
      f.ws.auth,
    );
    expect(history.List[1]).toMatchObject({ Content: FRAGMENTS.slice(0, 3).join(''), Status: 'partial' });
  });
});

describe('keep-alive', () => {
  it('sends a ": ping" comment while the answer is slow', async () => {
    const app = await chatTestApp({ fragments: ['a', 'b', 'c'], paceMs: 150 }, { keepAliveMs: 50 });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const f = await chatFixture(app);
    const s = await readStream(
      `${url}/chat/Chat/ClientAsk`,
      { sessionID: f.sessionId, content: 'hi', stream: true },
      f.ws.auth,
    );
    expect(s.comments).toContain('ping');
    expect(s.frames.at(-1)?.Answer).toBe('abc');
    await app.close();
  });
});
