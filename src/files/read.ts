// Active files read back: the workspace's own download, the public picture or icon a chatbot
// shows, and the documents knowledge sources name.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import { findActiveImageById, findFile, type StoredFile } from './repo.ts';
import type { FilesContext } from './service.ts';

/** The workspace's active documents (knowledge sources) among `ids`, by ID; others are absent. */
export async function activeDocuments(db: Kysely<Database>, workspaceId: number, ids: readonly number[]) {
  const found = new Map<number, StoredFile>();
  for (const id of new Set(ids)) {
    const file = await findFile(db, workspaceId, id);
    if (file?.status === 'active' && file.kind === 'document') found.set(id, file);
  }
  return found;
}

/** An active file of the workspace with its bytes, for the workspace's own download. */
export async function openFile(ctx: Pick<FilesContext, 'db' | 'storage'>, workspaceId: number, id: number) {
  const file = await findFile(ctx.db, workspaceId, id);
  if (file?.status !== 'active') throw new NotFound(`file ${id}`);
  return { file, body: await ctx.storage.get(file.storage_key) };
}

/** An image some chatbot shows as its picture or icon, for anyone; every other file is 404. */
export async function openPublicImage(ctx: FilesContext, id: number) {
  const file = await findActiveImageById(ctx.db, id);
  if (!file || !(await ctx.isChatbotImage(file))) throw new NotFound(`file ${id}`);
  return { file, body: await ctx.storage.get(file.storage_key) };
}
