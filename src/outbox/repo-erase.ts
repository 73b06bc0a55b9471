// What the privacy feature removes of the outbox (privacy/README.md): the payloads that carry a
// person, queued or already sent. A row keeps its dedupe key (IDs only), so that what was
// queued once is not queued again; its payload becomes null and a row not yet sent becomes
// 'erased', which the worker never claims, so nothing of that person goes out afterwards.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';

/** What identifies a person's payloads. */
export interface OutboxMatch {
  /** Dedupe-key prefixes of the person's rows (`lead:12:`, `tour:7:`). */
  keyPrefixes: string[];
  /** Whole dedupe keys of the person's rows (`crm:lead:12`). */
  exactKeys: string[];
  /** Lower-case texts any of which in a payload makes it theirs (an e-mail, a phone as written). */
  texts: string[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function matching(db: Kysely<Database>, workspaceId: number, m: OutboxMatch) {
  return db
    .selectFrom('outbox')
    .where('workspace_id', '=', workspaceId)
    .where('payload', '!=', 'null')
    .where((eb) =>
      eb.or([
        ...m.keyPrefixes.map((p) => sql<boolean>`dedupe_key like ${`${escapeLike(p)}%`} escape '\\'`),
        ...(m.exactKeys.length ? [eb('dedupe_key', 'in', m.exactKeys)] : []),
        ...m.texts.map((t) => sql<boolean>`lower(payload) like ${`%${escapeLike(t)}%`} escape '\\'`),
      ]),
    );
}

/** The person's payloads by kind ('email', 'webhook', 'sms'): how many there are. */
export async function countPersonPayloads(
  db: Kysely<Database>,
  workspaceId: number,
  m: OutboxMatch,
): Promise<Record<string, number>> {
  if (m.keyPrefixes.length === 0 && m.exactKeys.length === 0 && m.texts.length === 0) return {};
  const rows = await matching(db, workspaceId, m)
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

/** Erases the person's payloads (in the caller's transaction); answers how many of each kind. */
export async function erasePersonPayloads(
  trx: Kysely<Database>,
  workspaceId: number,
  m: OutboxMatch,
): Promise<Record<string, number>> {
  if (m.keyPrefixes.length === 0 && m.exactKeys.length === 0 && m.texts.length === 0) return {};
  const rows = await matching(trx, workspaceId, m).select(['id', 'kind']).execute();
  if (rows.length === 0) return {};
  await trx
    .updateTable('outbox')
    .set({
      payload: 'null',
      last_error: null,
      status: sql<string>`case when status = 'sent' then 'sent' else 'erased' end`,
    })
    .where('workspace_id', '=', workspaceId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.kind] = (counts[r.kind] ?? 0) + 1;
  return counts;
}
