// RateAnswer's own cost (README "Analytics"), in process on the analytics step's database: 200
// answers of its chatbot rated down with a reason, one after another (after 20 not measured),
// each its own request, beside the same run's baseline: GetMessages of those answers' sessions
// (20 messages each), the lightest authenticated read of the same rows. Limits off, as in the
// privacy step: the bench measures the work, not the abuse limits.
import type { Db } from '../src/db/connect.ts';
import type { BenchTenant } from './lib/databases.ts';
import { inProcessApp } from './lib/in-process-app.ts';
import { type Latency, latencyOf } from './lib/stats.ts';

const RATINGS = 200;
const WARMUP = 20;
/** The measuring stops after this long, whatever the requests done. */
const MAX_MS = 30_000;
export interface RatingResult {
  rate: Latency;
  baseline: Latency;
}

export async function measureRating(db: Db, dataDir: string, tenant: BenchTenant): Promise<RatingResult> {
  const app = await inProcessApp(db, dataDir);
  try {
    const answers = await db.kysely
      .selectFrom('messages')
      .select(['id', 'session_id'])
      .where('chatbot_id', '=', tenant.owner.chatbotId)
      .where('role', '=', 'assistant')
      .orderBy('id')
      .limit(RATINGS + WARMUP)
      .execute();
    const headers = { authorization: tenant.apiKey, 'content-type': 'application/json' };
    const timed = async (url: string, payload: Record<string, unknown>) => {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url, headers, payload });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return ms;
    };
    const measure = async (ask: (a: { id: number; session_id: number }) => Promise<number>) => {
      const samples: number[] = [];
      const started = performance.now();
      for (const [i, a] of answers.entries()) {
        if (performance.now() - started > MAX_MS) break;
        const ms = await ask(a);
        if (i >= WARMUP) samples.push(ms);
      }
      return latencyOf(samples);
    };
    const baseline = await measure((a) => timed('/chat/Chat/GetMessages', { sessionID: a.session_id }));
    const rate = await measure((a) =>
      timed('/chat/Chat/RateAnswer', { sessionID: a.session_id, messageId: a.id, rating: 'down', reason: 'wrong' }),
    );
    return { rate, baseline };
  } finally {
    await app.close();
  }
}
