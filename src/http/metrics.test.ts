import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChatTestApp, chatFixture, chatTestApp } from '../../test/chat/chat-app.ts';
import { post } from '../../test/harness.ts';

let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp({ usage: { promptTokens: 40, completionTokens: 2 } });
});
afterAll(() => t.close());

it('exposes request latency by route, answers by engine and outcome, tokens and open streams', async () => {
  const f = await chatFixture(t);
  await post(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: 'hi' }, f.ws.auth);
  await post(t.app, '/chat/Chat/ClientAsk', { sessionID: f.sessionId, content: '' }, f.ws.auth);
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const text = res.body;
  expect(text).toContain('parlor_answers_total{engine="fake",outcome="complete"} 1');
  expect(text).toContain('parlor_tokens_total{engine="fake"} 42');
  expect(text).toMatch(
    /parlor_http_request_duration_seconds_count\{method="POST",route="\/chat\/Chat\/ClientAsk",code="200"\} 1/,
  );
  expect(text).toMatch(
    /parlor_http_request_duration_seconds_count\{method="POST",route="\/chat\/Chat\/ClientAsk",code="400"\} 1/,
  );
  expect(text).toContain('parlor_open_streams 0');
});
