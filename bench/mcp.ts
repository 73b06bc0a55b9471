// The MCP figure: search_listings over a chatbot's MCP server (POST /mcp/<serial>, the 2026
// stateless form: no initialize, no session) at 100,000 listings on each database, measured
// beside RealEstateList with the same filter (a city, 10 listings, newest first) in the same
// run, and beside the raw node:http baseline answering the MCP answer. Each answer is checked
// first (a benchmark of wrong answers measures nothing). Requests are timed by one client
// loop with 4 in flight, as the tours step does: p99 is what one assistant's calls see.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../src/db/connect.ts';
import { CITIES } from './lib/listing-fields.ts';
import { cpuMs } from './lib/process-cpu.ts';
import { freePort, type ServerProcess, startParlor, startProcess } from './lib/server-process.ts';
import { type Latency, latencyOf, minus } from './lib/stats.ts';
import { fixed } from './lib/table.ts';
import { seeded } from './listings.ts';

export interface McpResult {
  database: Dialect;
  listings: number;
  seedSeconds: number;
  search: Latency;
  list: Latency;
  baseline: Latency;
  /** Server CPU (user + system) per request over the measured run. */
  cpuMsPerRequest: { search: number | null; list: number | null; baseline: number | null };
}

const PAGE = 10;
/**
 * The cities whose listings are for sale or rent: every tenth bench listing is sold, and with 50
 * cities in rotation those of cities 0, 10, 20, … are all sold (search_listings shows active and
 * coming-soon ones unless asked, RealEstateList every status).
 */
const OPEN_CITIES = CITIES.filter((_, c) => c % 10 !== 0);
const IN_FLIGHT = 4;

