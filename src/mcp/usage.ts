// Every MCP tool call is counted in /metrics at once and logged in the chatbot's usage
// (mcp_calls: tool, outcome, duration). The log is written in batches, at most a second
// after the call and when the app closes: one insert per call would be a write per read,
// and on SQLite any write also ends the read caches' generation (db/result-cache.ts).
import type { Kysely } from 'kysely';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/tables.ts';
import { startPeriodic } from '../periodic.ts';
import { insertMcpCalls, type McpCall } from './repo.ts';

export type McpOutcome = 'ok' | 'error' | 'invalid' | 'limited' | 'failed';

export interface McpUsage {
  record(call: Omit<McpCall, 'outcome'> & { outcome: McpOutcome }): void;
  /** Writes what is waiting (tests; the app's close). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const FLUSH_MS = 1000;
/** Past this many waiting calls, a flush starts at once. */
const BATCH = 500;

export function mcpUsage(db: Kysely<Database>, registry: Registry, onError: (err: unknown) => void): McpUsage {
  const calls = new Counter({
    name: 'parlor_mcp_tool_calls_total',
    help: 'MCP tool calls by tool and outcome (ok, error, invalid, limited, failed)',
    labelNames: ['tool', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'parlor_mcp_tool_call_duration_seconds',
    help: 'MCP tool call duration by tool',
    labelNames: ['tool'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  let waiting: McpCall[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = waiting;
    waiting = [];
    writing = writing.then(() => insertMcpCalls(db, batch)).catch(onError);
    return writing;
  };
  const stopTimer = startPeriodic(async () => (waiting.length ? flush() : undefined), FLUSH_MS, onError);
  return {
    record(call) {
      calls.inc({ tool: call.tool, outcome: call.outcome });
      duration.observe({ tool: call.tool }, call.durationMs / 1000);
      waiting.push(call);
      if (waiting.length >= BATCH) void flush();
    },
    flush,
    async stop() {
      stopTimer();
      await flush();
    },
  };
}
