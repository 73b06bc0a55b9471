import type { Db } from '../db/connect.ts';
import { createResultCache } from '../db/result-cache.ts';
import { NotFound } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { releaseChatbotFiles } from './images.ts';
import { type Chatbot, deleteChatbot, findChatbot, insertChatbot, listChatbots } from './repo.ts';
import { timeZoneSetting } from './setting-rules.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

/** The chatbot, or 404 (also when it belongs to another workspace). */
export async function requireChatbot(ctx: ServiceContext, serialNumber: string): Promise<Chatbot> {
  return found(await findChatbot(ctx.db, ctx.workspaceId, serialNumber), serialNumber);
}

function found(bot: Chatbot | null | undefined, serialNumber: string): Chatbot {
  if (!bot) throw new NotFound(`chatbot "${serialNumber}"`);
  return bot;
}

/**
 * requireChatbot answered from memory while no chatbot or workspace changed, on any instance
 * (db/result-cache.ts): for paths that look the chatbot up on every request, such as
 * RealEstateCreate. The value is shared: callers must not change it.
 */
export function cachedChatbots(db: Db) {
  const cache = createResultCache<Chatbot | null>(db, ['chatbots', 'workspaces']);
  return async (workspaceId: number, serialNumber: string): Promise<Chatbot> => {
    const bot = await cache.get(
      `${workspaceId}:${serialNumber}`,
      async () => (await findChatbot(db.kysely, workspaceId, serialNumber)) ?? null,
    );
    return found(bot, serialNumber);
  };
}

export async function addChatbot(
  ctx: ServiceContext,
  input: { timeZone: string; type: number; Name?: string },
): Promise<Chatbot> {
  const tz = timeZoneSetting('timeZone', input.timeZone);
  const settings = { ...DEFAULT_SETTINGS, TimeZone: tz, ...(input.Name ? { Name: input.Name } : {}) };
  return insertChatbot(ctx.db, ctx.workspaceId, input.type, settings, ctx.now);
}

export async function removeChatbot(ctx: ServiceContext, serialNumber: string): Promise<void> {
  const bot = await requireChatbot(ctx, serialNumber);
  // Its files are marked removed with it; the file sweeper deletes their rows and blobs.
  await ctx.db.transaction().execute(async (trx) => {
    await releaseChatbotFiles(trx, ctx.workspaceId, bot.id);
    await deleteChatbot(trx, ctx.workspaceId, bot.id);
  });
}

export async function pageOfChatbots(ctx: ServiceContext, pageNumber: number, pageSize: number) {
  return listChatbots(ctx.db, ctx.workspaceId, (pageNumber - 1) * pageSize, pageSize);
}
