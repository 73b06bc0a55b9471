// `npm run bench`: runs every benchmark, prints a table, writes bench/results.json.
// Each figure is measured beside the raw node:http baseline in the same run (DESIGN §5).
// Knobs: BENCH_SECONDS (load per step, default 10), BENCH_WARMUP (default 2),
// BENCH_LISTINGS (default 100000), BENCH_PG_URL (admin URL; the bench creates and drops its
// own database), BENCH_SKIP (comma-separated: listings, postgres, import, chat, engine, console,
// knowledge, tours, mcp, privacy, analytics, raw: the two-instance read-after-write check),
// BENCH_PRIVACY_MESSAGES (the privacy step's workspace, default 1000000),
// BENCH_ANALYTICS_MESSAGES (the analytics step's chatbot, default 1000000),
// BENCH_CONSOLE_SESSIONS (sessions behind the console's inbox, default 100000),
// BENCH_STREAM_INTERVAL_MS / BENCH_OPEN_INTERVAL_MS (the fake provider's pace, see README),
// BENCH_NODE_ARGS (extra Node flags for the servers it starts, such as --cpu-prof).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsResult, analyticsRows, analyticsTargets, runAnalytics } from './analytics.ts';
import { Baseline } from './baseline.ts';
import { type ChatResult, runChat } from './chat.ts';
import { type ConsoleResult, consoleRows, consoleTargets, runConsole } from './console.ts';
import { type EngineResult, runEngine } from './engine.ts';
import { type ImportResult, runImport } from './import.ts';
import { type KnowledgeResult, knowledgeRows, knowledgeTargets, runKnowledge } from './knowledge.ts';
import { type PdfExtractionResult, pdfRows, pdfTarget, runPdfExtraction } from './knowledge-pdf.ts';
import { postgresAvailable } from './lib/databases.ts';
import { eventLoopFigures, withEventLoop } from './lib/event-loop.ts';
import { CONNECTIONS } from './lib/load.ts';
import { ROOT } from './lib/server-process.ts';
import type { Latency } from './lib/stats.ts';
import { fixed, formatTable, percent } from './lib/table.ts';
import { type ListingsResult, runListings, type Step } from './listings.ts';
import { type McpResult, mcpRows, mcpTargets, runMcp } from './mcp.ts';
import { type PrivacyResult, privacyRows, privacyTargets, runPrivacy } from './privacy.ts';
import { type ReadAfterWriteResult, runReadAfterWrite } from './read-after-write.ts';
import { chatRows, engineRows, engineTargets, issue3Targets, issue3Warnings, slowestQuestions } from './report.ts';
import { scaleTargets } from './scale-targets.ts';
import { runTours, type ToursResult, toursRows, toursTargets } from './tours.ts';