async function timed(n: number, one: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const t0 = performance.now();
      await one(i);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return samples;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

const searchCall = (i: number) => ({
  jsonrpc: '2.0',
  id: i,
  method: 'tools/call',
  params: {
    name: 'search_listings',
    arguments: { city: OPEN_CITIES[i % OPEN_CITIES.length], limit: PAGE },
    _meta: { protocolVersion: '2026-07-28', clientInfo: { name: 'parlor-bench', version: '1' } },
  },
});
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28' };
const listBody = (serial: string, i: number) => ({
  SerialNumber: serial,
  CityName: OPEN_CITIES[i % OPEN_CITIES.length],
  PageNumber: 1,
  PageSize: PAGE,
});

export async function runMcp(kind: Dialect, listings: number, rounds: number): Promise<McpResult> {
  const { bench, tenant, seedSeconds } = await seeded(kind, listings);
  let server: ServerProcess | null = null;
  let baseline: ServerProcess | null = null;
  const answerFile = join(tmpdir(), `parlor-bench-mcp-${process.pid}-${kind}.json`);
  try {
    // The visitor limits count by address, and every request here comes from 127.0.0.1.
    server = await startParlor({
      port: await freePort(),
      ...bench.target,
      env: { PARLOR_LIMIT_QUESTIONS_PER_MINUTE: '0', PARLOR_LIMIT_CHATBOT_QUESTIONS_PER_MINUTE: '0' },
    });
    const api = { authorization: tenant.apiKey };
    await post(`${server.url}/chat/Chatbot/Edit`, api, { serialNumber: tenant.serial, EnableMcp: true });
    const mcpUrl = `${server.url}/mcp/${tenant.serial}`;
    const listUrl = `${server.url}/chat/Chatbot/RealEstateList`;

    // The same listings through both, for a city.
    const answer = await post(mcpUrl, MCP_HEADERS, searchCall(0));
    const found = JSON.parse(answer) as { result?: { structuredContent?: { listings: { MLSNumber: string }[] } } };
    const mcpMls = found.result?.structuredContent?.listings.map((l) => l.MLSNumber) ?? [];
    const listed = JSON.parse(await post(listUrl, api, listBody(tenant.serial, 0))) as {
      Data: { List: { MLSNumber: string }[] };
    };
    const expected = listed.Data.List.map((l) => l.MLSNumber);
    if (mcpMls.length !== PAGE || mcpMls.join() !== expected.join()) {
      throw new Error(`unexpected search_listings answer: ${answer.slice(0, 300)}`);
    }
    writeFileSync(answerFile, answer);
    baseline = await startProcess({
      args: ['bench/baseline-server.ts'],
      env: { BASELINE_BODY_FILE: answerFile },
      port: await freePort(),
      readyPath: '/',
    });
    const baseUrl = baseline.url;
    const measured = async (pid: number | undefined, one: (i: number) => Promise<void>) => {
      await timed(50, one);
      const before = cpuMs(pid);
      const latency = latencyOf(await timed(rounds, one));
      const after = cpuMs(pid);
      return { latency, cpu: before === null || after === null ? null : (after - before) / rounds };
    };
    const search = await measured(server.child.pid, (i) => post(mcpUrl, MCP_HEADERS, searchCall(i)).then(() => {}));
    const list = await measured(server.child.pid, (i) => post(listUrl, api, listBody(tenant.serial, i)).then(() => {}));
    const base = await measured(baseline.child.pid, (i) => post(baseUrl, MCP_HEADERS, searchCall(i)).then(() => {}));
    return {
      database: kind,
      listings,
      seedSeconds,
      search: search.latency,
      list: list.latency,
      baseline: base.latency,
      cpuMsPerRequest: { search: search.cpu, list: list.cpu, baseline: base.cpu },
    };
  } finally {
    await server?.stop('SIGTERM');
    await baseline?.stop('SIGTERM');
    await bench.drop();
  }
}

export function mcpRows(sqlite: McpResult | null, pg: McpResult | null): string[][] {
  const listings = (sqlite ?? pg)?.listings ?? 0;
  const cell = (r: McpResult | null, of: 'search' | 'list', p: 'p50Ms' | 'p99Ms') =>
    r ? [fixed(r[of][p], 1), fixed(r.baseline[p], 1), fixed(minus(r[of][p], r.baseline[p]), 1)] : ['—', '—', '—'];
  const cpu = (r: McpResult | null, of: 'search' | 'list') =>
    r
      ? [
          fixed(r.cpuMsPerRequest[of], 2),
          fixed(r.cpuMsPerRequest.baseline, 2),
          fixed(minus(r.cpuMsPerRequest[of], r.cpuMsPerRequest.baseline), 2),
        ]
      : ['—', '—', '—'];
  return [
    [
      `MCP search_listings, ${listings} listings, p50 ms`,
      ...cell(sqlite, 'search', 'p50Ms'),
      ...cell(pg, 'search', 'p50Ms'),
    ],
    ['  p99 ms', ...cell(sqlite, 'search', 'p99Ms'), ...cell(pg, 'search', 'p99Ms')],
    ['  server CPU ms/request', ...cpu(sqlite, 'search'), ...cpu(pg, 'search')],
    [`RealEstateList same filter, p50 ms`, ...cell(sqlite, 'list', 'p50Ms'), ...cell(pg, 'list', 'p50Ms')],
    ['  p99 ms', ...cell(sqlite, 'list', 'p99Ms'), ...cell(pg, 'list', 'p99Ms')],
    ['  server CPU ms/request', ...cpu(sqlite, 'list'), ...cpu(pg, 'list')],
  ];
}

export function mcpTargets(sqlite: McpResult | null, pg: McpResult | null) {
  const target = (name: string, r: McpResult | null) => ({
    target: name,
    value: r?.search.p99Ms ?? null,
    met: r ? (r.search.p99Ms ?? Number.POSITIVE_INFINITY) <= 30 : null,
  });
  return {
    mcpSearchSqlite: target('MCP search_listings p99 ≤ 30 ms at 100,000 listings (SQLite)', sqlite),
    mcpSearchPostgres: target('MCP search_listings p99 ≤ 30 ms at 100,000 listings (PostgreSQL)', pg),
  };
}

/** `node bench/mcp.ts`: the MCP step alone (BENCH_LISTINGS, BENCH_MCP_ROUNDS, BENCH_SKIP=postgres). */
if (import.meta.main) {
  const listings = Number(process.env.BENCH_LISTINGS) || 100_000;
  const rounds = Number(process.env.BENCH_MCP_ROUNDS) || 400;
  const sqlite = await runMcp('sqlite', listings, rounds);
  const pg = (process.env.BENCH_SKIP ?? '').includes('postgres') ? null : await runMcp('postgres', listings, rounds);
  for (const row of mcpRows(sqlite, pg)) console.log(row.join('\t'));
  for (const t of Object.values(mcpTargets(sqlite, pg)))
    console.log(`target ${t.target}: ${t.met ? 'met' : 'MISSED'} (${t.value})`);
}
