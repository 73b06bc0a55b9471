// Users and console sessions: the only module that touches users and console_sessions.
import type { Kysely, Selectable } from 'kysely';
import type { ConsoleSessionTable, Database, UserTable } from '../db/tables.ts';

export type User = Selectable<UserTable>;
export type ConsoleSession = Selectable<ConsoleSessionTable>;
export type Role = 'owner' | 'agent';

export async function insertUser(
  db: Kysely<Database>,
  u: { workspaceId: number; email: string; name: string; passwordHash: string; role: Role },
  now: Date,
): Promise<User> {
  const at = now.toISOString();
  return db
    .insertInto('users')
    .values({
      workspace_id: u.workspaceId,
      email: u.email,
      name: u.name,
      password_hash: u.passwordHash,
      role: u.role,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Kysely<Database>, workspaceId: number, id: number): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Every user, or one workspace's, by ID. */
export async function listUsers(db: Kysely<Database>, workspaceId: number | null): Promise<User[]> {
  let q = db.selectFrom('users').selectAll();
  if (workspaceId !== null) q = q.where('workspace_id', '=', workspaceId);
  return q.orderBy('id').execute();
}

/** Sets the password and signs the user out everywhere; answers whether the user exists. */
export async function setPasswordHash(db: Kysely<Database>, userId: number, hash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .executeTakeFirst();
    await trx.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
    return Number(r.numUpdatedRows) > 0;
  });
}

export async function deleteUser(db: Kysely<Database>, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertConsoleSession(
  db: Kysely<Database>,
  s: { userId: number; workspaceId: number; tokenHash: string; csrfToken: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .insertInto('console_sessions')
    .values({
      user_id: s.userId,
      workspace_id: s.workspaceId,
      token_hash: s.tokenHash,
      csrf_token: s.csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: s.expiresAt.toISOString(),
    })
    .execute();
}

/** The session of a cookie token's hash, with its user. */
export async function findConsoleSession(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('console_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.workspace_id',
      's.csrf_token',
      's.last_seen_at',
      's.expires_at',
      'u.email',
      'u.name',
      'u.role',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A session's expiry figures by its ID (for long-lived streams that re-check it). */
export async function consoleSessionTimes(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('console_sessions')
    .select(['last_seen_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function touchConsoleSession(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function deleteConsoleSession(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', id).execute();
}

/** Removes sessions past their absolute expiry or idle since `idleBefore`. */
export async function deleteExpiredConsoleSessions(db: Kysely<Database>, now: Date, idleBefore: Date) {
  const r = await db
    .deleteFrom('console_sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<', idleBefore.toISOString())]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Display names of the given users (agent replies, lead assignment). */
/** The staff of the workspace among these IDs, with their names and e-mails. */
async function namedUsers(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

export async function userNames(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  const rows = await namedUsers(db, workspaceId, ids);
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}

/** The names staff gave themselves, for visitors to read: never an e-mail address (no name: absent). */
export async function publicNames(db: Kysely<Database>, workspaceId: number, ids: number[]) {
  const rows = await namedUsers(db, workspaceId, ids);
  return new Map(rows.filter((r) => r.name.trim() !== '').map((r) => [r.id, r.name.trim()]));
}

/** Changes a user's role and signs them out everywhere (a session keeps the role it started with). */
export async function setUserRole(db: Kysely<Database>, workspaceId: number, userId: number, role: Role, now: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ role, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .where('workspace_id', '=', workspaceId)
      .execute();
    await trx.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
  });
}

/** A password the user chose: stored, marked chosen, and every session of theirs ended. */
export async function setChosenPassword(db: Kysely<Database>, userId: number, hash: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, password_changed_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
  });
}

/** Marks a new user's password as chosen by them (an accepted invitation). */
export async function markPasswordChosen(db: Kysely<Database>, userId: number, now: Date) {
  await db.updateTable('users').set({ password_changed_at: now.toISOString() }).where('id', '=', userId).execute();
}

export async function setUserEmail(db: Kysely<Database>, userId: number, email: string, now: Date) {
  await db.updateTable('users').set({ email, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}
