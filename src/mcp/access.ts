// Who may use a chatbot's MCP server (docs/mcp.md, "Access"): the chatbot must exist and have
// EnableMcp, else 404 (a disabled server is not there, as for any unknown path). With
// McpRequireKey, the request must carry one of the chatbot's unrevoked MCP keys (401
// otherwise). A key of another workspace's chatbot answers 404, so a key never learns
// whether a serial exists elsewhere.
import { type Chatbot, findChatbotBySerial } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { createResultCache } from '../db/result-cache.ts';
import { NotFound, Unauthorized } from '../errors.ts';
import { hashKey } from '../workspaces/index.ts';
import { findMcpKey } from './repo.ts';

export const KEY_RULE =
  'this MCP server needs Authorization: Bearer <an MCP key of this chatbot> (create one with `parlor mcp-key create`)';

/** The bearer token of an Authorization header, or null. */
function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/** The chatbot a request may use, or NotFound / Unauthorized. */
export function mcpAccess(db: Db) {
  // Chatbots change rarely and are read on every call: cached while no chatbot or workspace changed.
  const chatbots = createResultCache<Chatbot | null>(db, ['chatbots', 'workspaces']);
  return async (serialNumber: string, authorization: string | undefined): Promise<Chatbot> => {
    const chatbot = await chatbots.get(
      serialNumber,
      async () => (await findChatbotBySerial(db.kysely, serialNumber)) ?? null,
    );
    if (!chatbot?.settings.EnableMcp) throw new NotFound(`MCP server "${serialNumber}"`);
    const token = bearerOf(authorization);
    if (token === null) {
      if (chatbot.settings.McpRequireKey) throw new Unauthorized(KEY_RULE);
      return chatbot;
    }
    const key = await findMcpKey(db.kysely, hashKey(token));
    if (key && key.workspace_id !== chatbot.workspaceId) throw new NotFound(`MCP server "${serialNumber}"`);
    if (chatbot.settings.McpRequireKey && key?.chatbot_id !== chatbot.id) throw new Unauthorized(KEY_RULE);
    return chatbot;
  };
}
