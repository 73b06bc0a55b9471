// `mcp-key create|list|revoke`: the keys an MCP client presents to a chatbot's MCP server
// when its McpRequireKey is set (docs/mcp.md). A key is shown once, at creation.
import { createMcpKey, KEY_NAME_MAX, mcpKeysOf, revokeMcpKeyOf } from '../mcp/index.ts';
import type { Command } from './command.ts';
import { type CommandContext, type OptionValues, optionalText, requiredText, UsageError, workspaceIdOf } from './io.ts';

const scope = (ctx: CommandContext, values: OptionValues) => ({
  svc: { db: ctx.db.kysely, workspaceId: workspaceIdOf(values), now: ctx.now() },
  serial: requiredText(values, 'chatbot'),
});

export const mcpKeyCreate: Command = {
  path: 'mcp-key create',
  synopsis: '--workspace ID --chatbot SERIAL [--name NAME]',
  summary: "create a key for a chatbot's MCP server (shown once)",
  options: { workspace: { type: 'string' }, chatbot: { type: 'string' }, name: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const { svc, serial } = scope(ctx, values);
    const name = optionalText(values, 'name') ?? '';
    if (name.trim().length > KEY_NAME_MAX) throw new UsageError(`--name must be at most ${KEY_NAME_MAX} characters`);
    const key = await createMcpKey(svc, serial, name);
    return {
      json: { id: key.ID, name: key.Name, key: key.Key, chatbot: serial },
      text: [
        `Created MCP key ${key.ID} (${key.Name}) for chatbot ${serial}:`,
        `  ${key.Key}`,
        'Send it as Authorization: Bearer <key>. It is not shown again.',
      ].join('\n'),
    };
  },
};

export const mcpKeyList: Command = {
  path: 'mcp-key list',
  synopsis: '--workspace ID --chatbot SERIAL',
  summary: "list a chatbot's MCP keys (their first characters, never the keys)",
  options: { workspace: { type: 'string' }, chatbot: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const { svc, serial } = scope(ctx, values);
    const keys = await mcpKeysOf(svc, serial);
    const text = keys.length
      ? keys
          .map((k) => `${k.ID}  ${k.Prefix}…  ${k.Name}  ${k.RevokedAt ? `revoked ${k.RevokedAt}` : 'active'}`)
          .join('\n')
      : `Chatbot ${serial} has no MCP keys.`;
    return { json: keys, text };
  },
};

export const mcpKeyRevoke: Command = {
  path: 'mcp-key revoke',
  synopsis: '--workspace ID --chatbot SERIAL --id KEY_ID',
  summary: 'revoke an MCP key (by the ID create and list show)',
  options: { workspace: { type: 'string' }, chatbot: { type: 'string' }, id: { type: 'string' } },
  positionals: [],
  migrates: true,
  async run(ctx, values) {
    const { svc, serial } = scope(ctx, values);
    const raw = requiredText(values, 'id');
    if (!/^\d{1,15}$/.test(raw)) throw new UsageError(`--id must be a key ID (a positive integer), got "${raw}"`);
    await revokeMcpKeyOf(svc, serial, Number(raw));
    return { json: { revoked: true, id: Number(raw) }, text: `MCP key ${raw} revoked.` };
  },
};
