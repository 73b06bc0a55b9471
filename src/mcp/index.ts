// The MCP feature's public face: what other features may use (docs/architecture.md, "Layers").
// Everything else in mcp/ is its own; `npm run lint` fails on an import that reaches past this file.

export { createMcpKey, KEY_NAME_MAX, mcpKeysOf, revokeMcpKeyOf } from './keys.ts';
export { mcpUsageOf } from './usage-report.ts';
