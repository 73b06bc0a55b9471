// The knowledge's reads for searching: FTS5 (SQLite) and tsvector (PostgreSQL) queries, the
// passages' words for memory-index.ts and its generation check, and passages by ID. Part of the
// knowledge feature's repository (repo.ts holds the writes).
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import type { Owner } from './repo.ts';

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
export async function passageTerms(db: Kysely<Database>, owner: Owner, afterId = 0, limit = 1_000_000) {
  return db
    .selectFrom('knowledge_passages')
    .select(['id', 'terms', 'question_terms'])
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
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

/**
 * The query in each database's syntax: any of `words` (already normalised; `stem*` for any word
 * beginning with stem), the first 16.
 */
function textQuery(words: string[], dialect: Dialect): string | null {
  const valid = [...new Set(words)].filter((t) => /^[\p{L}\p{N}]+\*?$/u.test(t)).slice(0, 16);
  if (valid.length === 0) return null;
  // A word ending in `*` is a stem: any word it begins.
  const word = (w: string) => {
    const stem = w.endsWith('*') ? w.slice(0, -1) : '';
    if (dialect === 'sqlite') return stem ? `"${stem}"*` : `"${w}"`;
    return stem ? `${stem}:*` : w;
  };
  return valid.map(word).join(dialect === 'sqlite' ? ' OR ' : ' | ');
}

/**
 * The chatbot's passages holding any of `words`, best ranked first by the database's own ranking
 * (at most `limit`): the model's search_knowledge.
 */
export async function searchPassages(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  words: string[],
  limit: number,
): Promise<PassageHit[]> {
  const match = textQuery(words, dialect);
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
