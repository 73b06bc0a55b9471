// `npm run bench:explain`: the query plans of RealEstateList, the builtin engine and
// RealEstateCreate over the bench's listings (BENCH_LISTINGS, default 100,000), on SQLite and
// PostgreSQL (BENCH_EXPLAIN_DBS=sqlite,postgres). Every query those paths run is captured as it
// runs (the result cache off), then explained: PostgreSQL `EXPLAIN (ANALYZE, BUFFERS)` (a write
// inside a transaction rolled back), SQLite `EXPLAIN QUERY PLAN` with the median of five timed
// runs. Prints each distinct query once, slowest first, with what ran it. bench/README.md keeps
// the plans that mattered.
import { CompiledQuery } from 'kysely';
import { createBuiltinEngine } from '../src/answer/builtin/engine.ts';
import { listingSearchFor } from '../src/answer/listing-search.ts';
import { saveSessionState, sessionState } from '../src/chat/repo.ts';
import { DEFAULT_SETTINGS } from '../src/chatbots/settings.ts';
import { connect, type Db, type Dialect } from '../src/db/connect.ts';
import { createListing, listListings } from '../src/listings/service.ts';
import { benchQuestions } from './engine-questions.ts';
import { createSessions } from './lib/databases.ts';
import { CITIES } from './lib/listing-fields.ts';
import { createRequest, seeded } from './listings.ts';

const listings = Number(process.env.BENCH_LISTINGS) || 100_000;
const kinds = (process.env.BENCH_EXPLAIN_DBS ?? 'sqlite,postgres').split(',') as Dialect[];

class RolledBack extends Error {}
const ignoreRollback = (err: unknown) => {
  if (!(err instanceof RolledBack)) throw err;
};

interface Captured {
  by: string;
  sql: string;
  parameters: readonly unknown[];
}

/** The List requests explained: the bench's, the whole chatbot, a narrowed search, a sort, the deepest page allowed. */
function listBodies(serial: string) {
  const base = { SerialNumber: serial, PageNumber: 1, PageSize: 20, SortBy: 'Newest' };
  return [
    { ...base, CityName: CITIES[0] },
    base,
    { ...base, CityName: CITIES[1], SaleType: 'for_sale', MinPrice: 200_000, MaxPrice: 500_000, MinBedrooms: 3 },
    { ...base, CityName: CITIES[2], SortBy: 'PriceAsc' },
    { ...base, SortBy: 'PriceDesc', Features: ['pool'] },
    { ...base, PageNumber: 1000, PageSize: 100 },
  ] as const;
}

async function capture(target: { dataDir?: string; databaseUrl?: string }, tenant: Tenant) {
  const captured = new Map<string, Captured>();
  let by = '';
  const db = connect({
    databaseUrl: target.databaseUrl ?? null,
    dataDir: target.dataDir ?? '',
    sqliteFile: 'parlor.db',
    log: (q) => {
      const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
      if (!captured.has(key)) captured.set(key, { by, sql: q.sql, parameters: q.parameters });
    },
  });
  try {
    const ctx = { db: db.kysely, workspaceId: tenant.owner.workspaceId, now: new Date() };
    for (const body of listBodies(tenant.serial)) {
      by = `RealEstateList ${JSON.stringify({ ...body, SerialNumber: undefined })}`;
      await listListings(ctx, body as Parameters<typeof listListings>[1]);
    }
    by = 'RealEstateCreate';
    // Rolled back, so that explaining the insert (which runs it) does not find it taken.
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        const body = createRequest(tenant.serial, 1, 'X') as Parameters<typeof createListing>[1];
        await createListing({ ...ctx, db: trx }, body);
        throw new RolledBack();
      })
      .catch(ignoreRollback);
    await engineQueries(db, tenant, (text) => {
      by = `engine: ${text}`;
    });
  } finally {
    await db.close();
  }
  return [...captured.values()];
}

type Tenant = Awaited<ReturnType<typeof seeded>>['tenant'];

async function engineQueries(db: Db, tenant: Tenant, asking: (text: string) => void) {
  const engine = createBuiltinEngine();
  const { workspaceId, chatbotId } = tenant.owner;
  const [sessionId = 0] = await createSessions(db, tenant.owner, 1);
  const uncached: Db = { ...db, generation: () => null };
  for (const [i, q] of benchQuestions(listings).entries()) {
    asking(q.text);
    await engine.answer(
      {
        chatbot: { id: chatbotId, workspaceId, serialNumber: tenant.serial, settings: { ...DEFAULT_SETTINGS } },
        sessionId,
        history: [],
        now: new Date(),
        signal: new AbortController().signal,
        listings: listingSearchFor(uncached, workspaceId, chatbotId),
        conversation: {
          load: () => sessionState(db.kysely, sessionId),
          save: (state) => saveSessionState(db.kysely, sessionId, state),
        },
        question: { id: i, content: q.text, askType: 'Text', fileIds: [] },
      },
      () => {},
    );
  }
}

interface Explained extends Captured {
  ms: number;
  plan: string;
}

async function explain(db: Db, kind: Dialect, q: Captured): Promise<Explained> {
  if (kind === 'postgres') {
    const lines: string[] = [];
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
        );
        lines.push(...r.rows.map((row) => row['QUERY PLAN']));
        throw new RolledBack();
      })
      .catch(ignoreRollback);
    const time = lines.find((l) => l.startsWith('Execution Time'));
    return { ...q, ms: Number(/([\d.]+) ms/.exec(time ?? '')?.[1] ?? 0), plan: lines.join('\n') };
  }
  const plan = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
  );
  const times: number[] = [];
  const write = !/^\s*(select|with)\b/i.test(q.sql);
  for (let i = 0; i < (write ? 0 : 5); i++) {
    const t0 = performance.now();
    await db.kysely.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ...q, ms: times[2] ?? 0, plan: plan.rows.map((r) => r.detail).join('\n') };
}

async function main() {
  for (const kind of kinds) {
    process.stderr.write(`explain: ${kind}, seeding ${listings} listings\n`);
    const { bench, tenant } = await seeded(kind, listings);
    try {
      const queries = await capture(bench.target, tenant);
      const db = bench.open();
      try {
        const explained: Explained[] = [];
        for (const q of queries) explained.push(await explain(db, kind, q));
        explained.sort((a, b) => b.ms - a.ms);
        console.log(`\n===== ${kind}, ${listings} listings: ${explained.length} distinct queries, slowest first =====`);
        for (const e of explained) {
          console.log(
            `\n--- ${e.ms.toFixed(2)} ms — ${e.by}\n${e.sql}\n-- parameters: ${JSON.stringify(e.parameters)}`,
          );
          console.log(e.plan);
        }
      } finally {
        await db.close();
      }
    } finally {
      await bench.drop();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
