import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** An uploaded, validated image of this workspace (a chatbot's avatar or bubble icon), or undefined. */
export async function findActiveImage(
  db: Kysely<Database>,
  workspaceId: number,
  fileId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('files')
    .select('id')
    .where('id', '=', fileId)
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'image')
    .where('status', '=', 'active')
    .executeTakeFirst();
}
