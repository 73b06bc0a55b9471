// The notification worker of a test app, sending CRM events to the Follow Up Boss stand-in
// (test/fub-standin.ts) for one workspace: the tests of CRM delivery share it.
import { createWorker } from '../src/notify/worker.ts';
import type { FubStandin } from './fub-standin.ts';
import type { TestApp } from './harness.ts';
import { noMail } from './no-mail.ts';

export interface CrmWorkerOptions {
  /** The time budget of one CRM request (production's default is 10 s). */
  crmTimeoutMs?: number;
  /** Outbox rows per pass: 1 sends them one at a time, in order. */
  batchSize?: number;
}

export function crmWorker(
  t: TestApp,
  fub: FubStandin,
  clock: () => Date,
  workspaceId: number,
  { crmTimeoutMs = 5_000, batchSize }: CrmWorkerOptions = {},
) {
  return createWorker({
    db: t.db,
    mailer: noMail,
    clock,
    digestHour: 8,
    publicUrl: 'https://parlor.example.com',
    workspaceIds: [workspaceId],
    fubBaseUrl: fub.url,
    // The stand-in listens on loopback, as PARLOR_ALLOW_PRIVATE_URLS=1 allows.
    outgoing: { allowPrivate: true },
    crmTimeoutMs,
    ...(batchSize !== undefined ? { batchSize } : {}),
  });
}
