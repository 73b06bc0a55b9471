// MCP keys of a chatbot (docs/mcp.md, "Keys"): random, shown once, stored only as SHA-256
// hashes, revoked (not deleted) by the CLI and the console. A request presents one as
// `Authorization: Bearer <key>` when the chatbot's McpRequireKey is set.
import { randomBytes } from 'node:crypto';
import { requireChatbot } from '../chatbots/index.ts';
import { Invalid, NotFound } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { hashKey, keyPrefix } from '../workspaces/index.ts';
import { insertMcpKey, listMcpKeys, type McpKeyRow, revokeMcpKey } from './repo.ts';

const KEY_PREFIX = 'mcp_';
export const KEY_NAME_MAX = 100;

/** A key as listings show it: never the key, only its first characters. */
export function mcpKeyRecord(k: McpKeyRow) {
  return { ID: k.id, Prefix: k.prefix, Name: k.name, CreatedAt: k.createdAt, RevokedAt: k.revokedAt ?? '' };
}

/** Creates a key for the chatbot; the key itself is answered here and nowhere else. */
export async function createMcpKey(ctx: ServiceContext, serialNumber: string, name: string) {
  const label = name.trim();
  if (label.length > KEY_NAME_MAX) throw new Invalid('Name', `must be at most ${KEY_NAME_MAX} characters`);
  const chatbot = await requireChatbot(ctx, serialNumber);
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  const id = await insertMcpKey(
    ctx.db,
    {
      workspaceId: ctx.workspaceId,
      chatbotId: chatbot.id,
      keyHash: hashKey(key),
      prefix: keyPrefix(key),
      name: label || 'MCP key',
    },
    ctx.now,
  );
  return { ID: id, Key: key, Prefix: keyPrefix(key), Name: label || 'MCP key' };
}

export async function mcpKeysOf(ctx: ServiceContext, serialNumber: string) {
  const chatbot = await requireChatbot(ctx, serialNumber);
  return (await listMcpKeys(ctx.db, ctx.workspaceId, chatbot.id)).map(mcpKeyRecord);
}

export async function revokeMcpKeyOf(ctx: ServiceContext, serialNumber: string, keyId: number): Promise<void> {
  const chatbot = await requireChatbot(ctx, serialNumber);
  if (!(await revokeMcpKey(ctx.db, ctx.workspaceId, chatbot.id, keyId, ctx.now))) {
    throw new NotFound(`MCP key ${keyId} of chatbot "${serialNumber}"`);
  }
}
