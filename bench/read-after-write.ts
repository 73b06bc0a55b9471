// Two Parlor instances on one PostgreSQL database (seeded with the bench's listings): rounds of
// "write a listing on A (create, update or delete), then read its city on B at once" — a
// RealEstateList page and a builtin count — with every List cached on B between rounds. A
// read that misses the write is counted as stale; the target is none. Bounded in rounds and
// time.
import { createBenchDb, createTenant, seedListings } from './lib/databases.ts';
import { benchListing } from './lib/listing-fields.ts';
import { freePort, type ServerProcess, startParlor } from './lib/server-process.ts';
import { LIST_PATH } from './listings.ts';

export interface ReadAfterWriteResult {
  listings: number;
  rounds: number;
  stale: number;
  firstStale?: string;
  /** Milliseconds from A's answer to B's List answer, p50. */
  readP50Ms: number | null;
}

const CITY = 'Freshwater';
const MAX_MS = 120_000;

export async function runReadAfterWrite(listings: number, rounds: number): Promise<ReadAfterWriteResult> {
  const bench = await createBenchDb('postgres');
  const servers: ServerProcess[] = [];
  try {
    const db = bench.open();
    let tenant: Awaited<ReturnType<typeof createTenant>>;
    try {
      tenant = await createTenant(db);
      await seedListings(db, tenant.owner, listings);
    } finally {
      await db.close();
    }
    for (let i = 0; i < 2; i++) servers.push(await startParlor({ port: await freePort(), ...bench.target }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const call = async <T>(s: ServerProcess, path: string, body: unknown): Promise<T> => {
      const res = await fetch(s.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tenant.apiKey },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { Success: boolean; Data: T; Message: string };
      if (!json.Success) throw new Error(`${path}: ${json.Message}`);
      return json.Data;
    };
    const serial = tenant.serial;
    const live = new Map<string, number>();
    const { SessionID } = await call<{ SessionID: number }>(b, '/chat/Chatbot/GetSession', { serialNumber: serial });
    let stale = 0;
    let firstStale: string | undefined;
    const reads: number[] = [];
    const deadline = performance.now() + MAX_MS;
    let done = 0;
    for (let round = 0; round < rounds && performance.now() < deadline; round++, done++) {
      // Cache the page on B first, so that the read below must not answer it. (Listings for
      // sale: i % 4 = 1 in benchListing.)
      await call(b, LIST_PATH, { SerialNumber: serial, CityName: CITY, PageSize: 100 });
      const op = live.size === 0 ? 0 : round % 3;
      const mls = [...live.keys()][round % Math.max(1, live.size)] ?? '';
      if (op === 0) {
        const body = {
          SerialNumber: serial,
          ...benchListing(round * 4 + 1, `RAW${round}-`),
          City: CITY,
          Status: 'Active' as const,
        };
        await call(a, '/chat/Chatbot/RealEstateCreate', body);
        live.set(body.MLSNumber ?? '', Number(body.SalePrice));
      } else if (op === 1) {
        const price = (live.get(mls) ?? 0) + 7;
        await call(a, '/chat/Chatbot/RealEstateUpdate', {
          SerialNumber: serial,
          Key: mls,
          KeyType: 'MLSNumber',
          SalePrice: price,
        });
        live.set(mls, price);
      } else {
        await call(a, '/chat/Chatbot/RealEstateDelete', { SerialNumber: serial, Keys: [mls], KeyType: 'MLSNumber' });
        live.delete(mls);
      }
      const t0 = performance.now();
      const page = await call<{ List: { MLSNumber: string; SalePrice: string }[]; VirtualCount: number }>(
        b,
        LIST_PATH,
        { SerialNumber: serial, CityName: CITY, PageSize: 100 },
      );
      reads.push(performance.now() - t0);
      const seen = page.List.map((l) => `${l.MLSNumber}=${Number(l.SalePrice)}`).sort();
      const expected = [...live].map(([m, p]) => `${m}=${p}`).sort();
      const answer = await call<{ content: string }>(b, '/chat/Chat/ClientAsk', {
        sessionID: SessionID,
        content: `How many homes are there in ${CITY}?`,
      });
      const counted = /We have (\d+)/.exec(answer.content)?.[1] ?? (/We have no /.test(answer.content) ? '0' : '?');
      if (seen.join() !== expected.join() || page.VirtualCount !== live.size || Number(counted) !== live.size) {
        stale++;
        firstStale ??= `round ${round}: List ${page.VirtualCount}, engine "${answer.content.slice(0, 60)}", expected ${live.size}`;
      }
    }
    reads.sort((x, y) => x - y);
    return {
      listings,
      rounds: done,
      stale,
      firstStale,
      readP50Ms: reads.length ? (reads[Math.floor(reads.length / 2)] ?? null) : null,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await bench.drop();
  }
}
