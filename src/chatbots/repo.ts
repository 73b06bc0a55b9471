import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '../db/connect.ts';
import type { ChatbotTable, Database } from '../db/tables.ts';
import { parseSettings, type Settings } from './settings.ts';

/** A chatbot's identity and settings. */
export type ChatbotSettings = Pick<Chatbot, 'id' | 'workspaceId' | 'serialNumber' | 'settings'>;

export interface Chatbot {
  id: number;
  workspaceId: number;
  serialNumber: string;
  type: number;
  settings: Settings;
  createdAt: string;
  updatedAt: string;
}

type ChatbotRow = Selectable<ChatbotTable>;

function toChatbot(row: ChatbotRow): Chatbot {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    serialNumber: row.serial_number,
    type: row.type,
    settings: parseSettings(row.settings),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Serial numbers are what clients see: random, unguessable across workspaces. */
export function newSerialNumber(): string {
  return randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
}

export async function insertChatbot(
  db: Kysely<Database>,
  workspaceId: number,
  type: number,
  settings: Settings,
  now: Date,
): Promise<Chatbot> {
  const ts = now.toISOString();
  const row = await db
    .insertInto('chatbots')
    .values({
      workspace_id: workspaceId,
      serial_number: newSerialNumber(),
      type,
      settings: JSON.stringify(settings),
      created_at: ts,
      updated_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChatbot(row);
}

/** A chatbot of this workspace; another workspace's chatbot is indistinguishable from none. */
export async function findChatbot(
  db: Kysely<Database>,
  workspaceId: number,
  serialNumber: string,
): Promise<Chatbot | undefined> {
  const row = await db
    .selectFrom('chatbots')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ? toChatbot(row) : undefined;
}

/** findChatbot inside a transaction, with the row locked until it ends (read-modify-write of settings). */
export async function findChatbotForUpdate(
  trx: Kysely<Database>,
  workspaceId: number,
  serialNumber: string,
): Promise<Chatbot | undefined> {
  let q = trx
    .selectFrom('chatbots')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .where('workspace_id', '=', workspaceId);
  // SQLite has one writer (its transactions are already serialized) and rejects FOR UPDATE.
  if (isPostgres(trx)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toChatbot(row) : undefined;
}

export async function findChatbotById(db: Kysely<Database>, id: number): Promise<Chatbot | undefined> {
  const row = await db.selectFrom('chatbots').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toChatbot(row) : undefined;
}

/** The first chatbot made on this database (first start's demo chatbot, when bootstrap made one). */
export async function findFirstChatbot(db: Kysely<Database>): Promise<Chatbot | undefined> {
  const row = await db.selectFrom('chatbots').selectAll().orderBy('id').limit(1).executeTakeFirst();
  return row ? toChatbot(row) : undefined;
}

/** Public lookup by serial number alone (the widget's endpoints carry no workspace credential). */
export async function findChatbotBySerial(db: Kysely<Database>, serialNumber: string): Promise<Chatbot | undefined> {
  const row = await db.selectFrom('chatbots').selectAll().where('serial_number', '=', serialNumber).executeTakeFirst();
  return row ? toChatbot(row) : undefined;
}

export async function listChatbots(db: Kysely<Database>, workspaceId: number, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('chatbots')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('chatbots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { chatbots: rows.map(toChatbot), total: Number(total.n) };
}

export async function saveSettings(db: Kysely<Database>, chatbot: Chatbot, settings: Settings, now: Date) {
  await db
    .updateTable('chatbots')
    .set({ settings: JSON.stringify(settings), updated_at: now.toISOString() })
    .where('id', '=', chatbot.id)
    .where('workspace_id', '=', chatbot.workspaceId)
    .execute();
}

/** Removes the chatbot; its sessions, messages, listings and counters go with it (ON DELETE CASCADE). */
export async function deleteChatbot(db: Kysely<Database>, workspaceId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('chatbots')
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Every chatbot with its settings (the daily digest job filters on settings, which are JSON). */
export async function allChatbots(db: Kysely<Database>, workspaceIds?: readonly number[]): Promise<ChatbotSettings[]> {
  let q = db.selectFrom('chatbots').select(['id', 'workspace_id', 'serial_number', 'settings']);
  if (workspaceIds) q = q.where('workspace_id', 'in', workspaceIds.length ? [...workspaceIds] : [-1]);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    workspaceId: r.workspace_id,
    serialNumber: r.serial_number,
    settings: parseSettings(r.settings),
  }));
}

/** The settings of a workspace's chatbots, but one (which of them shows an image). */
export async function chatbotsOfWorkspace(
  db: Kysely<Database>,
  workspaceId: number,
  exceptChatbotId?: number,
): Promise<{ id: number; settings: Settings }[]> {
  let q = db.selectFrom('chatbots').select(['id', 'settings']).where('workspace_id', '=', workspaceId);
  if (exceptChatbotId !== undefined) q = q.where('id', '!=', exceptChatbotId);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, settings: parseSettings(r.settings) }));
}
