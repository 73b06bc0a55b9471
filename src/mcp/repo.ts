// The MCP feature's tables: its keys and the log of its tool calls (docs/mcp.md).
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface McpKeyRow {
  id: number;
  chatbotId: number;
  prefix: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

export async function insertMcpKey(
  db: Kysely<Database>,
  k: { workspaceId: number; chatbotId: number; keyHash: string; prefix: string; name: string },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('mcp_keys')
    .values({
      workspace_id: k.workspaceId,
      chatbot_id: k.chatbotId,
      key_hash: k.keyHash,
      prefix: k.prefix,
      name: k.name,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The chatbot and workspace an unrevoked key belongs to, by the key's hash. */
export async function findMcpKey(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('mcp_keys')
    .select(['id', 'workspace_id', 'chatbot_id'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function listMcpKeys(db: Kysely<Database>, workspaceId: number, chatbotId: number): Promise<McpKeyRow[]> {
  const rows = await db
    .selectFrom('mcp_keys')
    .select(['id', 'chatbot_id', 'prefix', 'name', 'created_at', 'revoked_at'])
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    chatbotId: r.chatbot_id,
    prefix: r.prefix,
    name: r.name,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  }));
}

/** Revokes one key of the chatbot; answers whether an unrevoked key was found. */
export async function revokeMcpKey(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  keyId: number,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('mcp_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', keyId)
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface McpCall {
  workspaceId: number;
  chatbotId: number;
  tool: string;
  outcome: string;
  durationMs: number;
  at: string;
}

export async function insertMcpCalls(db: Kysely<Database>, calls: readonly McpCall[]): Promise<void> {
  if (calls.length === 0) return;
  await db
    .insertInto('mcp_calls')
    .values(
      calls.map((c) => ({
        workspace_id: c.workspaceId,
        chatbot_id: c.chatbotId,
        tool: c.tool,
        outcome: c.outcome,
        duration_ms: c.durationMs,
        created_at: c.at,
      })),
    )
    .execute();
}

/** Tool calls of a chatbot in [from, to), by tool and outcome. */
export async function mcpCallCounts(
  db: Kysely<Database>,
  workspaceId: number,
  chatbotId: number,
  from: string,
  to: string,
) {
  const rows = await db
    .selectFrom('mcp_calls')
    .select(({ fn }) => [
      'tool',
      'outcome',
      fn.countAll<number | string>().as('calls'),
      fn.avg<number | string>('duration_ms').as('mean_ms'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('chatbot_id', '=', chatbotId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['tool', 'outcome'])
    .orderBy('tool')
    .orderBy('outcome')
    .execute();
  return rows.map((r) => ({ tool: r.tool, outcome: r.outcome, calls: Number(r.calls), meanMs: Number(r.mean_ms) }));
}