function numberEnv(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const seconds = numberEnv('BENCH_SECONDS', 10);
const warmupSeconds = numberEnv('BENCH_WARMUP', 2);
const listings = numberEnv('BENCH_LISTINGS', 100_000);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

/** Rows for one step: throughput, latency, and server CPU per request, each beside the baseline. */
function stepRows(name: string, unit: string, steps: (Step | undefined)[]): string[][] {
  const cells = (f: (s: Step) => string[]) => steps.flatMap((s) => (s ? f(s) : ['—', '—', '—']));
  const cpuRatio = (s: Step) =>
    s.parlor.cpuMsPerRequest && s.baseline.cpuMsPerRequest
      ? s.baseline.cpuMsPerRequest / s.parlor.cpuMsPerRequest
      : null;
  return [
    [`${name} ${unit}`, ...cells((s) => [fixed(s.parlor.rps), fixed(s.baseline.rps), percent(s.ratio)])],
    ['  p50 ms', ...cells((s) => [fixed(s.parlor.p50Ms, 1), fixed(s.baseline.p50Ms, 1), ''])],
    ['  p99 ms', ...cells((s) => [fixed(s.parlor.p99Ms, 1), fixed(s.baseline.p99Ms, 1), ''])],
    [
      '  server CPU ms/request',
      ...cells((s) => [fixed(s.parlor.cpuMsPerRequest, 3), fixed(s.baseline.cpuMsPerRequest, 3), percent(cpuRatio(s))]),
    ],
  ];
}

const importCell = (imp: ImportResult | null) =>
  imp ? (imp.status === 'ok' ? fixed(imp.seconds, 1) : imp.status) : 'skipped';

function table(sqlite: ListingsResult | null, pg: ListingsResult | null, imports: Imports): string {
  const { parlor, reso } = imports;
  const ratio = parlor?.seconds && reso?.seconds ? fixed(reso.seconds / parlor.seconds, 2) : '';
  const rows = [
    ...stepRows('RealEstateList', 'req/s', [sqlite?.list, pg?.list]),
    ...stepRows('RealEstateCreate', '/s', [sqlite?.create, pg?.create]),
    [`seed ${listings} listings, s`, fixed(sqlite?.seedSeconds, 1), '', '', fixed(pg?.seedSeconds, 1), '', ''],
    [`listings import ${listings}, s`, importCell(parlor), '', '', '', '', ''],
    [`listings import ${listings} RESO CSV, s`, importCell(reso), importCell(parlor), ratio, '', '', ''],
  ];
  const header = ['figure', 'sqlite', 'baseline', 'ratio', 'postgres', 'baseline', 'ratio'];
  return formatTable(header, rows);
}

/** The import in Parlor's names, and of an MLS feed in RESO's (its baseline is the first). */
interface Imports {
  parlor: ImportResult | null;
  reso: ImportResult | null;
}

const within20s = (imp: ImportResult | null) =>
  imp?.status === 'ok' && imp.seconds !== null ? imp.seconds <= 20 : imp ? false : null;

function targets(sqlite: ListingsResult | null, imports: Imports) {
  const list = sqlite?.list;
  const create = sqlite?.create.parlor.rps ?? null;
  return {
    listThroughput: {
      target: 'RealEstateList ≥ 35% of baseline req/s (SQLite)',
      value: list?.ratio ?? null,
      met: list ? list.ratio >= 0.35 : null,
    },
    listP99: {
      target: 'RealEstateList p99 ≤ 30 ms (SQLite)',
      value: list?.parlor.p99Ms ?? null,
      met: list ? list.parlor.p99Ms <= 30 : null,
    },
    createThroughput: {
      target: 'RealEstateCreate ≥ 1,500/s (SQLite)',
      value: create,
      met: create === null ? null : create >= 1500,
    },
    import: {
      target: `listings import of ${listings} rows ≤ 20 s (SQLite)`,
      value: imports.parlor?.seconds ?? null,
      met: within20s(imports.parlor),
    },
    importReso: {
      target: `listings import of ${listings} RESO CSV rows ≤ 20 s (SQLite)`,
      value: imports.reso?.seconds ?? null,
      met: within20s(imports.reso),
    },
  };
}

function failures(r: ListingsResult | null): string[] {
  if (!r) return [];
  return (['list', 'create'] as const)
    .map((name) => [name, r[name].parlor] as const)
    .filter(([, l]) => l.non2xx || l.errors)
    .map(([name, l]) => `${r.database} ${name}: ${l.non2xx} non-2xx, ${l.errors} errors`);
}

async function main() {
  log(`${listings} listings, ${CONNECTIONS} connections, ${seconds} s per step (+${warmupSeconds} s warm-up)`);
  const loadBefore = loadavg()[0];
  const baseline = new Baseline();
  let sqlite: ListingsResult | null = null;
  let pg: ListingsResult | null = null;
  const withPg = !skip.has('postgres') && (await postgresAvailable());
  if (!withPg) log(`postgres: ${skip.has('postgres') ? 'skipped' : 'not reachable, skipped'}`);
  try {
    if (skip.has('listings')) log('listings: skipped');
    else {
      log('sqlite: seeding and loading');
      sqlite = await withEventLoop('listings sqlite', () =>
        runListings('sqlite', { listings, seconds, warmupSeconds }, baseline),
      );
      if (withPg) {
        log('postgres: seeding and loading');
        pg = await withEventLoop('listings postgres', () =>
          runListings('postgres', { listings, seconds, warmupSeconds }, baseline),
        );
      }
    }
  } finally {
    await baseline.stop();
  }
  let raw: ReadAfterWriteResult | null = null;
  if (withPg && !skip.has('raw')) {
    log('postgres: two instances, read after write');
    raw = await withEventLoop('read after write', () => runReadAfterWrite(10_000, 300));
  }
  const imports: Imports = { parlor: null, reso: null };
  if (!skip.has('import')) {
    log('import: running the CLI, a JSON file in Parlor names, then a RESO CSV');
    imports.parlor = await withEventLoop('import', () => runImport('sqlite', listings, 'parlor'));
    imports.reso = await withEventLoop('import RESO', () => runImport('sqlite', listings, 'reso'));
  }
  let chat: ChatResult | null = null;
  if (!skip.has('chat')) {
    log('chat: TTFB at 100 streams, then 1,000 open streams (sqlite)');
    // Answers are 200 fragments: 20 ms apart (50 a second, a fast model's pace) for TTFB;
    // 100 ms apart for the open streams, so each stays open ~20 s (~10 s in a quick run).
    const streamIntervalMs = numberEnv('BENCH_STREAM_INTERVAL_MS', 20);
    const openIntervalMs = numberEnv('BENCH_OPEN_INTERVAL_MS', seconds >= 10 ? 100 : 50);
    const opts = { seconds, warmupSeconds, streams: 100, streamIntervalMs, openStreams: 1000, openIntervalMs };
    chat = await withEventLoop('chat', () => runChat('sqlite', opts));
  }
  const engines: { sqlite: EngineResult | null; postgres: EngineResult | null } = { sqlite: null, postgres: null };
  if (!skip.has('engine')) {
    const engineOpts = { listings, rounds: Math.max(3, Math.round(seconds * 2.5)), httpRounds: Math.max(1, seconds) };
    log('engine: sqlite');
    engines.sqlite = await withEventLoop('engine sqlite', () => runEngine('sqlite', engineOpts));
    if (withPg) {
      log('engine: postgres');
      engines.postgres = await withEventLoop('engine postgres', () => runEngine('postgres', engineOpts));
    }
  }

  const consoles: { sqlite: ConsoleResult | null; postgres: ConsoleResult | null } = { sqlite: null, postgres: null };
  if (!skip.has('console')) {
    const sessions = numberEnv('BENCH_CONSOLE_SESSIONS', 100_000);
    const rounds = Math.max(50, seconds * 20);
    log(`console: inbox with ${sessions} sessions, agent reply to a subscription (sqlite)`);
    consoles.sqlite = await withEventLoop('console sqlite', () => runConsole('sqlite', sessions, rounds));
    if (withPg) {
      log('console: postgres, two instances');
      consoles.postgres = await withEventLoop('console postgres', () => runConsole('postgres', sessions, rounds));
    }
  }

  const knowledge: { sqlite: KnowledgeResult | null; postgres: KnowledgeResult | null } = {
    sqlite: null,
    postgres: null,
  };
  let pdf: PdfExtractionResult | null = null;
  if (!skip.has('knowledge')) {
    const rounds = Math.max(3, seconds);
    log('knowledge: search over 10,000 passages (sqlite)');
    knowledge.sqlite = await withEventLoop('knowledge sqlite', () => runKnowledge('sqlite', 10_000, rounds));
    if (withPg) {
      log('knowledge: postgres');
      knowledge.postgres = await withEventLoop('knowledge postgres', () => runKnowledge('postgres', 10_000, rounds));
    }
    log('knowledge: a 100-page PDF read by a running server');
    pdf = await withEventLoop('knowledge PDF', () => runPdfExtraction(100));
  }

  const tours: { sqlite: ToursResult | null; postgres: ToursResult | null } = { sqlite: null, postgres: null };
  if (!skip.has('tours')) {
    const rounds = Math.max(200, seconds * 40);
    log('tours: GetTourSlots with 5,000 future bookings (sqlite)');
    tours.sqlite = await withEventLoop('tours sqlite', () => runTours('sqlite', 5000, rounds));
    if (withPg) {
      log('tours: postgres');
      tours.postgres = await withEventLoop('tours postgres', () => runTours('postgres', 5000, rounds));
    }
  }

  const mcp: { sqlite: McpResult | null; postgres: McpResult | null } = { sqlite: null, postgres: null };
  if (!skip.has('mcp')) {
    const rounds = Math.max(200, seconds * 40);
    log(`mcp: search_listings over MCP beside RealEstateList, ${listings} listings (sqlite)`);
    mcp.sqlite = await withEventLoop('mcp sqlite', () => runMcp('sqlite', listings, rounds));
    if (withPg) {
      log('mcp: postgres');
      mcp.postgres = await withEventLoop('mcp postgres', () => runMcp('postgres', listings, rounds));
    }
  }

  const privacy: PrivacyResult[] = [];
  if (!skip.has('privacy')) {
    const messages = Number(process.env.BENCH_PRIVACY_MESSAGES ?? 1_000_000);
    // The erasures' figures are logged as soon as they are measured: the sweep after them takes minutes.
    const progress = (kind: string) => ({
      seeded: (s: number) => log(`privacy ${kind}: seeded in ${s.toFixed(1)} s`),
      erased: (e: Latency) =>
        log(`privacy ${kind}: EraseVisitor p50 ${e.p50Ms?.toFixed(1)} ms, p99 ${e.p99Ms?.toFixed(1)} ms; sweeping`),
    });
    log(`privacy: EraseVisitor and the retention sweep over ${messages} messages (sqlite)`);
    privacy.push(await withEventLoop('privacy sqlite', () => runPrivacy('sqlite', messages, progress('sqlite'))));
    if (withPg) {
      log('privacy: postgres');
      privacy.push(
        await withEventLoop('privacy postgres', () => runPrivacy('postgres', messages, progress('postgres'))),
      );
    }
  }

  const analytics: AnalyticsResult[] = [];
  if (!skip.has('analytics')) {
    const messages = Number(process.env.BENCH_ANALYTICS_MESSAGES ?? 1_000_000);
    log(`analytics: the Analytics page's queries over ${messages} messages in 90 days (sqlite)`);
    analytics.push(await withEventLoop('analytics sqlite', () => runAnalytics('sqlite', messages)));
    if (withPg) {
      log('analytics: postgres');
      analytics.push(await withEventLoop('analytics postgres', () => runAnalytics('postgres', messages)));
    }
  }

  console.log(table(sqlite, pg, imports));
  for (const imp of [imports.parlor, imports.reso]) {
    if (imp && imp.status !== 'ok') console.log(`import ${imp.format}: ${imp.status} (${imp.message})`);
  }
  console.log('');
  const header = ['figure', 'sqlite', 'baseline', 'added', 'postgres', 'baseline', 'added'];
  console.log(formatTable(header, [...chatRows(chat), ...engineRows(engines.sqlite, engines.postgres)]));
  const extra = [
    ...consoleRows(consoles.sqlite, consoles.postgres),
    ...knowledgeRows(knowledge.sqlite, knowledge.postgres),
    ...pdfRows(pdf),
    ...(tours.sqlite || tours.postgres ? toursRows(tours.sqlite, tours.postgres) : []),
    ...(mcp.sqlite || mcp.postgres ? mcpRows(mcp.sqlite, mcp.postgres) : []),
  ];
  if (
    consoles.sqlite ||
    consoles.postgres ||
    knowledge.sqlite ||
    knowledge.postgres ||
    tours.sqlite ||
    tours.postgres ||
    mcp.sqlite ||
    mcp.postgres
  ) {
    console.log('');
    console.log(formatTable(header, extra));
  }
  if (privacy.length) {
    console.log('');
    console.log(formatTable(['figure', 'p50', 'p99', 'max'], privacyRows(privacy)));
  }
  if (analytics.length) {
    console.log('');
    console.log(formatTable(['figure', 'p50', 'p99', 'max'], analyticsRows(analytics)));
  }
  console.log('');
  console.log(
    formatTable(
      ['event-loop delay by step', 'server p99 ms', 'server max ms', 'bench process p99 ms'],
      eventLoopFigures.map((f) => [f.step, fixed(f.serverP99Ms, 1), fixed(f.serverMaxMs, 1), fixed(f.benchP99Ms, 1)]),
    ),
  );
  const met = {
    ...targets(sqlite, imports),
    ...issue3Targets(chat, engines.sqlite),
    ...engineTargets(engines),
    ...consoleTargets(consoles.sqlite, consoles.postgres),
    ...knowledgeTargets(knowledge.sqlite, knowledge.postgres),
    ...pdfTarget(pdf),
    ...toursTargets(tours.sqlite, tours.postgres),
    ...mcpTargets(mcp.sqlite, mcp.postgres),
    ...privacyTargets(privacy),
    ...analyticsTargets(analytics),
    ...scaleTargets({ sqlite, postgres: pg }, engines, raw),
  };
  for (const t of Object.values(met)) {
    console.log(`target ${t.target}: ${t.met === null ? 'not measured' : t.met ? 'met' : 'MISSED'}`);
  }
  const warnings = [...failures(sqlite), ...failures(pg), ...issue3Warnings(chat, [engines.sqlite, engines.postgres])];
  for (const f of warnings) console.log(`warning: ${f}`);
  if (raw) {
    console.log(
      `read after write (postgres, two instances, ${raw.listings} listings): ${raw.rounds} rounds, ${raw.stale} stale, List on B p50 ${raw.readP50Ms?.toFixed(1)} ms${raw.firstStale ? `; first stale: ${raw.firstStale}` : ''}`,
    );
  }
  for (const e of [engines.sqlite, engines.postgres]) {
    const line = slowestQuestions(e);
    if (line) console.log(line);
  }
  const loadAfter = loadavg()[0];
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
  );

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    loadAverage: { before: loadBefore, after: loadAfter },
    connections: CONNECTIONS,
    secondsPerStep: seconds,
    warmupSeconds,
    baselineAnswerBytes: baseline.answerBytes,
    sqlite,
    postgres: pg,
    import: imports,
    readAfterWrite: raw,
    chat,
    engine: engines,
    console: consoles,
    knowledge: { ...knowledge, pdf },
    eventLoop: eventLoopFigures,
    tours,
    mcp,
    privacy,
    analytics,
    targets: met,
  };
  writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('wrote bench/results.json');
  // The figures are written: a handle a step left open (a pool, a socket, a child) must not keep
  // the process waiting. The timer does not itself keep it alive, so it fires only then.
  setTimeout(() => {
    log(`ending: still open after the run: ${process.getActiveResourcesInfo().join(', ')}`);
    process.exit(0);
  }, 10_000).unref();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
