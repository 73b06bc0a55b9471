// Each query of the analytics page alone (review/analytics.ts chatbotAnalytics runs them
// together), to find which one sets the page's time: the chatbot of bench/analytics.ts, its
// 90 days, 30 rounds each after one not measured, at most 30 s a query: p50, p99, max.
// Run alone: node --disable-warning=ExperimentalWarning bench/analytics-queries.ts [sqlite|postgres] [messages]
import { sql } from 'kysely';
import {
  handoffSlices,
  messageDays,
  messageSlices,
  questionTexts,
  ratingSlices,
  searchedValues,
  searchingSessions,
  unansweredTexts,
} from '../src/chat/index.ts';
import type { Dialect } from '../src/db/connect.ts';
import { leadSlices } from '../src/leads/index.ts';
import { chatbotAnalytics } from '../src/review/index.ts';
import { dayStart, showingSlices } from '../src/tours/index.ts';
import { benchDays, seed } from './analytics.ts';
import { createBenchDb } from './lib/databases.ts';
import { latencyOf } from './lib/stats.ts';
import { fixed } from './lib/table.ts';

const DAYS = 90;
const DAY = 86_400_000;
const ROUNDS = 30;
const MAX_MS = 30_000;
const TZ = 'America/Chicago';

const kind = (process.argv[2] ?? 'sqlite') as Dialect;
const messages = Number(process.argv[3] ?? 1_000_000);
const bench = await createBenchDb(kind);
const db = bench.open();
try {
  const { start, end } = benchDays();
  const t0 = performance.now();
  const { tenant } = await seed(db, messages, start);
  console.log(`seeded ${messages} messages (${kind}) in ${fixed((performance.now() - t0) / 1000, 1)} s`);
  if (kind === 'postgres') {
    await sql`vacuum (analyze) sessions, messages, listing_searches, leads, answer_ratings`.execute(db.kysely);
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const from = day(start);
  const to = day(end - DAY);
  const days = Array.from({ length: DAYS }, (_, i) => day(start + i * DAY));
  const bounds = days.map((d, i) => ({
    day: d,
    from: new Date(dayStart(d, TZ)).toISOString(),
    to: new Date(dayStart(days[i + 1] ?? day(end), TZ)).toISOString(),
  }));
  const { workspaceId, chatbotId } = tenant.owner;
  const scope = { workspaceId, chatbotId, from: bounds[0]?.from ?? '', to: bounds.at(-1)?.to ?? '' };
  const k = db.kysely;
  const queries: [string, () => Promise<unknown>][] = [
    [
      'whole page',
      () => chatbotAnalytics({ db, clock: () => new Date() }, workspaceId, { chatbot: tenant.serial, from, to }),
    ],
    ['messageSlices', () => messageSlices(k, scope)],
    ['messageDays (days off a slice only)', () => messageDays(k, scope, bounds)],
    ['handoffSlices', () => handoffSlices(k, scope)],
    ['ratingSlices', () => ratingSlices(k, scope)],
    ['questionTexts', () => questionTexts(k, scope, 200)],
    ['unansweredTexts', () => unansweredTexts(k, scope, 200)],
    ['searchedValues city', () => searchedValues(k, scope, 'city', 10)],
    ['searchedValues propertyType', () => searchedValues(k, scope, 'propertyType', 10)],
    ['searchedValues priceBand', () => searchedValues(k, scope, 'priceBand', 10)],
    ['searchingSessions', () => searchingSessions(k, scope)],
    ['leadSlices', () => leadSlices(k, scope)],
    ['showingSlices', () => showingSlices(k, scope)],
  ];
  console.log(['query, 90 days', 'p50 ms', 'p99 ms', 'max ms'].join(' | '));
  for (const [name, work] of queries) {
    await work();
    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < ROUNDS && performance.now() - started < MAX_MS; i++) {
      const t = performance.now();
      await work();
      samples.push(performance.now() - t);
    }
    const l = latencyOf(samples);
    const ms = (v: number | null) => (v === null ? '—' : fixed(v, 1));
    console.log([name, ms(l.p50Ms), ms(l.p99Ms), ms(l.maxMs)].join(' | '));
  }
} finally {
  await db.close();
  await bench.drop();
}
process.exit(0);
