// A read that starts after a write was acknowledged sees it, on any instance (DESIGN §4):
// two Parlor processes on one PostgreSQL database; 200 rounds of a listing created,
// updated or deleted on A, then read at once on B through RealEstateList and a builtin
// question; then 200 more while a third client writes continuously. PostgreSQL only (SQLite is
// one process's database).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerProcess } from '../bench/lib/server-process.ts';
import { listingBody } from './factories.ts';
import { dbKind } from './harness.ts';
import { seedWorkspace, startInstances } from './instances.ts';

const onPostgres = dbKind === 'postgres';
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let apiKey = '';
let serial = '';

beforeAll(async () => {
  if (!onPostgres) return;
  const seeded = await seedWorkspace('Fresh Reads Realty', [{}]);
  apiKey = seeded.apiKey;
  serial = seeded.serials[0] ?? '';
  [a, b] = await startInstances(2);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
});

async function call<T>(server: ServerProcess | undefined, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { Data: T; Success: boolean; Message: string };
  if (!json.Success) throw new Error(`${path}: ${res.status} ${json.Message}`);
  return json.Data;
}

interface Live {
  mls: string;
  price: number;
}

/** One round's write on A; answers what B must then see. */
async function write(round: number, city: string, live: Live[]): Promise<string> {
  const op = live.length === 0 ? 0 : round % 3;
  if (op === 0) {
    const body = listingBody(serial, { City: city, SalePrice: 300_000 + round * 1_000 });
    await call(a, '/chat/Chatbot/RealEstateCreate', body);
    live.push({ mls: body.MLSNumber, price: body.SalePrice });
    return `created ${body.MLSNumber}`;
  }
  const target = live[round % live.length] as Live;
  if (op === 1) {
    target.price += 7;
    await call(a, '/chat/Chatbot/RealEstateUpdate', {
      SerialNumber: serial,
      Key: target.mls,
      KeyType: 'MLSNumber',
      SalePrice: target.price,
    });
    return `updated ${target.mls} to ${target.price}`;
  }
  await call(a, '/chat/Chatbot/RealEstateDelete', { SerialNumber: serial, Keys: [target.mls], KeyType: 'MLSNumber' });
  live.splice(live.indexOf(target), 1);
  return `deleted ${target.mls}`;
}

/** B's reads right after: the list of the city, and the builtin engine's count of it. */
async function readBack(city: string, live: Live[], what: string): Promise<void> {
  const list = await call<{ List: { MLSNumber: string; SalePrice: string }[]; VirtualCount: number }>(
    b,
    '/chat/Chatbot/RealEstateList',
    { SerialNumber: serial, CityName: city, PageSize: 100 },
  );
  const seen = new Map(list.List.map((l) => [l.MLSNumber, Number(l.SalePrice)]));
  const expected = new Map(live.map((l) => [l.mls, l.price]));
  expect(seen, `after ${what}`).toEqual(expected);
  expect(list.VirtualCount, `after ${what}`).toBe(live.length);
  const { SessionID } = await call<{ SessionID: number }>(b, '/chat/Chatbot/GetSession', { serialNumber: serial });
  const answer = await call<{ content: string }>(b, '/chat/Chat/ClientAsk', {
    sessionID: SessionID,
    content: `How many homes are there in ${city}?`,
  });
  const count = /We have (\d+)/.exec(answer.content)?.[1];
  expect(
    Number(count ?? (/We have no /.test(answer.content) ? 0 : Number.NaN)),
    `after ${what}: ${answer.content}`,
  ).toBe(live.length);
}

async function rounds(n: number, city: string): Promise<void> {
  const live: Live[] = [];
  for (let round = 0; round < n; round++) {
    const what = await write(round, city, live);
    await readBack(city, live, what);
  }
}

it.skipIf(!onPostgres)(
  '200 rounds: a write on A is seen by the next read on B (List and a builtin question)',
  async () => {
    await rounds(200, 'Freshwater');
  },
  120_000,
);

it.skipIf(!onPostgres)(
  'the same while a third client writes continuously',
  async () => {
    let writing = true;
    let written = 0;
    const noise = (async () => {
      const deadline = Date.now() + 100_000;
      while (writing && written < 20_000 && Date.now() < deadline) {
        const server = written % 2 === 0 ? a : b;
        await call(server, '/chat/Chatbot/RealEstateCreate', listingBody(serial, { City: 'Busytown' }));
        written++;
      }
    })();
    try {
      await rounds(200, 'Stillwater');
    } finally {
      writing = false;
      await noise;
    }
    expect(written).toBeGreaterThan(50);
  },
  150_000,
);
