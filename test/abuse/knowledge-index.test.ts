// One tenant's large knowledge against another's (docs/limits.md "Fair shares"): two chatbots of
// 99,000 and 60,000 passages evicted each other from the one global index of 100,000 passages,
// so that every question rebuilt an index (14-17 s, /healthz stalled 16.6 s). Now passages are
// capped per chatbot and per workspace, the index keeps a budget per workspace, and an index is
// built in slices. Scaled to run in seconds: three chatbots of two workspaces, 35,000 passages,
// asked in turn over HTTP while /healthz is asked every 20 ms.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, insertChatbot } from '../../src/chatbots/index.ts';
import { insertSource, type NewPassage } from '../../src/knowledge/repo.ts';
import { buildTestApp, call, newWorkspace, post, type TestApp, type TestWorkspace } from '../harness.ts';
import { HEALTH_BOUND_MS, healthDuring, listen, p99 } from './health-probe.ts';

let t: TestApp;
let base: string;

const ENV = {
  PARLOR_KNOWLEDGE_PASSAGES_PER_CHATBOT: '20000',
  PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE: '25000',
  PARLOR_KNOWLEDGE_INDEX_PASSAGES: '40000',
};

/** Passages of 40 words each from a vocabulary of 30,000 made-up words, plus what is asked. */
function passages(count: number, seed: number): NewPassage[] {
  const word = (i: number) => `w${((i * 7919 + seed) % 30_000).toString(36)}`;
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 40 }, (_, j) => word(i * 40 + j));
    if (i % 500 === 0) words.push('office', 'hours', 'review');
    const content = `${words.join(' ')}.`;
    return { heading: '', question: '', content, terms: words.join(' '), questionTerms: '' };
  });
}

/** A web page already read (status 2): EditKnowledge's text leaves it as it is. */
const page = (seed: number) => {
  const url = `https://large${seed}.example/about`;
  return { type: 'UrlList', name: url, value: url, length: 1, url, sourceLink: url };
};

interface Bot {
  ws: TestWorkspace;
  serial: string;
  session: number;
}

async function largeBot(ws: TestWorkspace, count: number, seed: number): Promise<Bot> {
  const now = new Date();
  const bot = await insertChatbot(t.db.kysely, ws.workspaceId, 0, { ...DEFAULT_SETTINGS, Name: `Large ${seed}` }, now);
  const owner = { workspaceId: ws.workspaceId, chatbotId: bot.id };
  await t.db.kysely
    .transaction()
    .execute((trx) => insertSource(trx, t.db.dialect, owner, page(seed), passages(count, seed), now));
  const { SessionID } = await call<{ SessionID: number }>(
    t.app,
    '/chat/Chatbot/GetSession',
    { serialNumber: bot.serialNumber },
    ws.auth,
  );
  return { ws, serial: bot.serialNumber, session: SessionID };
}

async function ask(bot: Bot): Promise<number> {
  const started = performance.now();
  const r = await fetch(`${base}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { ...bot.ws.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionID: bot.session, content: 'What are your office hours for a review?' }),
  });
  expect(r.status).toBe(200);
  await r.arrayBuffer();
  return performance.now() - started;
}

let bots: Bot[] = [];
/** A small chatbot asked the same question in the same rounds: what a question costs here now. */
let small: Bot;

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
  base = await listen(t.app);
  const [a, b] = [await newWorkspace(t.db, 'Large Realty'), await newWorkspace(t.db, 'Other Realty')];
  bots = [await largeBot(a, 15_000, 1), await largeBot(a, 8000, 2), await largeBot(b, 12_000, 3)];
  small = await largeBot(await newWorkspace(t.db, 'Small Realty'), 200, 4);
}, 180_000);
afterAll(() => t.close());

// Timed on a machine the suite shares: a second and third try absorb another process's burst; a
// stall of this server's own making fails them all.
it("three large chatbots of two workspaces asked in turn: built once each, questions within 100 ms p99 of a small chatbot's", {
  retry: 2,
  timeout: 180_000,
}, async () => {
  const probed = await healthDuring(base, async () => {
    for (const bot of [...bots, small]) await ask(bot); // the first question of each builds its index
    const times: number[] = [];
    const smallTimes: number[] = [];
    for (let round = 0; round < 25; round++) {
      for (const bot of bots) times.push(await ask(bot));
      smallTimes.push(await ask(small));
    }
    return { times, smallTimes };
  });
  const questions = p99(probed.result.times);
  const ordinary = p99(probed.result.smallTimes);
  console.log(
    `large indexes: questions p99 ${questions.toFixed(1)} ms over ${probed.result.times.length} (a small chatbot's ` +
      `${ordinary.toFixed(1)} ms); /healthz p99 ` +
      `${probed.during.toFixed(1)} ms (baseline ${probed.baseline.toFixed(1)}, ${probed.asks} asks)`,
  );
  // Once built, a question to a large chatbot costs about what one to a small chatbot does (a
  // rebuild would cost seconds): within 100 ms of the small one's p99 in the same rounds, which
  // carries this machine's own load.
  expect(questions).toBeLessThan(ordinary + 100);
  expect(probed.during).toBeLessThan(probed.baseline + HEALTH_BOUND_MS);
});

it('passages past the workspace cap: 413 naming the setting, nothing changed', async () => {
  const [, second] = bots;
  if (!second) throw new Error('no chatbot');
  const text = Array.from(
    { length: 2100 },
    (_, i) => `# Topic ${i}\n\nAbout topic number ${i}, in a paragraph of its own.`,
  ).join('\n\n');
  const r = await post(t.app, '/chat/Chatbot/EditKnowledge', { serialNumber: second.serial, text }, second.ws.auth);
  expect(r.status).toBe(413);
  expect(r.body.Message).toMatch(
    /^the workspace's knowledge would be 25,\d{3} passages, more than its limit of 25,000 \(PARLOR_KNOWLEDGE_PASSAGES_PER_WORKSPACE raises it\)/,
  );
  const sources = await call<{ Type: string }[]>(
    t.app,
    '/chat/Chatbot/GetSource',
    { serialNumber: second.serial },
    second.ws.auth,
  );
  expect(sources.map((s) => s.Type)).toEqual(['UrlList']);
}, 60_000);
