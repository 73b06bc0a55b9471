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

/**
 * What a search asks for: passages holding at least `need` of `groups`, each group a word and
 * the words that stand for it (already normalised; `stem*` for any word beginning with stem).
 * `need` 1 is "any word".
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
    .map((g) => [...new Set(g)].filter((t) => /^[\p{L}\p{N}]+\*?$/u.test(t)).slice(0, 24))
    .filter((g) => g.length > 0)
    .slice(0, 16);
  if (groups.length === 0) return null;
  const need = Math.min(Math.max(1, q.need), groups.length);
  let combos = need === 1 ? [] : combinations(groups.length, need);
  if (combos.length > MAX_COMBINATIONS) combos = [];
  const or = dialect === 'sqlite' ? ' OR ' : ' | ';
  const and = dialect === 'sqlite' ? ' AND ' : ' & ';
  // A word ending in `*` is a stem: any word it begins (search.ts).
  const word = (w: string) => {
    const stem = w.endsWith('*') ? w.slice(0, -1) : '';
    if (dialect === 'sqlite') return stem ? `"${stem}"*` : `"${w}"`;
    return stem ? `${stem}:*` : w;
  };
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
