// Visitors and tenants that try to stall the server within the limits they had (README
// "Hostile visitors"): questions of 8,000 characters made to backtrack (0.7-0.85 s of CPU each;
// three addresses took 34.8 s of server time), one address uploading 839 MB in 4.5 s, and one
// tenant's API key sending keyword searches as fast as it can. Each runs against the app on a
// loopback port while /healthz is asked every 20 ms: it stays within 100 ms p99 of this run's
// baseline, and what goes past a limit is refused with 429 (or 400) naming the setting.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatbotWithSession, createChatbot } from '../factories.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp } from '../harness.ts';
import { HEADERS, MB, multipartStream, paddedStream } from '../sample-files.ts';
import { edit, visitorOf } from '../widget/fixture.ts';
import { HEALTH_BOUND_MS, healthDuring, listen } from './health-probe.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_HOUR: '40',
      PARLOR_LIMIT_WORKSPACE_FILES_PER_HOUR: '5',
      PARLOR_LIMIT_API_REQUESTS_PER_MINUTE: '40',
    },
  });
  base = await listen(t.app);
});
afterAll(() => t.close());

const SIZE = 8000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const HOSTILE = [
  fill('a'),
  fill('5'),
  fill('555 '),
  fill('aΩж中ب1'),
  fill('😀'),
  fill('!?.,;'),
  fill('a.'),
  fill('1 sq ft '),
];

// Timed on a machine the suite shares: a second and third try absorb another process's burst
// (each try uses new sessions); a backtracking pattern stalls them all.
it('three clients asking 8,000-character questions built to backtrack: each answered, the server answers', {
  retry: 2,
  timeout: 120_000,
}, async () => {
  const clients = await Promise.all([0, 1, 2].map(() => chatbotWithSession(t)));
  // Once per process, the first answer loads the token counter's table (about 0.2 s, on purpose
  // lazily: README "Benchmarks"); that is no visitor's doing, so it is loaded before measuring.
  const [first] = clients;
  if (first) await post(t.app, '/chat/Chat/ClientAsk', { sessionID: first.sessionId, content: 'hi' }, first.ws.auth);
  const probed = await healthDuring(base, () =>
    Promise.all(
      clients.map(async (c) => {
        const codes: number[] = [];
        for (const content of [...HOSTILE, ...HOSTILE, ...HOSTILE]) {
          const r = await post(t.app, '/chat/Chat/ClientAsk', { sessionID: c.sessionId, content }, c.ws.auth);
          codes.push(r.status);
        }
        return codes;
      }),
    ),
  );
  console.log(
    `hostile questions: /healthz p99 ${probed.during.toFixed(1)} ms (baseline ${probed.baseline.toFixed(1)}, ${probed.asks} asks)`,
  );
  expect(probed.result.flat()).toEqual(Array(72).fill(200));
  expect(probed.during).toBeLessThan(probed.baseline + HEALTH_BOUND_MS);
});

async function upload(key: string, address: string, bytes: number) {
  const form = multipartStream('photo.jpg', paddedStream(HEADERS.jpeg, bytes));
  const res = await t.app.inject({
    method: 'POST',
    url: '/chat/File/Upload',
    payload: form.body,
    headers: { 'content-type': form.contentType, 'chatrobot-sessionkey': key },
    remoteAddress: address,
  });
  return { status: res.statusCode, message: String(res.json().Message), retryAfter: res.headers['retry-after'] };
}

async function visitorSession(serial: string) {
  return visitorOf(t, serial);
}

