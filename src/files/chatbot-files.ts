// Files used by chatbots: a chatbot's picture and icon are public (the widget shows them
// to anyone), and a removed chatbot's files go with it unless another chatbot of the
// workspace still shows them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import {
  chatbotSettings,
  filesOfChatbot,
  findFile,
  markChatbotFilesRemoved,
  type StoredFile,
  setFileOwner,
} from './repo.ts';

/** The file IDs a chatbot's settings (JSON) use as ChatProfilePicture and ChatIcon. */
export function chatbotImageIds(settingsJson: string): number[] {
  let settings: unknown;
  try {
    settings = JSON.parse(settingsJson);
  } catch {
    return [];
  }
  if (typeof settings !== 'object' || settings === null) return [];
  const ids: number[] = [];
  for (const field of ['ChatProfilePicture', 'ChatIcon']) {
    const value = (settings as Record<string, unknown>)[field];
    if (typeof value === 'string' && /^\d+$/.test(value)) ids.push(Number(value));
  }
  return ids;
}

/** The uploaded name of a chatbot's picture or icon (a file ID setting), or "" when unset or gone. */
export async function chatbotImageName(db: Kysely<Database>, workspaceId: number, fileId: string): Promise<string> {
  const id = /^\d{1,10}$/.test(fileId) ? Number(fileId) : 0;
  if (id < 1 || id > 2_147_483_647) return '';
  const file = await findFile(db, workspaceId, id);
  return file?.status === 'active' ? file.file_name : '';
}

/** True while some chatbot of the file's workspace shows the image as its picture or icon. */
export async function isChatbotImage(db: Kysely<Database>, file: StoredFile): Promise<boolean> {
  const bots = await chatbotSettings(db, file.workspace_id);
  return bots.some((bot) => chatbotImageIds(bot.settings).includes(file.id));
}

/**
 * Marks a chatbot's files removed (call in the transaction that deletes the chatbot); the
 * sweeper then deletes their rows and blobs. An image another chatbot still shows moves
 * to that chatbot instead.
 */
export async function releaseChatbotFiles(db: Kysely<Database>, workspaceId: number, chatbotId: number): Promise<void> {
  const files = await filesOfChatbot(db, workspaceId, chatbotId);
  if (files.length === 0) return;
  const owned = new Set(files.map((f) => f.id));
  const moving = new Map<number, number[]>();
  for (const other of await chatbotSettings(db, workspaceId, chatbotId)) {
    const ids = chatbotImageIds(other.settings).filter((id) => owned.has(id));
    for (const id of ids) owned.delete(id);
    if (ids.length > 0) moving.set(other.id, ids);
  }
  for (const [owner, ids] of moving) await setFileOwner(db, workspaceId, ids, owner);
  await markChatbotFilesRemoved(db, workspaceId, chatbotId);
}
