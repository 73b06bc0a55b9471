import type { Dialect } from '../db/connect.ts';
import { type MigrationDb, ref, withId } from './columns.ts';

// The MCP server of a chatbot (mcp/, docs/mcp.md):
// - mcp_keys: the keys an MCP client presents (Authorization: Bearer) when the chatbot's
//   McpRequireKey is set. One chatbot's each; stored as the hex SHA-256 of the key with its
//   first characters to tell keys apart; revoked_at set by a revoke (rows are kept, so a
//   listing shows when a key stopped working).
// - mcp_calls: one row per tool call (the chatbot's MCP usage): the tool, its outcome (ok,
//   error, invalid, limited, failed) and how long it took. (chatbot_id, created_at) serves
//   the usage report over a date range.
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('mcp_keys'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('mcp_keys_chatbot').on('mcp_keys').column('chatbot_id').execute();

  await withId(db.schema.createTable('mcp_calls'), dialect)
    .addColumn('workspace_id', 'integer', ref('workspaces'))
    .addColumn('chatbot_id', 'integer', ref('chatbots'))
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_calls_chatbot').on('mcp_calls').columns(['chatbot_id', 'created_at']).execute();
}
