// The knowledge search figure: the passage answering a question (knowledge/search.ts, what the
// builtin engine calls) among 10,000 passages of one chatbot, in process, on each database.
// The baseline is one primary-key lookup on the same database, timed by the same loop.
import { sql } from 'kysely';
import type { Dialect } from '../src/db/connect.ts';
import { passagesOf } from '../src/knowledge/passages.ts';
import { insertSource } from '../src/knowledge/repo.ts';
import { knowledgeSearchFor } from '../src/knowledge/search.ts';
import { termsOf } from '../src/knowledge/terms.ts';
import { createBenchDb, createTenant } from './lib/databases.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { fixed } from './lib/table.ts';

export interface KnowledgeResult {
  database: Dialect;
  passages: number;
  seedSeconds: number;
  search: Latency;
  baseline: Latency;
}

const TOPICS = [
  'office hours',
  'buyer fees',
  'seller commission',
  'showings',
  'open houses',
  'pets in rentals',
  'parking',
  'inspections',
  'closing costs',
  'earnest money',
  'relocation',
  'property management',
  'leases',
  'maintenance requests',
  'security deposits',
  'HOA documents',
  'mortgage partners',
  'home warranties',
];
const CITIES = ['Austin', 'Dallas', 'Houston', 'Denver', 'Phoenix', 'Tampa', 'Boise', 'Raleigh', 'Tucson', 'Omaha'];
const WORDS = (
  'schedule appointment weekday weekend morning evening agent office downtown branch contract offer ' +
  'negotiate paperwork signature deadline deposit refund tenant landlord repair plumber electrician roof window ' +
  'garden fence driveway garage storage basement attic kitchen bathroom bedroom flooring carpet paint furnace ' +
  'cooling heating insulation solar battery charger internet cable trash recycling water sewer utility bill ' +
  'payment portal online phone email text message reply response hours minutes days weeks months annual'
).split(' ');

/** A deterministic pseudo-random sequence, so every run seeds the same text. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function sectionText(i: number, next: () => number): string {
  const pick = <T>(a: T[]) => a[Math.floor(next() * a.length)] as T;
  const topic = TOPICS[i % TOPICS.length] ?? '';
  const city = CITIES[Math.floor(i / TOPICS.length) % CITIES.length] ?? '';
  const sentences = Array.from({ length: 6 }, () =>
    `${Array.from({ length: 12 }, () => pick(WORDS)).join(' ')} in ${city}.`.replace(/^./, (c) => c.toUpperCase()),
  );
  return `# ${topic} in ${city} (${i})\n\n${sentences.join(' ')}`;
}

const QUESTIONS = [
  'What are your office hours in Austin?',
  'Do buyers pay fees in Dallas?',
  'How do I schedule a showing on a weekend?',
  'Are pets allowed in rentals in Denver?',
  'When is the security deposit refunded?',
  'Who pays closing costs in Phoenix?',
  'Can I pay my bill online through the portal?',
  'Do you have mortgage partners in Tampa?',
  'How fast do you reply to maintenance requests?',
  'Is there parking at the downtown office?',
  'What is the weather like on Mars?',
  'Do you speak Klingon?',
];

export async function runKnowledge(kind: Dialect, passages: number, rounds: number): Promise<KnowledgeResult> {
  const bench = await createBenchDb(kind);
  try {
    const db = bench.open();
    try {
      const tenant = await createTenant(db);
      const next = rng(42);
      const start = Date.now();
      const batch = 500;
      for (let from = 0; from < passages; from += batch) {
        await db.kysely.transaction().execute(async (trx) => {
          const text = Array.from({ length: Math.min(batch, passages - from) }, (_, j) =>
            sectionText(from + j, next),
          ).join('\n\n');
          const cut = passagesOf(text).map((p) => ({
            heading: p.heading,
            question: '',
            content: p.content,
            terms: termsOf(`${p.heading} ${p.content}`).join(' '),
            questionTerms: '',
          }));
          const source = { type: 'Text', name: `Bench ${from}`, value: '', length: text.length };
          await insertSource(trx, db.dialect, tenant.owner, source, cut, new Date());
        });
      }
      if (kind === 'postgres') await sql`analyze knowledge_passages`.execute(db.kysely);
      const seedSeconds = (Date.now() - start) / 1000;
      const search = knowledgeSearchFor(db.kysely, tenant.owner.workspaceId, tenant.owner.chatbotId);
      const lookup = () =>
        db.kysely.selectFrom('chatbots').select('id').where('id', '=', tenant.owner.chatbotId).executeTakeFirst();
      const time = async (fn: (question: string) => Promise<unknown>) => {
        const samples: number[] = [];
        for (let r = 0; r <= rounds; r++) {
          for (const q of QUESTIONS) {
            const t0 = performance.now();
            await fn(q);
            if (r > 0) samples.push(performance.now() - t0); // round 0 warms up
          }
        }
        return latencyOf(samples);
      };
      const searchLatency = await time((q) => search(q, 0.5));
      const baseline = await time(lookup);
      return { database: kind, passages, seedSeconds, search: searchLatency, baseline };
    } finally {
      await db.close();
    }
  } finally {
    await bench.drop();
  }
}

export function knowledgeRows(sqlite: KnowledgeResult | null, pg: KnowledgeResult | null): string[][] {
  const cells = (r: KnowledgeResult | null, p: 'p50Ms' | 'p99Ms') =>
    r ? [fixed(r.search[p], 2), fixed(r.baseline[p], 2), fixed(minus(r.search[p], r.baseline[p]), 2)] : ['—', '—', '—'];
  const n = (sqlite ?? pg)?.passages ?? 0;
  return [
    [`knowledge search p50 ms, ${n} passages`, ...cells(sqlite, 'p50Ms'), ...cells(pg, 'p50Ms')],
    ['  p99 ms', ...cells(sqlite, 'p99Ms'), ...cells(pg, 'p99Ms')],
  ];
}

export function knowledgeTargets(sqlite: KnowledgeResult | null, pg: KnowledgeResult | null) {
  const target = (name: string, r: KnowledgeResult | null) => {
    const met = r
      ? (r.search.p50Ms ?? Number.POSITIVE_INFINITY) <= 5 && (r.search.p99Ms ?? Number.POSITIVE_INFINITY) <= 20
      : null;
    return { target: name, value: r ? { p50: r.search.p50Ms, p99: r.search.p99Ms } : null, met };
  };
  return {
    knowledgeSqlite: target('knowledge search p50 ≤ 5 ms, p99 ≤ 20 ms with 10,000 passages (SQLite)', sqlite),
    knowledgePostgres: target('knowledge search p50 ≤ 5 ms, p99 ≤ 20 ms with 10,000 passages (PostgreSQL)', pg),
  };
}
