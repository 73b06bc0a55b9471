// EraseVisitor (docs/privacy.md): finds one person (person.ts) and removes them step by step
// (steps.ts) in batches of sessions, one transaction per batch, then their files' bytes, then
// checkpoints SQLite's log so nothing of them stays in the database's files, and writes an
// audit row of the counts. A dry run answers the same counts and changes nothing.
import type { Db } from '../db/connect.ts';
import { checkpointAfterErasure } from '../db/scrub.ts';
import type { FileStorage } from '../files/index.ts';
import { type ErasureTarget, findPerson, type PersonQuery } from './person.ts';
import { insertAudit } from './repo.ts';
import { type BatchEffects, COUNT_NAMES, type Counts, ERASURE_STEPS, type ErasureStep } from './steps.ts';

export interface EraseDeps {
  db: Db;
  storage: FileStorage;
  clock: () => Date;
  /** The steps (ERASURE_STEPS unless a test or a feature adds one). */
  steps?: readonly ErasureStep[];
  /** Told the counts of each removal (metrics), and whether an erasure or the retention sweep removed them. */
  onRemoved?: (counts: Counts, reason: 'erase' | 'retention') => void;
}

/** Sessions per transaction. */
export const SESSIONS_PER_BATCH = 100;

function zeroCounts(): Counts {
  return Object.fromEntries(COUNT_NAMES.map((n) => [n, 0]));
}

/** The target cut into batches of sessions; the first also takes the leads, showings and payloads. */
export function batchesOf(t: ErasureTarget, size = SESSIONS_PER_BATCH): ErasureTarget[] {
  const out: ErasureTarget[] = [];
  for (let i = 0; i === 0 || i < t.sessionIds.length; i += size) {
    const first = i === 0;
    out.push({
      workspaceId: t.workspaceId,
      sessionIds: t.sessionIds.slice(i, i + size),
      leadIds: first ? t.leadIds : [],
      appointmentIds: first ? t.appointmentIds : [],
      outbox: first ? t.outbox : { keyPrefixes: [], exactKeys: [], texts: [] },
    });
  }
  return out;
}

/** Counts what removing the target would remove. */
export async function countTarget(deps: EraseDeps, t: ErasureTarget): Promise<Counts> {
  const counts = zeroCounts();
  for (const step of deps.steps ?? ERASURE_STEPS) await step.count(deps.db.kysely, t, counts);
  return counts;
}

/**
 * Removes the target in batches; answers the counts removed. Each batch's rows go in one
 * transaction (after its messages, which go in short transactions of their own), and its
 * files' bytes once that transaction has committed.
 */
export async function removeTarget(deps: EraseDeps, t: ErasureTarget, reason: 'erase' | 'retention'): Promise<Counts> {
  const steps = deps.steps ?? ERASURE_STEPS;
  const counts = zeroCounts();
  const db = deps.db.kysely;
  for (const batch of batchesOf(t)) {
    for (const step of steps) await step.drain?.(deps.db, batch, counts);
    const effects: BatchEffects = { storageKeys: [] };
    await db.transaction().execute(async (trx) => {
      for (const step of steps) await step.erase(trx, batch, counts, effects);
    });
    for (const key of effects.storageKeys) await deps.storage.delete(key);
  }
  deps.onRemoved?.(counts, reason);
  return counts;
}

export interface EraseResult {
  dryRun: boolean;
  counts: Counts;
}

/** EraseVisitor: `actor` is who asked (the audit's), never the person. */
export async function eraseVisitor(
  deps: EraseDeps,
  workspaceId: number,
  query: PersonQuery & { dryRun?: boolean },
  actor: string,
): Promise<EraseResult> {
  const target = await findPerson(deps.db.kysely, workspaceId, query);
  if (query.dryRun) return { dryRun: true, counts: await countTarget(deps, target) };
  const counts = await removeTarget(deps, target, 'erase');
  await checkpointAfterErasure(deps.db);
  await insertAudit(deps.db.kysely, { workspaceId, chatbotId: null, action: 'erase', actor, counts }, deps.clock());
  return { dryRun: false, counts };
}
