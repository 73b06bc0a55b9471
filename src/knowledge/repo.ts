// Knowledge sources and passages, and their full-text index: the only module that touches
// knowledge_sources, knowledge_passages and (SQLite) knowledge_fts.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database, KnowledgeSourceTable } from '../db/tables.ts';

export type KnowledgeSource = Selectable<KnowledgeSourceTable>;

export interface NewPassage {
  heading: string;
  question: string;
  content: string;
  terms: string;
  questionTerms: string;
  /** A web page's passage: the page's URL and title. */
  link?: string;
  title?: string;
}

/** A source as EditKnowledge stores it, before or after it is read. */
export interface NewSource {
  type: string;
  name: string;
  value: string;
  length: number;
  fileId?: number | null;
  url?: string;
  origin?: string;
  sourceLink?: string;
  syncDays?: number | null;
}

export interface Owner {
  workspaceId: number;
  chatbotId: number;
}

export async function sourcesOf(db: Kysely<Database>, owner: Owner): Promise<KnowledgeSource[]> {
  return db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .orderBy('id')
    .execute();
}

async function deletePassagesOf(db: Kysely<Database>, dialect: Dialect, sourceIds: number[]): Promise<void> {
  if (sourceIds.length === 0) return;
  if (dialect === 'sqlite') {
    await sql`delete from knowledge_fts where rowid in (select id from knowledge_passages where source_id in (${sql.join(sourceIds)}))`.execute(
      db,
    );
  }
  await db.deleteFrom('knowledge_passages').where('source_id', 'in', sourceIds).execute();
}

/** Removes the chatbot's sources of a type (and origin) with their passages. */
export async function deleteSourcesOfType(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  type: string,
  origin = '',
) {
  const rows = await db
    .selectFrom('knowledge_sources')
    .select('id')
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .where('type', '=', type)
    .where('origin', '=', origin)
    .execute();
  await deleteSources(
    db,
    dialect,
    rows.map((r) => r.id),
  );
}

/** Removes sources by ID with their passages. */
export async function deleteSources(db: Kysely<Database>, dialect: Dialect, ids: number[]): Promise<void> {
  await deletePassagesOf(db, dialect, ids);
  if (ids.length) await db.deleteFrom('knowledge_sources').where('id', 'in', ids).execute();
}

/**
 * Serialises changes to one chatbot's knowledge until the transaction ends (PostgreSQL: an
 * advisory lock; SQLite has one writer): two EditKnowledge calls at once would otherwise each
 * delete the old source and insert their own, leaving two.
 */
export async function lockKnowledge(trx: Kysely<Database>, dialect: Dialect, chatbotId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${KNOWLEDGE_LOCK}, ${chatbotId})`.execute(trx);
}

/** The advisory lock class of knowledge changes (the second key is the chatbot). */
const KNOWLEDGE_LOCK = 15;

/**
 * What a chatbot's passages are now, as one string that changes whenever any of them does: a
 * source added (its ID), removed (the count) or read again (its revision). One indexed query.
 */
export async function knowledgeGeneration(db: Kysely<Database>, owner: Owner): Promise<string> {
  const row = await db
    .selectFrom('knowledge_sources')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('id').as('top'),
      eb.fn.sum<number>('revision').as('revisions'),
    ])
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.top ?? 0}:${row.revisions ?? 0}`;
}

/** Every passage's search words, for an index held in memory (memory-index.ts). */
export async function passageTerms(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('knowledge_passages')
    .select(['id', 'terms', 'question_terms'])
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .orderBy('id')
    .execute();
}

/** Passages by ID (of this chatbot only), as search hits; score is left to the caller. */
export async function passagesByIds(db: Kysely<Database>, owner: Owner, ids: number[]): Promise<PassageHit[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('knowledge_passages as p')
    .innerJoin('knowledge_sources as s', 's.id', 'p.source_id')
    .select([
      'p.id',
      'p.source_id as sourceId',
      's.name as sourceName',
      's.type as sourceType',
      'p.heading',
      'p.question',
      'p.content',
      'p.terms',
      'p.question_terms as questionTerms',
      'p.link',
      'p.title',
    ])
    .where('p.id', 'in', ids)
    .where('p.workspace_id', '=', owner.workspaceId)
    .where('p.chatbot_id', '=', owner.chatbotId)
    .execute();
  return rows.map((r) => ({ ...r, score: 0 }));
}

