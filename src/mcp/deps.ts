// What the MCP feature runs with, wired by app.ts: the database and clock, the visitor limits,
// the metrics registry, and the chat's own lead and showing paths (so a lead or a showing an
// MCP client records is recorded exactly as the chat records it).
import type { Registry } from 'prom-client';
import type { ChatDeps } from '../chat/index.ts';
import type { AbuseLimits } from '../config.ts';
import type { Db } from '../db/connect.ts';

export interface McpDeps {
  db: Db;
  clock: () => Date;
  abuse: AbuseLimits;
  registry: Registry;
  talkToHuman?: ChatDeps['talkToHuman'];
  tours?: ChatDeps['tours'];
  /** Parlor's version, which the server reports to clients. */
  version: string;
}
