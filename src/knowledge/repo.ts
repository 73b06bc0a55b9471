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

export async function deletePassagesOf(db: Kysely<Database>, dialect: Dialect, sourceIds: number[]): Promise<void> {
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

/** A source's row: processed (status 2, its passages follow) or waiting for the worker (status 1). */
async function insertSourceRow(
  db: Kysely<Database>,
  owner: Owner,
  source: NewSource,
  status: 1 | 2,
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
      status,
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

/** A source waiting for the worker (status 1): a document, a page or a sitemap. */
export function insertPendingSource(db: Kysely<Database>, owner: Owner, source: NewSource, now: Date): Promise<number> {
  return insertSourceRow(db, owner, source, 1, now);
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

/** Stores a processed source with its passages (status 2), indexed for search. */
export async function insertSource(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: Owner,
  source: NewSource,
  passages: NewPassage[],
  now: Date,
): Promise<number> {
  const id = await insertSourceRow(db, owner, source, 2, now);
  await insertPassages(db, dialect, owner, id, passages);
  return id;
}

/** Passages the chatbot and its whole workspace hold (passage-caps.ts). */
export async function passageCounts(
  db: Kysely<Database>,
  owner: Owner,
): Promise<{ chatbot: number; workspace: number }> {
  const rows = await db
    .selectFrom('knowledge_passages')
    .select(['chatbot_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', owner.workspaceId)
    .groupBy('chatbot_id')
    .execute();
  let workspace = 0;
  let chatbot = 0;
  for (const r of rows) {
    workspace += Number(r.n);
    if (r.chatbot_id === owner.chatbotId) chatbot = Number(r.n);
  }
  return { chatbot, workspace };
}

/** Passages are written this many to a statement. */
const PASSAGE_BATCH = 200;

export async function insertPassages(
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

/** Whether the chatbot has an "about the brokerage" text (EditKnowledge's text) that is not blank. */
export async function hasAboutText(db: Kysely<Database>, owner: Owner): Promise<boolean> {
  const row = await db
    .selectFrom('knowledge_sources')
    .select('id')
    .where('workspace_id', '=', owner.workspaceId)
    .where('chatbot_id', '=', owner.chatbotId)
    .where('type', '=', 'Text')
    .where('length', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}
