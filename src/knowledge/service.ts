// EditKnowledge and GetSource, the platform's knowledge endpoints. Text and QAList are read at
// once (status 2); documents (fileList), web pages (websiteList) and a sitemap (SiteMapUrl)
// are stored as processing (status 1) and read by the knowledge worker (worker.ts), never in
// the request. Partial update like Edit: an omitted source is kept, null (or "" / []) removes
// it, a given one replaces it. In a given fileList or websiteList, entries already there are
// kept as they are (a page with retrain: true is read again), the others removed or added.
// Everything is checked before anything is written: a bad entry is a 400 naming it.
import type { Kysely } from 'kysely';
import { requireChatbot } from '../chatbots/index.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { Invalid } from '../errors.ts';
import { activeDocuments } from '../files/index.ts';
import { checkOutgoingUrl, OutgoingRefused } from '../net/outgoing.ts';
import type { ServiceContext } from '../service-context.ts';
import { checkPassageCaps, type PassageCaps } from './passage-caps.ts';
import { textPassages } from './passages.ts';
import {
  deleteSources,
  deleteSourcesOfType,
  insertPendingSource,
  insertSource,
  type KnowledgeSource,
  lockKnowledge,
  type NewPassage,
  type Owner,
  requeueSource,
  setSitemapSync,
  sourcesOf,
} from './repo.ts';
import type { EditKnowledgeBody } from './schemas.ts';
import { termsOf } from './terms.ts';

export interface KnowledgeContext extends ServiceContext {
  dialect: Dialect;
  /** PARLOR_ALLOW_PRIVATE_URLS: pages and sitemaps on private addresses may be read. */
  allowPrivateUrls: boolean;
  /** Tells the worker that sources wait (it also looks every few seconds). */
  onQueued?: () => void;
  /** Passages a chatbot and a workspace may hold. */
  passageCaps: PassageCaps;
}

const DEFAULT_SYNC_DAYS = 7;
const DAY_MS = 86_400_000;

const terms = (text: string) => termsOf(text).join(' ');

function qaPassages(list: { key: string; value: string }[]): NewPassage[] {
  return list.map((qa) => ({
    heading: '',
    question: qa.key.trim(),
    content: qa.value.trim(),
    terms: terms(qa.value),
    questionTerms: terms(qa.key),
  }));
}

function checkedUrl(raw: string, field: string, allowPrivate: boolean): string {
  try {
    const url = checkOutgoingUrl(raw.trim(), { allowPrivate });
    url.hash = '';
    return url.href;
  } catch (err) {
    if (err instanceof OutgoingRefused) throw new Invalid(field, err.message);
    throw err;
  }
}

interface Checked {
  files: Map<number, string> | null;
  pages: { url: string; retrain: boolean }[] | null;
  sitemap: string | null | undefined;
}

async function check(ctx: KnowledgeContext, body: EditKnowledgeBody): Promise<Checked> {
  let files: Map<number, string> | null = null;
  if (body.fileList !== undefined) {
    const ids = body.fileList ?? [];
    const docs = await activeDocuments(ctx.db, ctx.workspaceId, ids);
    files = new Map();
    for (const [i, id] of ids.entries()) {
      const doc = docs.get(id);
      if (!doc) {
        throw new Invalid(
          `fileList[${i}]`,
          `file ${id} is not a document uploaded to this workspace (PDF, DOCX, text, Markdown, HTML or CSV)`,
        );
      }
      files.set(id, doc.file_name);
    }
  }
  let pages: Checked['pages'] = null;
  if (body.websiteList !== undefined) {
    const seen = new Map<string, boolean>();
    for (const [i, page] of (body.websiteList ?? []).entries()) {
      const url = checkedUrl(page.url, `websiteList[${i}].url`, ctx.allowPrivateUrls);
      seen.set(url, (seen.get(url) ?? false) || page.retrain === true);
    }
    pages = [...seen].map(([url, retrain]) => ({ url, retrain }));
  }
  let sitemap: string | null | undefined;
  if (body.SiteMapUrl !== undefined) {
    sitemap = body.SiteMapUrl?.trim() ? checkedUrl(body.SiteMapUrl, 'SiteMapUrl', ctx.allowPrivateUrls) : null;
  }
  return { files, pages, sitemap };
}

async function replaceFiles(trx: Kysely<Database>, ctx: KnowledgeContext, owner: Owner, files: Map<number, string>) {
  const existing = (await sourcesOf(trx, owner)).filter((s) => s.type === 'FileList');
  await deleteSources(
    trx,
    ctx.dialect,
    existing.filter((s) => s.file_id === null || !files.has(s.file_id)).map((s) => s.id),
  );
  const kept = new Set(existing.map((s) => s.file_id));
  for (const [id, name] of files) {
    if (kept.has(id)) continue;
    await insertPendingSource(
      trx,
      owner,
      { type: 'FileList', name, value: String(id), length: 0, fileId: id },
      ctx.now,
    );
  }
}