/** A source waiting for the worker (status 1): a document, a page or a sitemap. */
export async function insertPendingSource(
  db: Kysely<Database>,
  owner: Owner,
  source: NewSource,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('knowledge_sources')
    .values({
      workspace_id: owner.workspaceId,
      chatbot_id: owner.chatbotId,
      type: source.type,
      name: source.name,
      value: source.value,
      length: source.length,
      status: 1,
      file_id: source.fileId ?? null,
      url: source.url ?? '',
      origin: source.origin ?? '',
      source_link: source.sourceLink ?? '',
      sync_days: source.syncDays ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sets a source back to processing (a page to fetch again). A worker reading it now keeps its
 * lease (no second instance reads it at once) but its read is discarded (the changed
 * updated_at, see finishSource), and it lets the source go at once.
 */
export async function requeueSource(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('knowledge_sources')
    .set({ status: 1, status_message: '', updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** A sitemap's re-sync period (null: never) and when it is next due. */
export async function setSitemapSync(
  db: Kysely<Database>,
  id: number,
  syncDays: number | null,
  nextSyncAt: Date | null,
): Promise<void> {
  await db
    .updateTable('knowledge_sources')
    .set({ sync_days: syncDays, next_sync_at: nextSyncAt?.toISOString() ?? null })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes one source the worker should read: one being processed (status 1) or a sitemap due a
 * re-sync, not held by another worker. The claim is one conditional UPDATE, so two instances
 * never read the same source at once; a worker that dies lets its lease run out.
 */
export async function claimSource(db: Kysely<Database>, now: Date, leaseMs: number): Promise<KnowledgeSource | null> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('knowledge_sources')
    .select('id')
    .where((eb) =>
      eb.and([
        eb.or([eb('status', '=', 1), eb('next_sync_at', '<=', at)]),
        eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]),
      ]),
    )
    .orderBy('updated_at')
    .limit(5)
    .execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('knowledge_sources')
      .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      // Still waiting: another instance may have read it since the candidates were listed.
      .where((eb) => eb.or([eb('status', '=', 1), eb('next_sync_at', '<=', at)]))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return null;
}

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

/** Stores a processed source with its passages (status 2), indexed for search. */
export async function insertSource(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  source: { type: string; name: string; value: string; length: number },
  passages: NewPassage[],
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('knowledge_sources')
    .values({
      workspace_id: owner.workspaceId,
      chatbot_id: owner.chatbotId,
      type: source.type,
      name: source.name,
      value: source.value,
      length: source.length,
      status: 2,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertPassages(db, dialect, owner, row.id, passages);
  return row.id;
}

/** Passages are written this many to a statement. */
const PASSAGE_BATCH = 200;

async function insertPassages(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  sourceId: number,
  passages: NewPassage[],
): Promise<void> {
  for (let from = 0; from < passages.length; from += PASSAGE_BATCH) {
    const batch = passages.slice(from, from + PASSAGE_BATCH);
    const rows = await db
      .insertInto('knowledge_passages')
      .values(
        batch.map((p) => ({
          workspace_id: owner.workspaceId,
          chatbot_id: owner.chatbotId,
          source_id: sourceId,
          heading: p.heading,
          question: p.question,
          content: p.content,
          terms: p.terms,
          question_terms: p.questionTerms,
          link: p.link ?? '',
          title: p.title ?? '',
        })),
      )
      .returning('id')
      .execute();
    if (dialect === 'sqlite') {
      // Rows come back in the order they were given (one statement, one table, no triggers).
      const values = rows.map((r, i) => sql`(${r.id}, ${batch[i]?.questionTerms ?? ''}, ${batch[i]?.terms ?? ''})`);
      await sql`insert into knowledge_fts (rowid, question_terms, terms) values ${sql.join(values)}`.execute(db);
    }
  }
}

export interface PassageHit {
  id: number;
  sourceId: number;
  sourceName: string;
  sourceType: string;
  heading: string;
  question: string;
  content: string;
  terms: string;
  questionTerms: string;
  /** A web page's passage: its page. */
  link: string;
  title: string;
  /** Higher is better (BM25 on SQLite, ts_rank_cd on PostgreSQL; compare within one search only). */
  score: number;
}

/**
 * What a search asks for: passages holding at least `need` of `groups`, each group a word and
 * the words that stand for it (already normalised). `need` 1 is "any word".
 */
export interface PassageQuery {
  groups: string[][];
  need: number;
}

/** More combinations than this and the search asks for any word instead (long questions). */
const MAX_COMBINATIONS = 64;

function combinations(k: number, r: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (out.length > MAX_COMBINATIONS) return;
    if (chosen.length === r) {
      out.push(chosen);
      return;
    }
    for (let i = from; i <= k - (r - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

/**
 * The query in each database's syntax: an OR of every way to hold `need` groups, each an AND
 * of the groups' alternatives. Asking for what the caller needs (rather than any word, ranked
 * afterwards) is what keeps a search fast over thousands of passages: the index finds the few
 * rows that qualify, and only they are ranked.
 */
function textQuery(q: PassageQuery, dialect: Dialect): string | null {
  const groups = q.groups
    .map((g) => [...new Set(g)].filter((t) => /^[\p{L}\p{N}]+$/u.test(t)).slice(0, 24))
    .filter((g) => g.length > 0)
    .slice(0, 16);
  if (groups.length === 0) return null;
  const need = Math.min(Math.max(1, q.need), groups.length);
  let combos = need === 1 ? [] : combinations(groups.length, need);
  if (combos.length > MAX_COMBINATIONS) combos = [];
  const or = dialect === 'sqlite' ? ' OR ' : ' | ';
  const and = dialect === 'sqlite' ? ' AND ' : ' & ';
  const word = (w: string) => (dialect === 'sqlite' ? `"${w}"` : w);
  const group = (g: string[]) => `(${g.map(word).join(or)})`;
  if (combos.length === 0) return groups.flat().map(word).join(or);
  return combos.map((c) => `(${c.map((i) => group(groups[i] ?? [])).join(and)})`).join(or);
}

/** The chatbot's passages that answer `query`, best ranked first (at most `limit`). */
export async function searchPassages(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  query: PassageQuery,
  limit: number,
): Promise<PassageHit[]> {
  const match = textQuery(query, dialect);
  if (!match) return [];
  const rows =
    dialect === 'sqlite'
      ? await sql<PassageHit>`
          select p.id, p.source_id as "sourceId", s.name as "sourceName", s.type as "sourceType", p.heading,
                 p.question, p.content, p.terms, p.question_terms as "questionTerms", p.link, p.title,
                 -bm25(knowledge_fts, 2.0, 1.0) as score
          from knowledge_fts
          join knowledge_passages p on p.id = knowledge_fts.rowid
          join knowledge_sources s on s.id = p.source_id
          where knowledge_fts match ${match}
            and p.chatbot_id = ${owner.chatbotId} and p.workspace_id = ${owner.workspaceId}
          order by score desc limit ${limit}`.execute(db)
      : await sql<PassageHit>`
          select p.id, p.source_id as "sourceId", s.name as "sourceName", s.type as "sourceType", p.heading,
                 p.question, p.content, p.terms, p.question_terms as "questionTerms", p.link, p.title,
                 ts_rank_cd(p.tsv, q) as score
          from knowledge_passages p
          join knowledge_sources s on s.id = p.source_id,
               to_tsquery('simple', ${match}) q
          where p.tsv @@ q and p.chatbot_id = ${owner.chatbotId} and p.workspace_id = ${owner.workspaceId}
          order by score desc limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ ...r, score: Number(r.score) }));
}
