// `chatbot create` and `chatbot list`.
import { addChatbot, listChatbots } from '../chatbots/index.ts';
import { NotFound } from '../errors.ts';
import { countListings } from '../listings/index.ts';
import type { Command } from './command.ts';
import { optionalText, UsageError, workspaceIdOf } from './io.ts';

/** The chatbot's workspace does not exist (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL 23503). */
function isMissingWorkspace(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errcode?: unknown };
  return e.code === '23503' || e.errcode === 787;
}

export const chatbotCreate: Command = {
  path: 'chatbot create',
  synopsis: '--workspace ID [--name NAME] [--timezone ZONE]',
  summary: 'create a chatbot (time zone default UTC)',
  options: { workspace: { type: 'string' }, name: { type: 'string' }, timezone: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const workspaceId = workspaceIdOf(values);
    const name = optionalText(values, 'name')?.trim();
    if (name !== undefined && (name.length < 1 || name.length > 100)) {
      throw new UsageError('--name must be 1 to 100 characters');
    }
    const svc = { db: ctx.db.kysely, workspaceId, now: ctx.now() };
    const input = { timeZone: optionalText(values, 'timezone') ?? 'UTC', type: 0, ...(name ? { Name: name } : {}) };
    let bot: Awaited<ReturnType<typeof addChatbot>>;
    try {
      bot = await addChatbot(svc, input);
    } catch (err) {
      throw isMissingWorkspace(err) ? new NotFound(`workspace ${workspaceId}`) : err;
    }
    const { Name, TimeZone } = bot.settings;
    return {
      json: { serialNumber: bot.serialNumber, workspaceId, name: Name, timeZone: TimeZone },
      text: `Created chatbot ${bot.serialNumber} (${Name}, ${TimeZone}) in workspace ${workspaceId}.`,
    };
  },
};

export const chatbotList: Command = {
  path: 'chatbot list',
  synopsis: '--workspace ID',
  summary: "list a workspace's chatbots with their listing counts",
  options: { workspace: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const workspaceId = workspaceIdOf(values);
    const { chatbots } = await listChatbots(ctx.db.kysely, workspaceId, 0, Number.MAX_SAFE_INTEGER);
    const rows = await Promise.all(
      chatbots.map(async (bot) => ({
        serialNumber: bot.serialNumber,
        name: bot.settings.Name,
        timeZone: bot.settings.TimeZone,
        listings: await countListings(ctx.db.kysely, { workspaceId, chatbotId: bot.id }, {}),
        createdAt: bot.createdAt,
      })),
    );
    const text = rows.length
      ? rows.map((r) => `${r.serialNumber}  ${r.name}  ${r.timeZone}  ${r.listings} listings`).join('\n')
      : `Workspace ${workspaceId} has no chatbots.`;
    return { json: rows, text };
  },
};
