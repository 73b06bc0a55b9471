// Wires notifications into the app: the outbox worker and the digest tick run on unref'd
// timers from buildApp and stop when the app closes. Tests turn the timers off and drive
// the worker with a controlled clock instead.
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { App } from '../http/types.ts';
import { createMailer, type Fetch, type Mailer } from '../outbox/index.ts';
import { createWorker, type NotifyWorker } from './worker.ts';

export interface NotifyOptions {
  /** Run the worker and the digest tick in the background (default true). */
  enabled?: boolean;
  /** Replaces the mailer built from config (SMTP_URL, else .eml files). */
  mailer?: Mailer;
  fetch?: Fetch;
  pollMs?: number;
}

export function installNotify(
  app: App,
  deps: { config: Config; db: Db; clock: () => Date; notify?: NotifyOptions },
): NotifyWorker {
  const { config } = deps;
  const worker = createWorker({
    db: deps.db,
    clock: deps.clock,
    mailer:
      deps.notify?.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir }),
    fetch: deps.notify?.fetch,
    outgoing: { allowPrivate: config.allowPrivateUrls },
    twilio: config.twilio,
    fubBaseUrl: config.fubBaseUrl,
    digestHour: config.digestHour,
    publicUrl: config.publicUrl,
    pollMs: deps.notify?.pollMs,
    onError: (err, what) => app.log.error({ err }, `notifications: ${what} failed`),
  });
  if (deps.notify?.enabled ?? true) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
