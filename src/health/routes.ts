import { Type } from 'typebox';
import type { Db } from '../db/connect.ts';
import { databaseAnswers } from '../db/ping.ts';
import { Unavailable } from '../errors.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';

const Health = envelopeOf(Type.Object({ status: Type.String({ examples: ['ok'] }) }));

export function registerHealthRoutes(app: App, { db }: { db: Db }): void {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: Health } } },
    async () => ok({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers (503 when it does not)',
        response: { 200: Health },
      },
    },
    async () => {
      try {
        await databaseAnswers(db);
      } catch {
        throw new Unavailable();
      }
      return ok({ status: 'ok' });
    },
  );
}