async function replacePages(
  trx: Kysely<Database>,
  ctx: KnowledgeContext,
  owner: Owner,
  pages: { url: string; retrain: boolean }[],
) {
  const existing = (await sourcesOf(trx, owner)).filter((s) => s.type === 'UrlList' && s.origin === '');
  const wanted = new Map(pages.map((p) => [p.url, p.retrain]));
  await deleteSources(
    trx,
    ctx.dialect,
    existing.filter((s) => !wanted.has(s.url)).map((s) => s.id),
  );
  const byUrl = new Map(existing.map((s) => [s.url, s]));
  for (const { url, retrain } of pages) {
    const old = byUrl.get(url);
    if (old) {
      if (retrain) await requeueSource(trx, old.id, ctx.now);
      continue;
    }
    await insertPendingSource(
      trx,
      owner,
      { type: 'UrlList', name: url, value: url, length: 0, url, sourceLink: url },
      ctx.now,
    );
  }
}

function syncDaysOf(body: EditKnowledgeBody, old: KnowledgeSource | undefined): number | null {
  const enabled = body.EnableSyncSiteMap ?? (old ? old.sync_days !== null : false);
  if (!enabled) return null;
  return body.SyncSiteMapDays ?? old?.sync_days ?? DEFAULT_SYNC_DAYS;
}

async function replaceSitemap(
  trx: Kysely<Database>,
  ctx: KnowledgeContext,
  owner: Owner,
  body: EditKnowledgeBody,
  sitemap: string | null | undefined,
) {
  const old = (await sourcesOf(trx, owner)).find((s) => s.type === 'UrlList' && s.origin === 'sitemap');
  const syncDays = syncDaysOf(body, old);
  if (sitemap === null) {
    if (old) await deleteSources(trx, ctx.dialect, [old.id]);
    return;
  }
  if (sitemap !== undefined) {
    // A sitemap given again is read again (what the site holds may have changed).
    if (old?.url === sitemap) await requeueSource(trx, old.id, ctx.now);
    else {
      if (old) await deleteSources(trx, ctx.dialect, [old.id]);
      await insertPendingSource(
        trx,
        owner,
        { type: 'UrlList', name: sitemap, value: sitemap, length: 0, url: sitemap, origin: 'sitemap', syncDays },
        ctx.now,
      );
      return;
    }
  }
  if (!old) return;
  if (old.sync_days !== syncDays || sitemap !== undefined) {
    // The next re-sync counts from the last read; a sitemap being read gets its date when done.
    const last = Date.parse(old.updated_at);
    const next = syncDays && old.status !== 1 && sitemap === undefined ? new Date(last + syncDays * DAY_MS) : null;
    await setSitemapSync(trx, old.id, syncDays, next);
  }
}

export async function editKnowledge(ctx: KnowledgeContext, body: EditKnowledgeBody): Promise<void> {
  const bot = await requireChatbot(ctx, body.serialNumber);
  const owner: Owner = { workspaceId: ctx.workspaceId, chatbotId: bot.id };
  const checked = await check(ctx, body);
  const { text, qaList } = body;
  await ctx.db.transaction().execute(async (trx) => {
    await lockKnowledge(trx, ctx.dialect, bot.id);
    if (text !== undefined) {
      await deleteSourcesOfType(trx, ctx.dialect, owner, 'Text');
      const value = text?.trim() ?? '';
      if (value) {
        const source = { type: 'Text', name: 'Text', value, length: value.length };
        await insertSource(trx, ctx.dialect, owner, source, textPassages(value), ctx.now);
      }
    }
    if (qaList !== undefined) {
      await deleteSourcesOfType(trx, ctx.dialect, owner, 'QAList');
      const list = (qaList ?? []).filter((qa) => qa.key.trim() && qa.value.trim());
      if (list.length) {
        const value = JSON.stringify(list.map((qa) => ({ key: qa.key.trim(), value: qa.value.trim() })));
        const length = list.reduce((n, qa) => n + qa.key.trim().length + qa.value.trim().length, 0);
        const source = { type: 'QAList', name: `Q&A (${list.length})`, value, length };
        await insertSource(trx, ctx.dialect, owner, source, qaPassages(list), ctx.now);
      }
    }
    if (checked.files) await replaceFiles(trx, ctx, owner, checked.files);
    if (checked.pages) await replacePages(trx, ctx, owner, checked.pages);
    await replaceSitemap(trx, ctx, owner, body, checked.sitemap);
    await checkPassageCaps(trx, owner, ctx.passageCaps);
  });
  if (checked.files || checked.pages || checked.sitemap) ctx.onQueued?.();
}

export async function knowledgeSources(ctx: ServiceContext, serialNumber: string) {
  const bot = await requireChatbot(ctx, serialNumber);
  const rows = await sourcesOf(ctx.db, { workspaceId: ctx.workspaceId, chatbotId: bot.id });
  return rows.map((s) => ({
    Type: s.type,
    Name: s.name,
    Value: s.value,
    Length: s.length,
    Status: s.status,
    StatusMessage: s.status_message,
    ID: s.id,
    SourceLink: s.source_link,
    ...(s.origin === 'sitemap'
      ? { SiteMap: true, EnableSyncSiteMap: s.sync_days !== null, SyncSiteMapDays: s.sync_days }
      : {}),
  }));
}
