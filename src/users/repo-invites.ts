// Invitations: the only module that touches invites.
import type { Kysely, Selectable } from 'kysely';
import type { Database, InviteTable } from '../db/tables.ts';
import type { Role } from './repo.ts';

export type Invite = Selectable<InviteTable>;

export async function insertInvite(
  db: Kysely<Database>,
  i: { workspaceId: number; email: string; name: string; role: Role; tokenHash: string; invitedBy: number | null },
  now: Date,
  expiresAt: Date,
): Promise<Invite> {
  return db
    .insertInto('invites')
    .values({
      workspace_id: i.workspaceId,
      email: i.email,
      name: i.name,
      role: i.role,
      token_hash: i.tokenHash,
      invited_by: i.invitedBy,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findInviteByHash(db: Kysely<Database>, tokenHash: string): Promise<Invite | undefined> {
  return db.selectFrom('invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks an invitation used, unless it already is or has expired; answers whether this call did. */
export async function spendInvite(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('invites')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A workspace's invitations not yet used, newest first. */
export async function openInvites(db: Kysely<Database>, workspaceId: number, now: Date): Promise<Invite[]> {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function deleteInvite(db: Kysely<Database>, workspaceId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('invites')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function countInvites(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const r = await db
    .selectFrom('invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
