import { sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// Knowledge (knowledge/): what a brokerage writes about itself, searched to answer visitors.
// - knowledge_sources: one row per source of a chatbot: its Text, its QAList (the platform
//   keeps one of each per chatbot), each document (FileList), each web page and each sitemap
//   (UrlList). status 1 processing,
//   2 succeeded, 3 failed (status_message says why); length in characters.
// - knowledge_passages: the sources cut into passages of a few hundred words, each with its
//   heading; `question` for a Q&A entry. `terms` is the passage's words normalised in code
//   (lower case, accents and stop words of English, Spanish and French removed, plurals
//   folded: knowledge/terms.ts) so that both databases index and query the same words.
// - Full text: SQLite FTS5 over terms (knowledge_fts, rowid = passage id, BM25 by bm25());
//   PostgreSQL a tsvector of terms (the 'simple' configuration: the words are already
//   normalised) with a GIN index, ranked by ts_rank_cd.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('knowledge_sources'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('status_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_link', 'text', (c) => c.notNull().defaultTo(''))
    // FileList: the uploaded document; UrlList: the page or the sitemap (origin 'sitemap').
    .addColumn('file_id', 'integer')
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo(''))
    // A sitemap re-synced every sync_days (1, 7, 30) when EnableSyncSiteMap; next_sync_at is when.
    .addColumn('sync_days', 'integer')
    .addColumn('next_sync_at', 'text')
    // The worker's lease on a source it is reading (another instance leaves it alone until then).
    .addColumn('claimed_until', 'text')
    // Bumped each time the worker replaces the source's passages (a cached index's check).
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_sources_chatbot')
    .on('knowledge_sources')
    .columns(['chatbot_id', 'type'])
    .execute();
  // The worker's queue: sources being processed, and sitemaps due a re-sync.
  await db.schema.createIndex('knowledge_sources_status').on('knowledge_sources').column('status').execute();
  await db.schema.createIndex('knowledge_sources_sync').on('knowledge_sources').column('next_sync_at').execute();

  let passages = withId(db.schema.createTable('knowledge_passages'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('source_id', 'integer', ref('knowledge_sources'))
    .addColumn('heading', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('question', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('question_terms', 'text', (c) => c.notNull().defaultTo(''))
    // A web page's passages: the page they came from and its title (a sitemap has many pages).
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''));
  if (dialect === 'postgres') {
    passages = passages.addColumn('tsv', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('simple', question_terms || ' ' || terms)`).stored(),
    );
  }
  await passages.execute();
  await db.schema.createIndex('knowledge_passages_source').on('knowledge_passages').column('source_id').execute();
  if (dialect === 'postgres') {
    await sql`create index knowledge_passages_tsv on knowledge_passages using gin (tsv)`.execute(db);
    await db.schema.createIndex('knowledge_passages_chatbot').on('knowledge_passages').column('chatbot_id').execute();
  } else {
    // Questions first: bm25 weighs the question column twice the text (knowledge/repo-passage-search.ts).
    await sql`create virtual table knowledge_fts using fts5(question_terms, terms, content='', contentless_delete=1)`.execute(
      db,
    );
  }
}
