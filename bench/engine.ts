// The builtin engine's answer time over 100,000 listings (target p50 ≤ 10 ms):
// in-process (the engine and the listings search over the bench database, as ClientAsk
// calls it) and end to end through ClientAsk over HTTP (not streamed). The HTTP figure's
// baseline is the same ClientAsk path answered by a fixed-string engine (a session handed
// to a person gets a fixed notice), plus the raw node:http baseline answering a fixed body.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuiltinEngine } from '../src/answer/builtin/engine.ts';
import type { AnswerRequest } from '../src/answer/engine.ts';
import { listingSearchFor } from '../src/answer/listing-search.ts';
import { saveSessionState, sessionState } from '../src/chat/repo.ts';
import { DEFAULT_SETTINGS } from '../src/chatbots/settings.ts';
import type { Db, Dialect } from '../src/db/connect.ts';
import { benchQuestions } from './engine-questions.ts';
import { type BenchTenant, createSessions } from './lib/databases.ts';
import { ASK_PATH } from './lib/parlor-chat.ts';
import { freePort, startParlor, startProcess } from './lib/server-process.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { seeded } from './listings.ts';

export interface EngineOptions {
  listings: number;
  /** Rounds of the 20 questions in process (plus one warm-up round). */
  rounds: number;
  /** Rounds over HTTP (plus one warm-up round). */
  httpRounds: number;
}

export interface EngineResult {
  database: Dialect;
  listings: number;
  seedSeconds: number;
  questions: number;
  /** engine.answer() in process, as served (listing queries cached while the listings are unchanged). */
  inProcess: Latency;
  /** The same with the result cache off: the listing queries themselves. */
  uncached: Latency;
  /** p50 and p99 per question, as served and with the cache off (the slowest queries). */
  perQuestion: Record<string, { p50Ms: number | null; p99Ms: number | null }>;
  uncachedPerQuestion: Record<string, { p50Ms: number | null; p99Ms: number | null }>;
  /** ClientAsk (JSON) with the builtin engine, one request at a time. */
  http: Latency;
  /** The same ClientAsk path answered with a fixed string (handoff notice). */
  fixedAnswer: Latency;
  /** The raw node:http baseline, the same request bodies, a fixed JSON answer. */
  raw: Latency;
  addedP50Ms: number | null;
  /** Answers the engine could not give (noAnswer), per round: the greeting and off-topic ones expected. */
  noAnswers: number;
  failures: number;
  firstError?: string;
  /** In-process p50 per question, to see which kind of question costs most. */
  perQuestionP50Ms: Record<string, number | null>;
}

/**
 * The engine answering in process, a new listing search per question as ClientAsk makes one
 * per request; `cached` false measures the queries themselves (the result cache off).
 */
async function inProcess(db: Db, tenant: BenchTenant, opts: EngineOptions, cached: boolean) {
  const source: Db = cached ? db : { ...db, generation: () => null };
  const engine = createBuiltinEngine();
  const { workspaceId, chatbotId } = tenant.owner;
  // One session whose conversation state is loaded and saved in the database on every
  // question, as ClientAsk does.
  const [sessionId = 0] = await createSessions(db, tenant.owner, 1);
  const base: Omit<AnswerRequest, 'question'> = {
    chatbot: { id: chatbotId, workspaceId, serialNumber: tenant.serial, settings: { ...DEFAULT_SETTINGS } },
    sessionId,
    history: [],
    now: new Date(),
    signal: new AbortController().signal,
    listings: listingSearchFor(source, workspaceId, chatbotId),
    conversation: {
      load: () => sessionState(db.kysely, sessionId),
      save: (state) => saveSessionState(db.kysely, sessionId, state),
    },
  };
  const questions = benchQuestions(opts.listings);
  const samples: number[] = [];
  const perQuestion = questions.map(() => [] as number[]);
  let noAnswers = 0;
  for (let round = 0; round <= opts.rounds; round++) {
    for (const [i, q] of questions.entries()) {
      let text = '';
      const t0 = performance.now();
      const out = await engine.answer(
        {
          ...base,
          listings: listingSearchFor(source, workspaceId, chatbotId),
          question: { id: i, content: q.text, askType: 'Text', fileIds: [] },
        },
        (f) => {
          text += f;
        },
      );
      const ms = performance.now() - t0;
      if (round === 0) {
        if (out.noAnswer) noAnswers++;
        if (process.env.BENCH_SHOW_ANSWERS) process.stderr.write(`Q: ${q.text}\nA: ${text}\n\n`);
        continue;
      }
      samples.push(ms);
      perQuestion[i]?.push(ms);
    }
  }
  const perQuestionP50Ms = Object.fromEntries(questions.map((q, i) => [q.text, latencyOf(perQuestion[i] ?? []).p50Ms]));
  const perQuestionLatency = Object.fromEntries(
    questions.map((q, i) => {
      const l = latencyOf(perQuestion[i] ?? []);
      return [q.text, { p50Ms: l.p50Ms, p99Ms: l.p99Ms }];
    }),
  );
  return { latency: latencyOf(samples), noAnswers, perQuestionP50Ms, perQuestion: perQuestionLatency };
}

