// EditKnowledge and GetSource (the platform's knowledge endpoints) for the sources Parlor
// handles so far: the chatbot's Text and its QAList, processed at once (status 2).
// Partial update like Edit: an omitted source is kept, null (or "" / []) removes it, a given
// one replaces it. Documents, web pages and sitemaps are not supported yet: a request naming
// any answers 501 before anything changes.
import { requireChatbot, type ServiceContext } from '../chatbots/service.ts';
import type { Dialect } from '../db/connect.ts';
import { NotSupported } from '../errors.ts';
import { passagesOf } from './passages.ts';
import { deleteSourcesOfType, insertSource, type NewPassage, type Owner, sourcesOf } from './repo.ts';
import type { EditKnowledgeBody } from './schemas.ts';
import { termsOf } from './terms.ts';

export interface KnowledgeContext extends ServiceContext {
  dialect: Dialect;
}

const terms = (text: string) => termsOf(text).join(' ');

function textPassages(text: string): NewPassage[] {
  return passagesOf(text).map((p) => ({
    heading: p.heading,
    question: '',
    content: p.content,
    terms: terms(`${p.heading} ${p.content}`),
    questionTerms: '',
  }));
}

function qaPassages(list: { key: string; value: string }[]): NewPassage[] {
  return list.map((qa) => ({
    heading: '',
    question: qa.key.trim(),
    content: qa.value.trim(),
    terms: terms(qa.value),
    questionTerms: terms(qa.key),
  }));
}

function refuseUnsupported(body: EditKnowledgeBody): void {
  const named = [
    body.fileList?.length ? 'fileList' : '',
    body.websiteList?.length ? 'websiteList' : '',
    body.SiteMapUrl?.trim() ? 'SiteMapUrl' : '',
  ].filter(Boolean);
  if (named.length) {
    throw new NotSupported(
      `${named.join(', ')}: documents, web pages and sitemaps are not supported yet; text and qaList are`,
    );
  }
}

export async function editKnowledge(ctx: KnowledgeContext, body: EditKnowledgeBody): Promise<void> {
  refuseUnsupported(body);
  const bot = await requireChatbot(ctx, body.serialNumber);
  const owner: Owner = { workspaceId: ctx.workspaceId, chatbotId: bot.id };
  const { text, qaList } = body;
  await ctx.db.transaction().execute(async (trx) => {
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
  });
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
  }));
}
