// The analytics page's figures (README "Analytics"), on each database, in process: a chatbot
// of 1,000,000 messages over 90 days (conversations of 20 messages, each answer with a listing
// search, one conversation in 20 with a lead), then the Analytics page's queries
// (review/analytics.ts chatbotAnalytics) over its 90 days and over its last 30, 30 times each
// after one not measured: p50, p99, max. Beside them, as the baseline of the same run, the
// least any such figure reads: one count of the chatbot's messages in the same range from the
// (chatbot_id, created_at) index. The counts are checked (a benchmark of wrong answers measures nothing).
// Run alone: node --disable-warning=ExperimentalWarning bench/analytics.ts [sqlite|postgres] [messages]

import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { countForAnalytics } from '../src/chat/index.ts';
import type { Dialect } from '../src/db/connect.ts';
import { chatbotAnalytics } from '../src/review/index.ts';
import { createBenchDb, createTenant } from './lib/databases.ts';
import { type Latency, latencyOf } from './lib/stats.ts';
import { fixed } from './lib/table.ts';
import { measureRating, type RatingResult } from './rating.ts';

export interface AnalyticsResult {
  database: Dialect;
  messages: number;
  seedSeconds: number;
  days90: Latency;
  days30: Latency;
  baseline90: Latency;
  baseline30: Latency;
  rating: RatingResult;
}

const PER_SESSION = 20;
const DAYS = 90;
const ROUNDS = 30;
/** Each figure's measuring stops after this long, whatever the rounds done. */
const MAX_MS = 30_000;
const DAY = 86_400_000;
const CITIES = ['Austin', 'Dallas', 'Houston', 'San Antonio', 'El Paso', 'Plano', 'Waco', 'Frisco'];
const QUESTIONS = [
  'Any 3-bed homes in {city}?',
  'any 3 bed homes in {city}',
  'What are your office hours?',
  'whats ur comission',
  "What's your commission?",
  'Do you have condos under 400k in {city}?',
  'Can I book a showing this weekend?',
  'Is the listing on Elm St still available?',
];

type BenchDbConn = ReturnType<Awaited<ReturnType<typeof createBenchDb>>['open']>;

/** The bench's 90 days, as ms since the epoch: they end yesterday (UTC), so every range is whole days of the past. */
export function benchDays(): { start: number; end: number } {
  const now = new Date();
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start: end - DAYS * DAY, end };
}

