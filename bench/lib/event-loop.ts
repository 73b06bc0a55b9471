// The event-loop delay of each step (docs/limits.md "Fair shares"): every Parlor server a step starts is
// asked for its /metrics once it has served the step (parlor_event_loop_delay_p99_seconds and
// _max_: since the previous scrape, here the server's whole life, warm-up included), and the
// bench's own event loop is watched while the step runs (the steps that call the engine or the
// knowledge search in process). A step's figure is the worst of its servers, beside the bench's.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopFigure {
  step: string;
  /** The worst p99 (and max) of the step's servers, in ms; null when it started none. */
  serverP99Ms: number | null;
  serverMaxMs: number | null;
  /** The bench process's own loop while the step ran (in-process work). */
  benchP99Ms: number;
}

const scraped: { p99Ms: number; maxMs: number }[] = [];
export const eventLoopFigures: EventLoopFigure[] = [];

const gauge = (text: string, name: string) => {
  const v = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
  return v === undefined ? null : Number(v) * 1000;
};

/** Asks a Parlor server for its event-loop delay (called by server-process.ts before it stops one). */
export async function scrapeEventLoop(url: string): Promise<void> {
  try {
    const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) });
    const text = await res.text();
    const p99Ms = gauge(text, 'parlor_event_loop_delay_p99_seconds');
    const maxMs = gauge(text, 'parlor_event_loop_delay_max_seconds');
    if (p99Ms !== null && maxMs !== null) scraped.push({ p99Ms, maxMs });
  } catch {
    // A server without the guard (an older commit) or already gone: no figure.
  }
}

/** Runs one step and records its event-loop figures. */
export async function withEventLoop<T>(step: string, run: () => Promise<T>): Promise<T> {
  const from = scraped.length;
  const own = monitorEventLoopDelay({ resolution: 10 });
  own.enable();
  try {
    return await run();
  } finally {
    own.disable();
    const mine = scraped.slice(from);
    eventLoopFigures.push({
      step,
      serverP99Ms: mine.length ? Math.max(...mine.map((s) => s.p99Ms)) : null,
      serverMaxMs: mine.length ? Math.max(...mine.map((s) => s.maxMs)) : null,
      benchP99Ms: Number.isFinite(own.percentile(99)) ? own.percentile(99) / 1e6 : 0,
    });
  }
}
