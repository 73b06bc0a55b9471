// ExportConversations (docs/review.md): a chatbot's messages of a date range (UTC days, both
// included) as CSV or JSON, one row per message with its rating, or one row per conversation
// begun in the range with its lead, showing, ratings and outcome (conversation-rows.ts),
// streamed a batch at a time: memory stays flat whatever the size. CSV fields never read as
// formulas (leads' csvField); nothing in the range gives the header alone (CSV) or [] (JSON).
import { type ExportCursor, exportBatch } from '../chat/index.ts';
import { requireChatbot } from '../chatbots/index.ts';
import type { Db } from '../db/connect.ts';
import { csvField } from '../leads/index.ts';
import { CONVERSATION_COLUMNS, conversationRows } from './conversation-rows.ts';
import { dayRange } from './date-range.ts';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_ROWS = ['message', 'conversation'] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];

const BATCH = 1000;
const COLUMNS = [
  'SessionID',
  'MessageID',
  'CreatedAt',
  'Role',
  'Content',
  'QuestionID',
  'NoAnswer',
  'Engine',
  'Status',
  'TotalToken',
  'Rating',
  'RatingReason',
] as const;

export interface ExportDeps {
  db: Db;
  clock: () => Date;
}

export interface ExportInput {
  serialNumber: string;
  from: string;
  to: string;
  format: ExportFormat;
  /** One row per message (the default) or per conversation. */
  per?: ExportRows;
}

type Row = Awaited<ReturnType<typeof exportBatch>>[number];

function record(r: Row) {
  return {
    SessionID: r.session_id,
    MessageID: r.id,
    CreatedAt: r.created_at,
    Role: r.role === 'user' ? 'user' : r.role === 'agent' ? 'agent' : 'assistant',
    Content: r.content,
    QuestionID: r.question_id,
    NoAnswer: r.no_answer === 1,
    Engine: r.engine ?? '',
    Status: r.status,
    TotalToken: r.total_token,
    Rating: r.rating ?? '',
    RatingReason: r.reason ?? '',
  };
}

const csvLine = (values: readonly (string | number | null)[]) => `${values.map(csvField).join(',')}\r\n`;

/** Checks everything before the first byte, then returns the body as text chunks. */
export async function exportConversations(deps: ExportDeps, workspaceId: number, input: ExportInput) {
  const range = dayRange({ field: 'from', value: input.from }, { field: 'to', value: input.to });
  const db = deps.db.kysely;
  const bot = await requireChatbot({ db, workspaceId, now: deps.clock() }, input.serialNumber);
  async function* messageRows() {
    let after: ExportCursor | null = null;
    for (;;) {
      const rows = await exportBatch(db, workspaceId, bot.id, range, after, BATCH);
      yield rows.map(record);
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) return;
      after = { at: last.created_at, id: last.id };
    }
  }
  const per = input.per ?? 'message';
  const columns: readonly string[] = per === 'message' ? COLUMNS : CONVERSATION_COLUMNS;
  const batches = (): AsyncIterable<Record<string, string | number | boolean | null>[]> =>
    per === 'message' ? messageRows() : conversationRows(deps.db, workspaceId, bot.id, range);
  async function* csv() {
    yield csvLine(columns);
    for await (const list of batches()) {
      if (list.length)
        yield list
          .map((r) => csvLine(columns.map((c) => (typeof r[c] === 'boolean' ? String(r[c]) : (r[c] ?? null)))))
          .join('');
    }
  }
  async function* json() {
    yield '[';
    let first = true;
    for await (const list of batches()) {
      if (!list.length) continue;
      yield `${first ? '\n' : ',\n'}${list.map((r) => JSON.stringify(r)).join(',\n')}`;
      first = false;
    }
    yield first ? ']' : '\n]';
  }
  const kind = per === 'message' ? 'conversations' : 'conversation-summaries';
  const name = `${kind}-${bot.serialNumber}-${input.from}-${input.to}.${input.format}`;
  return { fileName: name, body: input.format === 'csv' ? csv() : json() };
}