export async function seed(db: BenchDbConn, messages: number, start: number) {
  const tenant = await createTenant(db, { TimeZone: 'America/Chicago' });
  const { workspaceId, chatbotId } = tenant.owner;
  const sessions = Math.ceil(messages / PER_SESSION);
  const spacing = (DAYS * DAY) / sessions;
  for (let first = 0; first < sessions; first += 100) {
    await db.kysely.transaction().execute(async (trx) => {
      const questions = [];
      const stored: number[] = [];
      for (let i = first; i < Math.min(sessions, first + 100); i++) {
        const began = start + i * spacing;
        const iso = (k: number) => new Date(began + k * 1000).toISOString();
        const s = await trx
          .insertInto('sessions')
          .values({
            workspace_id: workspaceId,
            chatbot_id: chatbotId,
            mode: 'bot',
            uri: null,
            created_at: iso(0),
            last_activity_at: iso(PER_SESSION),
            ...(i % 20 === 0 ? { lead_at: iso(PER_SESSION) } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const city = CITIES[i % CITIES.length] ?? 'Austin';
        const base = { workspace_id: workspaceId, chatbot_id: chatbotId, session_id: s.id };
        // Each answer names its question, as chat stores them (the unanswered questions join them).
        const message = (k: number) => ({
          ...base,
          ask_type: 'Text',
          total_token: 0,
          status: 'complete',
          created_at: iso(k),
        });
        const asked = await trx
          .insertInto('messages')
          .values(
            Array.from({ length: PER_SESSION / 2 }, (_, n) => ({
              ...message(2 * n),
              role: 'user',
              content: (QUESTIONS[(i + 2 * n) % QUESTIONS.length] ?? '').replace('{city}', city),
              no_answer: 0,
            })),
          )
          .returning('id')
          .execute();
        const answered = await trx
          .insertInto('messages')
          .values(
            asked.map((q, n) => ({
              ...message(2 * n + 1),
              role: 'assistant',
              content: 'Here are three homes that match.',
              question_id: q.id,
              no_answer: (i + 2 * n + 1) % 9 === 0 ? 1 : 0,
            })),
          )
          .returning('id')
          .execute();
        stored.push(...asked.map((m) => m.id), ...answered.map((m) => m.id));
        const answer = answered[0]?.id;
        if (answer !== undefined) {
          questions.push({
            ...base,
            message_id: answer,
            kind: i % 7 ? 'search' : 'open',
            city,
            property_type: i % 3 ? 'Condo' : '',
            price_band: i % 4 ? '$250k–$500k' : '',
            created_at: iso(1),
          });
        }
        if (i % 20 === 0) {
          await trx
            .insertInto('leads')
            .values({
              ...base,
              name: `Visitor ${i}`,
              email: `visitor${i}@bench.example`,
              phone: '',
              message: '',
              source: 'chat',
              created_at: iso(PER_SESSION),
            })
            .execute();
        }
      }
      if (questions.length) await trx.insertInto('listing_searches').values(questions).execute();
      await countForAnalytics(trx, stored);
    });
  }
  return { tenant, sessions };
}

export async function runAnalytics(kind: Dialect, messages = 1_000_000): Promise<AnalyticsResult> {
  const bench = await createBenchDb(kind);
  const db = bench.open();
  try {
    const { start, end } = benchDays();
    const t0 = performance.now();
    const { tenant, sessions } = await seed(db, messages, start);
    const seedSeconds = (performance.now() - t0) / 1000;
    // As the listings bench does: the steady state, after autovacuum's statistics and visibility map.
    if (kind === 'postgres') {
      await sql`vacuum (analyze) sessions, messages, listing_searches, leads, answer_ratings`.execute(db.kysely);
    }
    const deps = { db, clock: () => new Date() };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const ranges = {
      days90: { from: day(start), to: day(end - DAY) },
      days30: { from: day(end - 30 * DAY), to: day(end - DAY) },
    };
    const { workspaceId, chatbotId } = tenant.owner;
    const measure = async (work: () => Promise<unknown>) => {
      const samples: number[] = [];
      await work();
      const started = performance.now();
      for (let i = 0; i < ROUNDS && performance.now() - started < MAX_MS; i++) {
        const t = performance.now();
        await work();
        samples.push(performance.now() - t);
      }
      return latencyOf(samples);
    };
    const page = (r: { from: string; to: string }) => () =>
      chatbotAnalytics(deps, workspaceId, { chatbot: tenant.serial, ...r });
    const count = (r: { from: string; to: string }) => () =>
      db.kysely
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('chatbot_id', '=', chatbotId)
        .where('workspace_id', '=', workspaceId)
        .where('created_at', '>=', `${r.from}T00:00:00.000Z`)
        .where('created_at', '<', new Date(Date.parse(`${r.to}T00:00:00Z`) + DAY).toISOString())
        .executeTakeFirst();
    // The check: every question of the 90 days (in the chatbot's zone the range moves by its offset).
    const all = await page(ranges.days90)();
    const questions = all.Totals.Questions;
    const expected = sessions * (PER_SESSION / 2);
    if (questions < expected * 0.97 || questions > expected) {
      throw new Error(`analytics counted ${questions} questions, not about ${expected}`);
    }
    if (all.TopQuestions.length < 4 || all.SearchedCities.length !== CITIES.length) {
      throw new Error(`analytics answered ${JSON.stringify(all.TopQuestions)} ${JSON.stringify(all.SearchedCities)}`);
    }
    return {
      database: kind,
      messages,
      seedSeconds,
      baseline90: await measure(count(ranges.days90)),
      days90: await measure(page(ranges.days90)),
      baseline30: await measure(count(ranges.days30)),
      days30: await measure(page(ranges.days30)),
      rating: await measureRating(db, bench.target.dataDir ?? tmpdir(), tenant),
    };
  } finally {
    await db.close();
    await bench.drop();
  }
}

export function analyticsRows(results: AnalyticsResult[]): string[][] {
  const ms = (v: number | null) => (v === null ? '—' : fixed(v, 1));
  const row = (name: string, l: Latency) => [name, ms(l.p50Ms), ms(l.p99Ms), ms(l.maxMs)];
  return results.flatMap((r) => {
    const of = `${r.messages.toLocaleString('en-US')} messages (${r.database}), ms`;
    return [
      row(`Analytics, 90 days, ${of}`, r.days90),
      row('  baseline: count of its messages, 90 days, ms', r.baseline90),
      row(`Analytics, 30 days, ${of}`, r.days30),
      row('  baseline: count of its messages, 30 days, ms', r.baseline30),
      row(`RateAnswer, one request (${r.database}), ms`, r.rating.rate),
      row('  baseline: GetMessages of its session, ms', r.rating.baseline),
    ];
  });
}

export function analyticsTargets(results: AnalyticsResult[]) {
  const of = (kind: Dialect) => results.find((r) => r.database === kind) ?? null;
  const target = (name: string, r: AnalyticsResult | null) => ({
    target: name,
    value: r?.days90.p99Ms ?? null,
    met: r ? r.messages >= 1_000_000 && (r.days90.p99Ms ?? Number.POSITIVE_INFINITY) <= 200 : null,
  });
  return {
    analyticsSqlite: target('Analytics p99 ≤ 200 ms, 1,000,000 messages over 90 days (SQLite)', of('sqlite')),
    analyticsPostgres: target('Analytics p99 ≤ 200 ms, 1,000,000 messages over 90 days (PostgreSQL)', of('postgres')),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = (process.argv[2] ?? 'sqlite') as Dialect;
  const messages = Number(process.argv[3] ?? 1_000_000);
  const r = await runAnalytics(kind, messages);
  console.log(`seeded ${messages} messages in ${fixed(r.seedSeconds, 1)} s`);
  console.log(['figure', 'p50', 'p99', 'max'].join(' | '));
  for (const row of analyticsRows([r])) console.log(row.join(' | '));
  process.exit(0);
}
