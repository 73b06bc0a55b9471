// Prometheus metrics (/metrics): request latency by route, answers by engine and outcome,
// tokens, open streams. One registry per app, so tests can build several apps.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Unauthorized } from '../errors.ts';
import type { App } from './types.ts';

export interface Metrics {
  registry: Registry;
  answers: Counter<'engine' | 'outcome'>;
  tokens: Counter<'engine'>;
  openStreams: Gauge;
  ratings: Counter<'engine' | 'rating'>;
  privacyRemoved: Counter<'kind' | 'reason'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    answers: new Counter({
      name: 'parlor_answers_total',
      help: 'Answers by engine and outcome (complete, no_answer, truncated, partial, failed)',
      labelNames: ['engine', 'outcome'],
      registers: [registry],
    }),
    tokens: new Counter({
      name: 'parlor_tokens_total',
      help: 'Prompt + completion tokens by engine',
      labelNames: ['engine'],
      registers: [registry],
    }),
    ratings: new Counter({
      name: 'parlor_answer_ratings_total',
      help: 'Ratings of answers (RateAnswer) by the engine that answered and the rating (up, down); a changed rating counts again',
      labelNames: ['engine', 'rating'],
      registers: [registry],
    }),
    openStreams: new Gauge({
      name: 'parlor_open_streams',
      help: 'Streamed answers in progress',
      registers: [registry],
    }),
    privacyRemoved: new Counter({
      name: 'parlor_privacy_removed_total',
      help: 'Rows removed by EraseVisitor (reason erase) and the retention sweep (reason retention), by kind',
      labelNames: ['kind', 'reason'],
      registers: [registry],
    }),
  };
}

/** Whether `Authorization: Bearer <token>` carries the token; compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = (header ?? '').replace(/^Bearer\s+/i, '');
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `token` (PARLOR_METRICS_TOKEN) protects /metrics; without one it is open, for a
 * scraper on a private network (the README says to keep it off the public internet then).
 */
export function installMetrics(app: App, metrics: Metrics, token: string | null = null): void {
  const duration = new Histogram({
    name: 'parlor_http_request_duration_seconds',
    help: 'Request latency by route',
    labelNames: ['method', 'route', 'code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unknown';
    duration.observe({ method: req.method, route, code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token !== null && !bearerMatches(req.headers.authorization, token)) {
      throw new Unauthorized('/metrics needs Authorization: Bearer <PARLOR_METRICS_TOKEN>');
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
