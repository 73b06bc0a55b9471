// A chatbot's picture and icon as files: the uploaded name a setting's file ID stands for.
// Which settings name them, who may see them and what happens when their chatbot goes is the
// chatbots feature's (chatbots/images.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { findFile } from './repo.ts';

/** The uploaded name of a chatbot's picture or icon (a file ID setting), or "" when unset or gone. */
export async function chatbotImageName(db: Kysely<Database>, workspaceId: number, fileId: string): Promise<string> {
  const id = /^\d{1,10}$/.test(fileId) ? Number(fileId) : 0;
  if (id < 1 || id > 2_147_483_647) return '';
  const file = await findFile(db, workspaceId, id);
  return file?.status === 'active' ? file.file_name : '';
}
