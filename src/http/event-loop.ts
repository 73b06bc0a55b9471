// The event-loop guard: every tenant's requests share one event loop, so work that holds it
// (a hostile page parsed in process, an index built in one go) delays everyone. /metrics
// exports the loop's delay (p99 and max since the previous scrape, from perf_hooks'
// histogram), and a stall over a second is logged with what was running then: the requests
// in flight and the background jobs that said what they do (track()).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge } from 'prom-client';
import type { Metrics } from './metrics.ts';
import type { App } from './types.ts';

/** Background work in progress ("knowledge source 12 (UrlList)"), for the stall log. */
const jobs = new Map<number, { what: string; since: number }>();
let nextJob = 0;

/** Marks a background job as running until the returned function is called. */
export function track(what: string): () => void {
  const id = nextJob++;
  jobs.set(id, { what, since: Date.now() });
  return () => jobs.delete(id);
}

export interface EventLoopGuardOptions {
  /** A turn of the loop longer than this is logged as a stall. */
  stallMs?: number;
  /** How often the loop is checked for a stall. */
  checkMs?: number;
}

export function installEventLoopGuard(app: App, metrics: Metrics, opts: EventLoopGuardOptions = {}): void {
  const stallMs = opts.stallMs ?? 1000;
  const checkMs = opts.checkMs ?? 100;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  // Both read the histogram; the max gauge (collected second) resets it for the next scrape.
  new Gauge({
    name: 'parlor_event_loop_delay_p99_seconds',
    help: 'Event-loop delay, 99th percentile since the previous scrape',
    registers: [metrics.registry],
    collect() {
      this.set(ms(delay.percentile(99)));
    },
  });
  new Gauge({
    name: 'parlor_event_loop_delay_max_seconds',
    help: 'Event-loop delay, longest since the previous scrape',
    registers: [metrics.registry],
    collect() {
      this.set(ms(delay.max));
      delay.reset();
    },
  });

  // Callback hooks, not async ones: no promise per request on every route. The route is
  // written out only when a stall is logged.
  const requests = new Map<string, { method: string; url: string; since: number }>();
  app.addHook('onRequest', (req, _reply, done) => {
    requests.set(req.id, { method: req.method, url: req.url, since: Date.now() });
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    requests.delete(req.id);
    done();
  });

  let expected = Date.now() + checkMs;
  const timer = setInterval(() => {
    const now = Date.now();
    const late = now - expected;
    expected = now + checkMs;
    if (late < stallMs) return;
    const running = [
      ...[...requests.values()].map((r) => `${r.method} ${r.url.split('?')[0]} (for ${now - r.since} ms)`),
      ...[...jobs.values()].map((j) => `${j.what} (for ${now - j.since} ms)`),
    ];
    app.log.warn({ stalledMs: late, running }, `the event loop stalled for ${late} ms`);
  }, checkMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    delay.disable();
  });
}
