// A chatbot's MCP usage over a date range (console, CLI): calls by tool and outcome, with
// their mean duration, from the log of tool calls (usage.ts writes it).
import { requireChatbot } from '../chatbots/index.ts';
import { Invalid } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { mcpCallCounts } from './repo.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** [from, to] as UTC dates (YYYY-MM-DD), to included. */
export async function mcpUsageOf(ctx: ServiceContext, serialNumber: string, from: string, to: string) {
  if (!DAY.test(from) || Number.isNaN(Date.parse(from))) throw new Invalid('From', 'must be a date, YYYY-MM-DD');
  if (!DAY.test(to) || Number.isNaN(Date.parse(to))) throw new Invalid('To', 'must be a date, YYYY-MM-DD');
  if (to < from) throw new Invalid('To', 'must not be before From');
  const chatbot = await requireChatbot(ctx, serialNumber);
  const end = new Date(Date.parse(to) + 86_400_000).toISOString();
  const rows = await mcpCallCounts(ctx.db, ctx.workspaceId, chatbot.id, new Date(Date.parse(from)).toISOString(), end);
  return rows.map((r) => ({
    Tool: r.tool,
    Outcome: r.outcome,
    Calls: r.calls,
    MeanMs: Math.round(r.meanMs * 10) / 10,
  }));
}
