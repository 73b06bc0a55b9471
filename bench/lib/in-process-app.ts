// Parlor built in the bench's own process over a bench database, for the steps that time one
// request among other work (the privacy sweep, ratings): every abuse limit off, so the figures
// measure the work; no notifications and no retention sweep of its own.
import { defaultRegistry } from '../../src/answer/default-registry.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/connect.ts';
import type { App } from '../../src/http/types.ts';

const LIMITS_OFF = Object.fromEntries(
  [
    'PARLOR_LIMIT_API_REQUESTS_PER_MINUTE',
    'PARLOR_LIMIT_CONNECTIONS_PER_ADDRESS',
    'PARLOR_LIMIT_SESSIONS_PER_ADDRESS_PER_HOUR',
    'PARLOR_LIMIT_QUESTIONS_PER_ADDRESS_PER_MINUTE',
    'PARLOR_LIMIT_QUESTIONS_PER_SESSION_PER_MINUTE',
    'PARLOR_LIMIT_QUESTIONS_PER_CHATBOT_PER_HOUR',
  ].map((k) => [k, '0']),
);

/** The app, ready, over `db` with its files in `dataDir`. */
export async function inProcessApp(db: Db, dataDir: string): Promise<App> {
  const config = loadConfig({ PARLOR_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...LIMITS_OFF });
  const app = await buildApp({
    config,
    db,
    clock: () => new Date(),
    engines: defaultRegistry(config, null),
    logger: false,
    notify: { enabled: false },
    retentionSweep: false,
  });
  await app.ready();
  return app;
}