// Timed like the questions above, with two more tries; each try uploads from its own address,
// since the first try's uploads count against its address for the hour.
let uploadTry = 0;
it('one address uploading 15 MB files: refused past 40 MB an hour, naming the setting; another address still uploads', {
  retry: 2,
  timeout: 120_000,
}, async () => {
  const address = `203.0.113.${++uploadTry}`;
  const ws = await newWorkspace(t.db);
  const serial = await createChatbot(t.app, ws.auth);
  await edit(t, ws.auth, serial, { EnableUploadImage: true });
  const visitor = await visitorSession(serial);
  const probed = await healthDuring(base, async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await upload(visitor.SessionKey, address, 15 * MB));
    return results;
  });
  console.log(
    `uploads: /healthz p99 ${probed.during.toFixed(1)} ms (baseline ${probed.baseline.toFixed(1)}, ${probed.asks} asks)`,
  );
  // 0, 15 and 30 MB counted are under 40: three go in; at 45 MB the window refuses.
  expect(probed.result.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
  const refused = probed.result[3];
  expect(refused?.message).toMatch(
    /at most 40 MB an hour \(PARLOR_LIMIT_ADDRESS_UPLOAD_MB_PER_HOUR raises the limit\)/,
  );
  expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  expect(probed.during).toBeLessThan(probed.baseline + HEALTH_BOUND_MS);
  const other = await visitorSession(serial);
  expect((await upload(other.SessionKey, '198.51.100.9', MB)).status).toBe(200);
});

it('visitors of one workspace from many addresses: the sixth file in an hour is refused, naming the setting', async () => {
  const ws = await newWorkspace(t.db);
  const serial = await createChatbot(t.app, ws.auth);
  await edit(t, ws.auth, serial, { EnableUploadImage: true });
  const statuses: number[] = [];
  let last = '';
  for (let i = 0; i < 6; i++) {
    const v = await visitorSession(serial);
    const r = await upload(v.SessionKey, `192.0.2.${i + 1}`, 1024);
    statuses.push(r.status);
    last = r.message;
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(last).toMatch(/at most 5 files an hour \(PARLOR_LIMIT_WORKSPACE_FILES_PER_HOUR raises the limit\)/);
}, 60_000);

it('an API key sending keyword searches as fast as it can: 429 with Retry-After past 40 a minute; Keyword at most 8 words', async () => {
  const [ws, other] = [await newWorkspace(t.db), await newWorkspace(t.db)];
  const serial = await createChatbot(t.app, ws.auth);
  const otherSerial = await createChatbot(t.app, other.auth);
  const words = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
  const tooMany = await post(t.app, '/chat/Chatbot/RealEstateList', { SerialNumber: serial, Keyword: words }, ws.auth);
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.Message).toBe('Keyword: at most 8 words, got 100; narrow the search with other filters');
  const probed = await healthDuring(base, async () => {
    const answers = [];
    for (let i = 0; i < 45; i++) {
      const r = await fetch(`${base}/chat/Chatbot/RealEstateList`, {
        method: 'POST',
        headers: { ...ws.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ SerialNumber: serial, Keyword: 'a b c d e f g h' }),
      });
      answers.push({
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: (await r.json()) as { Message: string },
      });
    }
    return answers;
  });
  const statuses = probed.result.map((a) => a.status);
  // Two calls of this workspace came before (Add, and the 400): 38 more are let through, one
  // either way when the burst crosses a minute (the previous minute's calls count in part).
  const passed = statuses.indexOf(429);
  expect(passed).toBeGreaterThanOrEqual(37);
  expect(passed).toBeLessThanOrEqual(39);
  expect(statuses.slice(0, passed)).toEqual(Array(passed).fill(200));
  expect(statuses.slice(passed)).toEqual(Array(45 - passed).fill(429));
  const refused = probed.result[44];
  expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  expect(refused?.body.Message).toMatch(/PARLOR_LIMIT_API_REQUESTS_PER_MINUTE raises it/);
  expect(probed.during).toBeLessThan(probed.baseline + HEALTH_BOUND_MS);
  // Another workspace is not held back.
  expect((await post(t.app, '/chat/Chatbot/RealEstateList', { SerialNumber: otherSerial }, other.auth)).status).toBe(
    200,
  );
  expect(await call(t.app, '/chat/Chatbot/List', {}, other.auth)).toBeDefined();
}, 120_000);
