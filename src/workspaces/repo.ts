import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { Principal } from '../http/auth.ts';
import { generateKey, hashKey, type KeyKind, keyPrefix, sameHash } from './keys.ts';

export interface NewWorkspace {
  workspaceId: number;
  apiKey: string;
  sessionKey: string;
}

export async function createWorkspace(db: Kysely<Database>, name: string, now: Date): Promise<NewWorkspace> {
  return db.transaction().execute(async (trx) => {
    const ws = await trx
      .insertInto('workspaces')
      .values({ name, signing_secret: randomBytes(32).toString('hex'), created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apiKey = await insertKey(trx, ws.id, 'api', null, now);
    const sessionKey = await insertKey(trx, ws.id, 'session', null, now);
    return { workspaceId: ws.id, apiKey, sessionKey };
  });
}

export async function insertKey(
  db: Kysely<Database>,
  workspaceId: number,
  kind: KeyKind,
  sessionId: number | null,
  now: Date,
  name = '',
): Promise<string> {
  const raw = generateKey(kind);
  await db
    .insertInto('api_keys')
    .values({
      workspace_id: workspaceId,
      kind,
      key_hash: hashKey(raw),
      prefix: keyPrefix(raw),
      session_id: sessionId,
      name,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  return raw;
}

/**
 * Creates a key. A workspace has one session key, so a new one revokes the old
 * (the same transaction: there is never a moment with none or two).
 */
export async function createKey(
  db: Kysely<Database>,
  workspaceId: number,
  kind: 'api' | 'session',
  now: Date,
  name = '',
) {
  return db.transaction().execute(async (trx) => {
    const ws = await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).executeTakeFirst();
    if (!ws) return null;
    if (kind === 'session') {
      await trx
        .updateTable('api_keys')
        .set({ revoked_at: now.toISOString() })
        .where('workspace_id', '=', workspaceId)
        .where('kind', '=', 'session')
        .where('revoked_at', 'is', null)
        .execute();
    }
    return insertKey(trx, workspaceId, kind, null, now, name);
  });
}

/** Revokes a key given as the key itself; answers whether one was revoked. */
export async function revokeKey(db: Kysely<Database>, raw: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('key_hash', '=', hashKey(raw))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findPrincipal(db: Kysely<Database>, raw: string): Promise<Principal | null> {
  const hash = hashKey(raw);
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'workspace_id', 'kind', 'key_hash', 'session_id'])
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || !sameHash(row.key_hash, hash)) return null;
  if (row.kind === 'visitor') {
    if (row.session_id === null) return null;
    return { kind: 'visitor', workspaceId: row.workspace_id, keyId: row.id, sessionId: row.session_id };
  }
  return { kind: 'workspace', workspaceId: row.workspace_id, keyId: row.id };
}

/** The most questions one session of the workspace may ask; -1 = unlimited. */
export async function sessionMessagesLimitOf(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('workspaces')
    .select('session_messages_limit')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.session_messages_limit ?? -1;
}

export async function setSessionMessagesLimit(db: Kysely<Database>, workspaceId: number, limit: number) {
  await db.updateTable('workspaces').set({ session_messages_limit: limit }).where('id', '=', workspaceId).execute();
}

/** Deletes the visitor keys of sessions that no longer exist (the empty-session sweep). */
export async function deleteVisitorKeys(db: Kysely<Database>, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.deleteFrom('api_keys').where('kind', '=', 'visitor').where('session_id', 'in', sessionIds).execute();
}

/** The workspace's API and session keys (never visitor keys), newest first; only prefixes. */
export async function listKeys(db: Kysely<Database>, workspaceId: number) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'kind', 'prefix', 'name', 'created_at', 'revoked_at'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', 'in', ['api', 'session'])
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Revokes one of the workspace's API or session keys by ID; answers whether it did. */
export async function revokeKeyById(db: Kysely<Database>, workspaceId: number, id: number, now: Date) {
  const r = await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('kind', 'in', ['api', 'session'])
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function signingSecretOf(db: Kysely<Database>, workspaceId: number): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('signing_secret')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return row.signing_secret;
}

/** Whether any workspace exists (first-run setup creates one when none does). */
export async function hasWorkspace(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('workspaces').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
