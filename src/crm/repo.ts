// A workspace's CRM connection: the only module of crm/ that touches the database.
import type { Kysely, Selectable } from 'kysely';
import type { CrmSettingsTable, Database } from '../db/tables.ts';

export type CrmSettings = Selectable<CrmSettingsTable>;

export async function findCrmSettings(db: Kysely<Database>, workspaceId: number): Promise<CrmSettings | undefined> {
  return db.selectFrom('crm_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
}

export async function saveCrmSettings(db: Kysely<Database>, row: CrmSettings): Promise<void> {
  const { workspace_id: _, ...change } = row;
  await db
    .insertInto('crm_settings')
    .values(row)
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet(change))
    .execute();
}

export async function deleteCrmSettings(db: Kysely<Database>, workspaceId: number): Promise<void> {
  await db.deleteFrom('crm_settings').where('workspace_id', '=', workspaceId).execute();
}
