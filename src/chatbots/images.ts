// A chatbot's picture and icon (ChatProfilePicture, ChatIcon): uploaded images that any visitor
// may see while a chatbot of their workspace shows them, and that go with the last chatbot
// showing them. The files feature stores them; this feature knows which settings name them, so
// app.ts hands `isChatbotImage` to the file routes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { filesOfChatbot, markChatbotFilesRemoved, setFileOwner } from '../files/index.ts';
import { chatbotsOfWorkspace } from './repo.ts';
import type { Settings } from './settings.ts';

const IMAGE_SETTINGS = ['ChatProfilePicture', 'ChatIcon'] as const;

/** The file IDs a chatbot's settings name as its picture and icon. */
export function chatbotImageIds(settings: Settings): number[] {
  return IMAGE_SETTINGS.map((name) => settings[name]).flatMap((v) => (/^\d+$/.test(v) ? [Number(v)] : []));
}

/** True while some chatbot of the file's workspace shows the image as its picture or icon. */
export async function isChatbotImage(db: Kysely<Database>, file: { id: number; workspace_id: number }) {
  const bots = await chatbotsOfWorkspace(db, file.workspace_id);
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
  for (const other of await chatbotsOfWorkspace(db, workspaceId, chatbotId)) {
    const ids = chatbotImageIds(other.settings).filter((id) => owned.has(id));
    for (const id of ids) owned.delete(id);
    if (ids.length > 0) moving.set(other.id, ids);
  }
  for (const [owner, ids] of moving) await setFileOwner(db, workspaceId, ids, owner);
  await markChatbotFilesRemoved(db, workspaceId, chatbotId);
}
