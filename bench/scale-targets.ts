// The scale-out targets: PostgreSQL's reads near SQLite's, across instances, and both databases
// at 1,000,000 listings (measured only when BENCH_LISTINGS is that large).
import type { EngineResult } from './engine.ts';
import type { ListingsResult } from './listings.ts';
import type { ReadAfterWriteResult } from './read-after-write.ts';
import type { Target } from './report.ts';

const MILLION = 1_000_000;
const le = (v: number | null | undefined, max: number) => (v === null || v === undefined ? null : v <= max);
const worstP99 = (perQuestion: EngineResult['perQuestion'] | undefined) =>
  perQuestion ? Math.max(...Object.values(perQuestion).map((q) => q.p99Ms ?? 0)) : null;

export function scaleTargets(
  listings: { sqlite: ListingsResult | null; postgres: ListingsResult | null },
  engines: { sqlite: EngineResult | null; postgres: EngineResult | null },
  raw: ReadAfterWriteResult | null,
): Record<string, Target> {
  const pg = listings.postgres;
  const e = engines.postgres;
  const out: Record<string, Target> = {
    pgListThroughput: {
      target: 'RealEstateList ≥ 30% of baseline req/s (PostgreSQL)',
      value: pg?.list.ratio ?? null,
      met: pg ? pg.list.ratio >= 0.3 : null,
    },
    pgListP99: {
      target: 'RealEstateList p99 ≤ 30 ms (PostgreSQL)',
      value: pg?.list.parlor.p99Ms ?? null,
      met: le(pg?.list.parlor.p99Ms, 30),
    },
    pgCreate: {
      target: 'RealEstateCreate ≥ 3,000/s (PostgreSQL)',
      value: pg?.create.parlor.rps ?? null,
      met: pg ? pg.create.parlor.rps >= 3000 : null,
    },
    pgEngineEveryQuestion: {
      target: 'builtin engine p99 ≤ 30 ms for every bench question (PostgreSQL, as served)',
      value: worstP99(e?.perQuestion),
      met: le(worstP99(e?.perQuestion), 30),
    },
    pgEngineEveryQuestionUncached: {
      target: 'builtin engine p99 ≤ 30 ms for every bench question (PostgreSQL, cache off)',
      value: worstP99(e?.uncachedPerQuestion),
      met: le(worstP99(e?.uncachedPerQuestion), 30),
    },
    readAfterWrite: {
      target: `two instances: every read after a write on the other sees it (PostgreSQL, ${raw?.rounds ?? 0} rounds)`,
      value: raw?.stale ?? null,
      met: raw ? raw.stale === 0 && raw.rounds > 0 : null,
    },
  };
  for (const [db, name] of [
    ['sqlite', 'SQLite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    const l = listings[db];
    const en = engines[db];
    const big = (n: number | undefined) => (n !== undefined && n >= MILLION ? true : null);
    out[`millionList_${db}`] = {
      target: `RealEstateList p99 ≤ 30 ms at 1,000,000 listings (${name})`,
      value: l?.list.parlor.p99Ms ?? null,
      met: big(l?.listings) && le(l?.list.parlor.p99Ms, 30),
    };
    out[`millionEngine_${db}`] = {
      target: `builtin engine p50 ≤ 10 ms at 1,000,000 listings (${name})`,
      value: en?.inProcess.p50Ms ?? null,
      met: big(en?.listings) && le(en?.inProcess.p50Ms, 10),
    };
  }
  return out;
}
