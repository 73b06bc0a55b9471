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

/** Removes the chatbot's sources of a type with their passages. */
export async function deleteSourcesOfType(db: Kysely<Database>, dialect: Dialect, owner: Owner, type: string) {
  const rows = await db
    .selectFrom('knowledge_sources')
    .select('id')
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .where('type', '=', type)
    .execute();
  const ids = rows.map((r) => r.id);
  await deletePassagesOf(db, dialect, ids);
  if (ids.length) await db.deleteFrom('knowledge_sources').where('id', 'in', ids).execute();
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
  for (const p of passages) {
    const inserted = await db
      .insertInto('knowledge_passages')
      .values({
        workspace_id: owner.workspaceId,
        chatbot_id: owner.chatbotId,
        source_id: row.id,
        heading: p.heading,
        question: p.question,
        content: p.content,
        terms: p.terms,
        question_terms: p.questionTerms,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (dialect === 'sqlite') {
      await sql`insert into knowledge_fts (rowid, question_terms, terms) values (${inserted.id}, ${p.questionTerms}, ${p.terms})`.execute(
        db,
      );
    }
  }
  return row.id;
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
  /** Higher is better (BM25 on SQLite, ts_rank_cd on PostgreSQL; compare within one search only). */
  score: number;
}

/** The chatbot's best passages for any of `terms` (already normalised), best first. */
export async function searchPassages(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  terms: string[],
  limit: number,
): Promise<PassageHit[]> {
  const words = [...new Set(terms)].filter((t) => /^[\p{L}\p{N}]+$/u.test(t)).slice(0, 32);
  if (words.length === 0) return [];
  const rows =
    dialect === 'sqlite'
      ? await sql<PassageHit>`
          select p.id, p.source_id as "sourceId", s.name as "sourceName", s.type as "sourceType", p.heading,
                 p.question, p.content, p.terms, p.question_terms as "questionTerms",
                 -bm25(knowledge_fts, 2.0, 1.0) as score
          from knowledge_fts
          join knowledge_passages p on p.id = knowledge_fts.rowid
          join knowledge_sources s on s.id = p.source_id
          where knowledge_fts match ${words.map((w) => `"${w}"`).join(' OR ')}
            and p.chatbot_id = ${owner.chatbotId} and p.workspace_id = ${owner.workspaceId}
          order by score desc limit ${limit}`.execute(db)
      : await sql<PassageHit>`
          select p.id, p.source_id as "sourceId", s.name as "sourceName", s.type as "sourceType", p.heading,
                 p.question, p.content, p.terms, p.question_terms as "questionTerms",
                 ts_rank_cd(p.tsv, q) as score
          from knowledge_passages p
          join knowledge_sources s on s.id = p.source_id,
               to_tsquery('simple', ${words.join(' | ')}) q
          where p.tsv @@ q and p.chatbot_id = ${owner.chatbotId} and p.workspace_id = ${owner.workspaceId}
          order by score desc limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ ...r, score: Number(r.score) }));
}