/** One JSON POST on a keep-alive connection; milliseconds to the whole answer. */
function timedPost(agent: Agent, url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ ms: number; ok: boolean; text: string }>((resolve) => {
    const t0 = performance.now();
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } });
    req.on('error', (err) => resolve({ ms: 0, ok: false, text: err.message }));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        text += s;
      });
      res.on('end', () => resolve({ ms: performance.now() - t0, ok: res.statusCode === 200, text }));
    });
    req.end(body);
  });
}

type Seeded = Awaited<ReturnType<typeof seeded>>;

async function overHttp(seed: Seeded, opts: EngineOptions) {
  const { bench, tenant } = seed;
  const questions = benchQuestions(opts.listings);
  const asks = questions.length * (opts.httpRounds + 1);
  const db = bench.open();
  let botSessions: number[];
  let fixedSessions: number[];
  try {
    botSessions = await createSessions(db, tenant.owner, asks + 1);
    fixedSessions = await createSessions(db, tenant.owner, asks + 1, 'human');
  } finally {
    await db.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'parlor-engine-'));
  const server = await startParlor({ port: await freePort(), ...bench.target });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { authorization: tenant.apiKey };
    const ask = (session: number, content: string) =>
      timedPost(agent, server.url + ASK_PATH, headers, JSON.stringify({ sessionID: session, content, stream: false }));
    // The raw baseline answers the fixed-string ClientAsk's own answer.
    const sample = await ask(fixedSessions[0] ?? 0, 'Hello');
    const file = join(dir, 'answer.json');
    writeFileSync(file, sample.text);
    const raw = await startProcess({
      args: ['bench/baseline-server.ts'],
      env: { BASELINE_BODY_FILE: file },
      port: await freePort(),
      readyPath: '/',
    });
    try {
      const times = { http: [] as number[], fixed: [] as number[], raw: [] as number[] };
      let failures = sample.ok ? 0 : 1;
      let firstError = sample.ok ? undefined : sample.text.slice(0, 300);
      let n = 1;
      for (let round = 0; round <= opts.httpRounds; round++) {
        for (const q of questions) {
          // Interleaved, so the three see the same moment of a shared machine.
          const a = await ask(botSessions[n] ?? 0, q.text);
          const f = await ask(fixedSessions[n] ?? 0, q.text);
          const r = await timedPost(
            agent,
            raw.url + ASK_PATH,
            headers,
            JSON.stringify({ sessionID: 1, content: q.text, stream: false }),
          );
          n++;
          for (const x of [a, f, r]) {
            if (x.ok) continue;
            failures++;
            firstError ??= x.text.slice(0, 300);
          }
          if (round === 0) continue;
          times.http.push(a.ms);
          times.fixed.push(f.ms);
          times.raw.push(r.ms);
        }
      }
      agent.destroy();
      return {
        http: latencyOf(times.http),
        fixedAnswer: latencyOf(times.fixed),
        raw: latencyOf(times.raw),
        failures,
        firstError,
      };
    } finally {
      await raw.stop('SIGTERM');
    }
  } finally {
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runEngine(kind: Dialect, opts: EngineOptions): Promise<EngineResult> {
  const seed = await seeded(kind, opts.listings);
  try {
    const db = seed.bench.open();
    let local: Awaited<ReturnType<typeof inProcess>>;
    let cold: Awaited<ReturnType<typeof inProcess>>;
    try {
      cold = await inProcess(db, seed.tenant, opts, false);
      local = await inProcess(db, seed.tenant, opts, true);
    } finally {
      await db.close();
    }
    const h = await overHttp(seed, opts);
    return {
      database: kind,
      listings: opts.listings,
      seedSeconds: seed.seedSeconds,
      questions: benchQuestions(opts.listings).length,
      inProcess: local.latency,
      uncached: cold.latency,
      perQuestion: local.perQuestion,
      uncachedPerQuestion: cold.perQuestion,
      ...h,
      addedP50Ms: minus(h.http.p50Ms, h.fixedAnswer.p50Ms),
      noAnswers: local.noAnswers,
      perQuestionP50Ms: local.perQuestionP50Ms,
    };
  } finally {
    await seed.bench.drop();
  }
}
