// The knowledge worker's hold on sources: claiming one with a lease, storing what was read,
// letting it go. Part of the knowledge feature's repository (repo.ts holds the rest).
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { checkPassageCaps, type PassageCaps } from './passage-caps.ts';
import { deletePassagesOf, insertPassages, type KnowledgeSource, type NewPassage } from './repo.ts';

/**
 * Takes one source the worker should read: one being processed (status 1) or a sitemap due a
 * re-sync, not held by another worker. Workspaces take turns: of those with a source waiting
 * and fewer than `perWorkspace` being read (on any instance), the one with the fewest being
 * read goes first, then the one this worker served longest ago (`lastServed`), then the one
 * waiting longest; so one workspace's slow pages never hold up another's document. The claim is one conditional UPDATE, so two instances never read the
 * same source at once; on PostgreSQL claims take turns (an advisory lock held by the claiming
 * transaction) so that the counts they read stay true. A worker that dies lets its lease run out.
 */
export async function claimSource(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  leaseMs: number,
  perWorkspace: number,
  lastServed: (workspaceId: number) => number = () => 0,
): Promise<KnowledgeSource | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const reading = await trx
      .selectFrom('knowledge_sources')
      .select(['workspace_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('claimed_until', '>', at)
      .groupBy('workspace_id')
      .execute();
    const busy = new Map(reading.map((r) => [r.workspace_id, Number(r.n)]));
    const waiting = await trx
      .selectFrom('knowledge_sources')
      .select(['workspace_id', (eb) => eb.fn.min('updated_at').as('oldest')])
      .where((eb) =>
        eb.and([
          eb.or([eb('status', '=', 1), eb('next_sync_at', '<=', at)]),
          eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]),
        ]),
      )
      .groupBy('workspace_id')
      .execute();
    const turns = waiting
      .map((w) => ({ workspaceId: w.workspace_id, oldest: String(w.oldest), n: busy.get(w.workspace_id) ?? 0 }))
      .filter((w) => w.n < perWorkspace)
      .sort(
        (a, b) =>
          a.n - b.n ||
          lastServed(a.workspaceId) - lastServed(b.workspaceId) ||
          (a.oldest < b.oldest ? -1 : a.oldest > b.oldest ? 1 : 0),
      );
    for (const turn of turns) {
      const candidate = await trx
        .selectFrom('knowledge_sources')
        .select('id')
        .where('workspace_id', '=', turn.workspaceId)
        .where((eb) =>
          eb.and([
            eb.or([eb('status', '=', 1), eb('next_sync_at', '<=', at)]),
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]),
          ]),
        )
        .orderBy('updated_at')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) continue;
      const claimed = await trx
        .updateTable('knowledge_sources')
        .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
        .where('id', '=', candidate.id)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        // Still waiting: another instance may have read it since it was listed.
        .where((eb) => eb.or([eb('status', '=', 1), eb('next_sync_at', '<=', at)]))
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
    }
    return null;
  });
}

/** The advisory lock key of claims ("knowlg" in ASCII). */
const CLAIM_LOCK = 0x6b6e6f776c67;

/**
 * Stores what the worker read: the source's status set and its passages replaced, in one
 * transaction, unless the source was removed, read again by request (requeueSource changed
 * updated_at) or taken over (another lease) meanwhile. The UPDATE comes first: it locks the
 * row, so a change committed meanwhile is either seen by its condition or waits for this one.
 * Answers whether it was stored; a discarded read lets the source go at once.
 */
export async function finishSource(
  db: Kysely<Database>,
  dialect: Dialect,
  claimed: KnowledgeSource,
  outcome: { passages: NewPassage[]; status: 2 | 3; message: string; length?: number; name?: string },
  now: Date,
  caps: PassageCaps = { perChatbot: 0, perWorkspace: 0 },
): Promise<boolean> {
  // A failed re-sync keeps what the last good read found.
  const keepOld = outcome.status === 3 && claimed.status === 2;
  const stored = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('knowledge_sources')
      .set({
        status: keepOld ? 2 : outcome.status,
        status_message: outcome.message,
        ...(outcome.length !== undefined && !keepOld ? { length: outcome.length } : {}),
        ...(outcome.name ? { name: outcome.name } : {}),
        claimed_until: null,
        revision: sql<number>`revision + 1`,
        updated_at: now.toISOString(),
      })
      .where('id', '=', claimed.id)
      .where('claimed_until', '=', claimed.claimed_until ?? '')
      .where('updated_at', '=', claimed.updated_at)
      .returning(['sync_days'])
      .executeTakeFirst();
    if (!row) return false;
    if (claimed.origin === 'sitemap') {
      const next = row.sync_days ? new Date(now.getTime() + row.sync_days * 86_400_000).toISOString() : null;
      await trx.updateTable('knowledge_sources').set({ next_sync_at: next }).where('id', '=', claimed.id).execute();
    }
    if (!keepOld) {
      const owner = { workspaceId: claimed.workspace_id, chatbotId: claimed.chatbot_id };
      await deletePassagesOf(trx, dialect, [claimed.id]);
      await insertPassages(trx, dialect, owner, claimed.id, outcome.passages);
      // Past a cap this throws PassagesCapped and nothing is written (worker.ts stores why).
      await checkPassageCaps(trx, owner, caps);
    }
    return true;
  });
  if (!stored) await releaseSource(db, claimed);
  return stored;
}

/** Gives up a worker's lease on a source it did not store (read again by request, or failed). */
export async function releaseSource(db: Kysely<Database>, claimed: KnowledgeSource): Promise<void> {
  await db
    .updateTable('knowledge_sources')
    .set({ claimed_until: null })
    .where('id', '=', claimed.id)
    .where('claimed_until', '=', claimed.claimed_until ?? '')
    .execute();
}
