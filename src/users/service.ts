// Staff accounts of a workspace (owner: everything; agent: conversations and leads), used by
// the CLI (`npx parlor user …`), first start and the console's sign-in.
import { enforceAbuseRules, signInRules, uncountAttempt } from '../abuse/index.ts';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Conflict, Invalid, NotFound, Unauthorized } from '../errors.ts';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  deleteUser,
  findUser,
  findUserByEmail,
  insertUser,
  listUsers,
  type Role,
  setPasswordHash,
  type User,
} from './repo.ts';

export const ROLES: readonly Role[] = ['owner', 'agent'];
const EMAIL = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"().]+$/;

export function normalEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!email) throw new Invalid('Email', 'is required');
  if (email.length > 254 || !EMAIL.test(email)) throw new Invalid('Email', `"${raw.trim()}" is not an e-mail address`);
  return email;
}

export function roleOf(raw: string): Role {
  const role = ROLES.find((r) => r === raw.trim().toLowerCase());
  if (!role) throw new Invalid('Role', `must be owner or agent, got "${raw}"`);
  return role;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new Invalid('Password', problem.replace(/^Password /, ''));
}

/** Creates a user; without a password one is generated and answered (shown once). */
export async function createUser(
  db: Db,
  input: { workspaceId: number; email: string; name?: string; role: Role; password?: string },
  now: Date,
): Promise<{ user: User; password: string }> {
  const email = normalEmail(input.email);
  const name = (input.name ?? '').trim();
  if (name.length > 200) throw new Invalid('Name', 'must be at most 200 characters');
  const password = input.password ?? generatePassword();
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  try {
    const user = await insertUser(
      db.kysely,
      { workspaceId: input.workspaceId, email, name, passwordHash, role: input.role },
      now,
    );
    return { user, password };
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(`a user with the e-mail ${email} already exists`);
    throw err;
  }
}

export async function usersOf(db: Db, workspaceId: number | null): Promise<User[]> {
  return listUsers(db.kysely, workspaceId);
}

async function requireUserByEmail(db: Db, email: string): Promise<User> {
  const user = await findUserByEmail(db.kysely, normalEmail(email));
  if (!user) throw new NotFound(`user ${email.trim()}`);
  return user;
}

/** Sets a new password (generated when none is given) and signs the user out everywhere. */
export async function resetPassword(db: Db, email: string, now: Date, password?: string) {
  const user = await requireUserByEmail(db, email);
  const next = password ?? generatePassword();
  checkPassword(next);
  await setPasswordHash(db.kysely, user.id, await hashPassword(next), now);
  return { user, password: next };
}

/** Removes a user, unless it is the workspace's last owner. */
export async function removeUser(db: Db, email: string): Promise<User> {
  const user = await requireUserByEmail(db, email);
  if (user.role === 'owner') {
    const owners = (await listUsers(db.kysely, user.workspace_id)).filter((u) => u.role === 'owner');
    if (owners.length <= 1) throw new Conflict(`${user.email} is the workspace's last owner; add another owner first`);
  }
  await deleteUser(db.kysely, user.id);
  return user;
}

export async function userInWorkspace(db: Db, workspaceId: number, id: number): Promise<User> {
  const user = await findUser(db.kysely, workspaceId, id);
  if (!user) throw new NotFound(`user ${id}`);
  return user;
}

/**
 * Checks an e-mail and password. Failed attempts are counted per account and per client
 * address (abuse/limits.ts signInRules); once either is exhausted every attempt is refused
 * with 429 until the window ends, the right password included. Unknown e-mail and wrong
 * password answer the same message.
 */
export async function checkSignIn(db: Db, emailRaw: string, password: string, address: string, now: Date) {
  const email = emailRaw.trim().toLowerCase();
  const rules = signInRules(email, address);
  // Counted before the hash: concurrent attempts cannot all slip under the ceiling.
  await db.kysely.transaction().execute((tx) => enforceAbuseRules(tx, rules, now));
  const user = email ? await findUserByEmail(db.kysely, email) : undefined;
  // An unknown e-mail still costs one hash, so that timing does not tell which accounts exist.
  if (!user) await hashPassword(password);
  const ok = user ? await verifyPassword(password, user.password_hash) : false;
  if (!user || !ok) throw new Unauthorized('wrong e-mail or password');
  await uncountAttempt(db.kysely, rules, now);
  return user;
}
