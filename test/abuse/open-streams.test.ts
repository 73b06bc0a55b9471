// Streamed answers open at once per client address (in memory, per instance): the one over
// the limit is refused before its question is stored; another address, a JSON answer and the
// workspace's own streams are unaffected; a slot frees when its stream ends.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STREAMS_MESSAGE } from '../../src/abuse/open-streams.ts';
import type { App } from '../../src/http/types.ts';
import { type ChatTestApp, chatFixture, chatTestApp } from '../chat/chat-app.ts';
import { askFrom, chatbotIdOf, countQuestions, type Visitor, visitorFrom } from './client.ts';

let t: ChatTestApp;
beforeAll(async () => {
  t = await chatTestApp({}, { env: { PARLOR_LIMIT_OPEN_STREAMS: '2' } });
});
afterAll(async () => t?.close());

const A = '203.0.113.10';
const B = '198.51.100.20';

function streamFrom(app: App, address: string, v: Visitor) {
  return app.inject({
    method: 'POST',
    url: '/chat/Chat/Ask',
    payload: JSON.stringify({ sessionID: v.SessionID, content: 'Any homes?' }),
    headers: { 'content-type': 'application/json', 'chatrobot-sessionkey': v.SessionKey },
    remoteAddress: address,
  });
}

async function until(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

it('a third stream from one address is refused while two are open; a slot frees when one ends', async () => {
  // Slow enough that the first two are still open while the others are asked.
  t.engine.script = { fragments: ['One', ' two', ' three', ' four'], paceMs: 150 };
  const f = await chatFixture(t);
  const botId = await chatbotIdOf(t.db.kysely, f.serial);
  const visitors = [];
  for (let i = 0; i < 4; i++) visitors.push(await visitorFrom(t.app, A, f.serial));
  const [v1, v2, v3, v4] = visitors as [Visitor, Visitor, Visitor, Visitor];
  const open = [streamFrom(t.app, A, v1), streamFrom(t.app, A, v2)];
  await until(() => t.engine.requests.length === 2);

  const refused = await streamFrom(t.app, A, v3);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ Code: 429, Success: false, Message: STREAMS_MESSAGE });
  expect(refused.headers['retry-after']).toBe('5');
  expect(await countQuestions(t.db.kysely, botId)).toBe(2);

  // A JSON answer takes no slot; another address has its own.
  expect((await askFrom(t.app, A, v4)).status).toBe(200);
  const b = await visitorFrom(t.app, B, f.serial);
  const other = await streamFrom(t.app, B, b);
  expect(other.statusCode).toBe(200);
  expect(other.body).toContain('"TaskCompleted":true');

  const done = await Promise.all(open);
  expect(done.map((r) => r.statusCode)).toEqual([200, 200]);
  // The slots are given back once each answer's handler has returned, just after its last byte.
  await new Promise((r) => setTimeout(r, 20));
  const after = await streamFrom(t.app, A, v3);
  expect(after.statusCode).toBe(200);
  expect(after.body).toContain('"TaskCompleted":true');
});
