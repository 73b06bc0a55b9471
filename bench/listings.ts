// The listings benchmark on one database: seed 100,000 listings over 50 cities, then load
// RealEstateList (a city, page 1 of 20) and RealEstateCreate (a unique listing per request)
// against a real `parlor serve` process.
import { sql } from 'kysely';
import type { Dialect } from '../src/db/connect.ts';
import type { Baseline } from './baseline.ts';
import { type BenchTenant, createBenchDb, createTenant, seedListings } from './lib/databases.ts';
import { benchListing, CITIES } from './lib/listing-fields.ts';
import { type LoadResult, measure } from './lib/load.ts';
import { freePort, startParlor } from './lib/server-process.ts';

export const LIST_PATH = '/chat/Chatbot/RealEstateList';
export const CREATE_PATH = '/chat/Chatbot/RealEstateCreate';

export interface ListingsOptions {
  listings: number;
  seconds: number;
  warmupSeconds: number;
}

export interface ListingsResult {
  database: Dialect;
  listings: number;
  seedSeconds: number;
  list: Step;
  create: Step;
}

/** One load step on Parlor and the same load on the baseline, run back to back. */
export interface Step {
  parlor: LoadResult;
  baseline: LoadResult;
  /** Parlor's successful requests/s over the baseline's. */
  ratio: number;
}

/** The i-th List request: page 1 of 20 in one of the 50 cities. */
export function listRequest(serial: string, i: number) {
  return { SerialNumber: serial, CityName: CITIES[i % CITIES.length], PageNumber: 1, PageSize: 20 };
}

/** The i-th Create request; MLSNumber and Url never repeat within a run. */
export function createRequest(serial: string, i: number, tag: string) {
  return { SerialNumber: serial, ...benchListing(i, tag) };
}

/** A fresh database with one chatbot holding `count` bench listings; the caller drops it. */
export async function seeded(kind: Dialect, count: number) {
  const bench = await createBenchDb(kind);
  const db = bench.open();
  let done = false;
  try {
    const tenant = await createTenant(db);
    const t0 = performance.now();
    await seedListings(db, tenant.owner, count);
    // PostgreSQL plans by table statistics, which autovacuum gathers within about a minute of
    // a bulk load. Right after one it has none, and RealEstateList ran at 24 req/s instead of
    // 640 (a city's count walked every listing through the wrong index). Autovacuum also
    // vacuums a table after many inserts (autovacuum_vacuum_insert_threshold), which marks its
    // pages all-visible, so that index-only scans (counts, deep pages) skip the table. The bench
    // measures that steady state, so it does both now, as `listings import` does after its load.
    if (kind === 'postgres') await sql`vacuum (analyze) listings`.execute(db.kysely);
    done = true;
    return { bench, tenant, seedSeconds: (performance.now() - t0) / 1000 };
  } finally {
    // SQLite: the server process opens the file next; this connection must be gone by then.
    await db.close();
    if (!done) await bench.drop();
  }
}

async function sampleAnswer(url: string, tenant: BenchTenant, perCity: number): Promise<string> {
  const res = await fetch(url + LIST_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: tenant.apiKey },
    body: JSON.stringify(listRequest(tenant.serial, 0)),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { Success: boolean; Data: { List: unknown[]; VirtualCount: number } };
  // A benchmark of wrong answers measures nothing: check the page before loading it.
  if (!body.Success || body.Data.List.length !== 20 || body.Data.VirtualCount !== perCity) {
    throw new Error(`unexpected RealEstateList answer: ${text.slice(0, 300)}`);
  }
  return text;
}

export async function runListings(kind: Dialect, opts: ListingsOptions, baseline: Baseline): Promise<ListingsResult> {
  const { bench, tenant, seedSeconds } = await seeded(kind, opts.listings);
  try {
    const server = await startParlor({ port: await freePort(), ...bench.target });
    try {
      await baseline.ensure(await sampleAnswer(server.url, tenant, Math.ceil(opts.listings / CITIES.length)));
      const step = async (path: string, body: (i: number) => unknown): Promise<Step> => {
        const spec = {
          path,
          body,
          headers: { authorization: tenant.apiKey },
          seconds: opts.seconds,
          warmupSeconds: opts.warmupSeconds,
        };
        const base = await baseline.measure(spec);
        const parlor = await measure({ ...spec, url: server.url, serverPid: server.child.pid });
        return { parlor, baseline: base, ratio: parlor.rps / base.rps };
      };
      const list = await step(LIST_PATH, (i) => listRequest(tenant.serial, i));
      const create = await step(CREATE_PATH, (i) => createRequest(tenant.serial, i, 'C'));
      return { database: kind, listings: opts.listings, seedSeconds, list, create };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await bench.drop();
  }
}
