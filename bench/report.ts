// Rows, targets and warnings of the issue-3 benchmarks (chat streaming, builtin engine)
// for run.ts's second table.
import type { ChatResult } from './chat.ts';
import type { EngineResult } from './engine.ts';
import { fixed } from './lib/table.ts';

export interface Target {
  target: string;
  value: number | null;
  met: boolean | null;
}

const ms = (n: number | null | undefined) => fixed(n, 1);
const mb = (n: number | null | undefined) => fixed(n, 0);

export function chatRows(c: ChatResult | null): string[][] {
  if (!c) return [['chat streaming', 'skipped', '', '', '', '', '']];
  const { ttfb: t, open: o } = c;
  const row = (name: string, cells: string[]) => [name, ...cells, '', '', ''];
  return [
    row(`TTFB p50 ms, ${t.streams} streams`, [ms(t.parlor.p50Ms), ms(t.direct.p50Ms), ms(t.addedP50Ms)]),
    row(`TTFB p99 ms, ${t.streams} streams`, [ms(t.parlor.p99Ms), ms(t.direct.p99Ms), ms(t.addedP99Ms)]),
    row('  streams measured', [String(t.parlor.samples), String(t.direct.samples), '']),
    row('  server CPU ms/stream', [fixed(t.parlor.cpuMsPerStream, 2), fixed(t.direct.cpuMsPerStream, 2), '']),
    row(`RSS MB peak, ${o.streams} streams`, [mb(o.peakRssMb), mb(o.baselineIdleRssMb), '']),
    row('  RSS MB idle', [mb(o.idleRssMb), mb(o.baselineIdleRssMb), '']),
    row('  RSS MB before the streams', [mb(o.beforeRssMb), '', '']),
    row('  RSS MB with all open', [mb(o.allOpenRssMb), '', '']),
    row('  streams open at once', [`${o.peakOpen}/${o.streams}`, '', '']),
    row('  seconds to open all', [fixed(o.secondsToOpenAll, 1), '', '']),
  ];
}

export function engineRows(sqlite: EngineResult | null, pg: EngineResult | null): string[][] {
  if (!sqlite) return [['builtin engine', 'skipped', '', '', '', '', '']];
  const both = (f: (e: EngineResult) => string[]) => [...f(sqlite), ...(pg ? f(pg) : ['—', '—', '—'])];
  return [
    [`engine answer p50 ms, ${sqlite.listings} listings`, ...both((e) => [ms(e.inProcess.p50Ms), '', ''])],
    ['  p99 ms', ...both((e) => [ms(e.inProcess.p99Ms), '', ''])],
    ['  cache off: p50 ms', ...both((e) => [ms(e.uncached.p50Ms), '', ''])],
    ['  cache off: p99 ms', ...both((e) => [ms(e.uncached.p99Ms), '', ''])],
    ['ClientAsk builtin p50 ms', ...both((e) => [ms(e.http.p50Ms), ms(e.fixedAnswer.p50Ms), ms(e.addedP50Ms)])],
    ['  p99 ms', ...both((e) => [ms(e.http.p99Ms), ms(e.fixedAnswer.p99Ms), ''])],
    ['  raw node:http p50 ms', ...both((e) => [ms(e.raw.p50Ms), '', ''])],
  ];
}

export function issue3Targets(chat: ChatResult | null, engine: EngineResult | null): Record<string, Target> {
  const t = chat?.ttfb;
  const o = chat?.open;
  const le = (v: number | null | undefined, max: number) => (v === null || v === undefined ? null : v <= max);
  const allOpen = o ? o.peakOpen === o.streams : null;
  return {
    ttfbP50: {
      target: 'TTFB added p50 ≤ 5 ms at 100 streams (SQLite)',
      value: t?.addedP50Ms ?? null,
      met: le(t?.addedP50Ms, 5),
    },
    ttfbP99: {
      target: 'TTFB added p99 ≤ 20 ms at 100 streams (SQLite)',
      value: t?.addedP99Ms ?? null,
      met: le(t?.addedP99Ms, 20),
    },
    openStreams: {
      target: `${o?.streams ?? 1000} streams open at once with RSS ≤ 300 MB (SQLite)`,
      value: o?.peakRssMb ?? null,
      met: allOpen === null ? null : allOpen && le(o?.peakRssMb, 300) === true,
    },
    engineP50: {
      target: 'builtin engine answer p50 ≤ 10 ms over 100,000 listings (SQLite, in process)',
      value: engine?.inProcess.p50Ms ?? null,
      met: le(engine?.inProcess.p50Ms, 10),
    },
  };
}

/** The engine with its conversation state, p50 ≤ 10 ms and p99 ≤ 30 ms on both databases. */
export function engineTargets(engines: { sqlite: EngineResult | null; postgres: EngineResult | null }) {
  const out: Record<string, Target> = {};
  for (const [db, e] of Object.entries(engines)) {
    if (!e) continue;
    const name = db === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const p99 = e.inProcess.p99Ms;
    out[`engineP99_${db}`] = {
      target: `builtin engine answer p99 ≤ 30 ms with conversation state (${name}, in process)`,
      value: p99,
      met: p99 === null ? null : p99 <= 30,
    };
    if (db !== 'sqlite') {
      const p50 = e.inProcess.p50Ms;
      out[`engineP50_${db}`] = {
        target: `builtin engine answer p50 ≤ 10 ms with conversation state (${name}, in process)`,
        value: p50,
        met: p50 === null ? null : p50 <= 10,
      };
    }
  }
  return out;
}

export function issue3Warnings(chat: ChatResult | null, engines: (EngineResult | null)[]): string[] {
  const out: string[] = [];
  if (chat) {
    const { ttfb: t, open: o } = chat;
    if (t.direct.failures) out.push(`chat direct: ${t.direct.failures} failed streams (${t.direct.firstError})`);
    if (t.parlor.failures) out.push(`chat parlor: ${t.parlor.failures} failed streams (${t.parlor.firstError})`);
    if (o.failures) out.push(`open streams: ${o.failures} failed (${o.firstError})`);
    if (o.peakOpen < o.streams) out.push(`open streams: only ${o.peakOpen} of ${o.streams} were open at once`);
  }
  for (const e of engines) {
    if (e?.failures) out.push(`engine ${e.database}: ${e.failures} failed requests (${e.firstError})`);
  }
  return out;
}

/** The slowest questions in process, for the lines under the table. */
export function slowestQuestions(e: EngineResult | null, n = 3): string | null {
  if (!e) return null;
  const worst = Object.entries(e.perQuestionP50Ms)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .slice(0, n)
    .map(([q, v]) => `${ms(v)} ms "${q}"`);
  const cold = Object.entries(e.uncachedPerQuestion)
    .sort((a, b) => (b[1].p99Ms ?? 0) - (a[1].p99Ms ?? 0))
    .slice(0, n)
    .map(([q, v]) => `${ms(v.p50Ms)}/${ms(v.p99Ms)} ms "${q}"`);
  return `engine ${e.database}: slowest questions (p50): ${worst.join(', ')}\n  cache off (p50/p99): ${cold.join(', ')}`;
}
