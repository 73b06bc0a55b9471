// The erasure as a list of steps, one per feature that keeps something of a visitor (README
// "Privacy"). A feature that adds a table of visitors' data adds its step here: a count for the
// dry run and a removal in the batch's transaction. The steps run in this order, so that a row
// goes before what it points at (appointments before their leads, sessions last).
import type { Kysely } from 'kysely';
import { countMessagesOfSessions, deleteMessagesOfSessions, deleteSessions } from '../chat/index.ts';
import { commitWithoutWaitingForDisk } from '../db/commit-later.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { countFilesOfSessions, deleteFilesOfSessions } from '../files/index.ts';
import { deleteLeads } from '../leads/index.ts';
import { countPersonPayloads, erasePersonPayloads } from '../outbox/index.ts';
import { eraseAppointments } from '../tours/index.ts';
import { deleteVisitorKeys } from '../workspaces/index.ts';
import { fitTransaction, messagesPerTransaction } from './pace.ts';
import type { ErasureTarget } from './person.ts';

/** How many of each kind an erasure removed (or a dry run would): the answer's counts. */
export type Counts = Record<string, number>;

/** What a batch's transaction hands back to do once it has committed. */
export interface BatchEffects {
  /** Files' storage keys whose bytes go once the rows are gone. */
  storageKeys: string[];
}

export interface ErasureStep {
  /** Runs before the batch's transaction, in short transactions of its own (a long conversation's messages). */
  drain?(db: Db, t: ErasureTarget, counts: Counts): Promise<void>;
  /** How many it would remove, by count name. */
  count(db: Kysely<Database>, t: ErasureTarget, counts: Counts): Promise<void>;
  /** Removes its rows in the batch's transaction, adding to the counts. */
  erase(trx: Kysely<Database>, t: ErasureTarget, counts: Counts, effects: BatchEffects): Promise<void>;
}

function add(counts: Counts, name: string, n: number): void {
  counts[name] = (counts[name] ?? 0) + n;
}

/**
 * After a full transaction of messages, the drain rests as long as it took: the database is the
 * sweep's for at most half of the time, so that a question's statements, which each wait for the
 * transaction running, are not held up by one transaction after another.
 */
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, ms)));

const OUTBOX_NAMES: Record<string, string> = { email: 'Emails', webhook: 'Webhooks', sms: 'TextMessages' };

function addPayloads(counts: Counts, byKind: Record<string, number>): void {
  for (const [kind, n] of Object.entries(byKind)) add(counts, OUTBOX_NAMES[kind] ?? 'OtherPayloads', n);
}

export const messagesStep: ErasureStep = {
  async drain(db, t, counts) {
    let limit = messagesPerTransaction(db);
    for (;;) {
      const started = performance.now();
      const n = await db.kysely.transaction().execute(async (trx) => {
        // The batch's own transaction after the drain commits as usual, and its wait for the disk covers these.
        await commitWithoutWaitingForDisk(trx);
        return deleteMessagesOfSessions(trx, t.workspaceId, t.sessionIds, limit);
      });
      add(counts, 'Messages', n);
      if (n < limit) return;
      const took = performance.now() - started;
      limit = fitTransaction(db, limit, took);
      await rest(took);
    }
  },
  async count(db, t, counts) {
    add(counts, 'Messages', await countMessagesOfSessions(db, t.workspaceId, t.sessionIds));
  },
  async erase() {},
};

export const filesStep: ErasureStep = {
  async count(db, t, counts) {
    add(counts, 'Files', await countFilesOfSessions(db, t.workspaceId, t.sessionIds));
  },
  async erase(trx, t, counts, effects) {
    const keys = await deleteFilesOfSessions(trx, t.workspaceId, t.sessionIds);
    effects.storageKeys.push(...keys);
    add(counts, 'Files', keys.length);
  },
};

export const visitorKeysStep: ErasureStep = {
  async count() {},
  async erase(trx, t) {
    await deleteVisitorKeys(trx, t.sessionIds);
  },
};

export const outboxStep: ErasureStep = {
  async count(db, t, counts) {
    addPayloads(counts, await countPersonPayloads(db, t.workspaceId, t.outbox));
  },
  async erase(trx, t, counts) {
    addPayloads(counts, await erasePersonPayloads(trx, t.workspaceId, t.outbox));
  },
};

export const appointmentsStep: ErasureStep = {
  async count(_db, t, counts) {
    add(counts, 'Appointments', t.appointmentIds.length);
  },
  async erase(trx, t, counts) {
    add(counts, 'Appointments', await eraseAppointments(trx, t.workspaceId, t.appointmentIds));
  },
};

export const leadsStep: ErasureStep = {
  async count(_db, t, counts) {
    add(counts, 'Leads', t.leadIds.length);
  },
  async erase(trx, t, counts) {
    add(counts, 'Leads', await deleteLeads(trx, t.workspaceId, t.leadIds));
  },
};

export const sessionsStep: ErasureStep = {
  async count(_db, t, counts) {
    add(counts, 'Sessions', t.sessionIds.length);
  },
  async erase(trx, t, counts) {
    add(counts, 'Sessions', await deleteSessions(trx, t.workspaceId, t.sessionIds));
  },
};

/** Every step, in the order they run. */
export const ERASURE_STEPS: readonly ErasureStep[] = [
  messagesStep,
  filesStep,
  visitorKeysStep,
  outboxStep,
  appointmentsStep,
  leadsStep,
  sessionsStep,
];

/** The counts every answer names, zero when nothing of the kind was found. */
export const COUNT_NAMES = [
  'Sessions',
  'Messages',
  'Files',
  'Leads',
  'Appointments',
  'Emails',
  'Webhooks',
  'TextMessages',
] as const;
