// What the console's People page changes: an owner changes a teammate's role or removes them;
// everyone changes their own password and e-mail (both ask for the current password).
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  deleteUser,
  findUser,
  listUsers,
  type Role,
  setChosenPassword,
  setUserEmail,
  setUserRole,
  type User,
} from './repo.ts';
import { normalEmail } from './service.ts';

async function requireMember(db: Db, workspaceId: number, id: number): Promise<User> {
  const user = await findUser(db.kysely, workspaceId, id);
  if (!user) throw new NotFound(`user ${id}`);
  return user;
}

async function otherOwners(db: Db, user: User): Promise<number> {
  const all = await listUsers(db.kysely, user.workspace_id);
  return all.filter((u) => u.role === 'owner' && u.id !== user.id).length;
}

export async function changeRole(db: Db, workspaceId: number, id: number, role: Role, now: Date): Promise<User> {
  const user = await requireMember(db, workspaceId, id);
  if (user.role === role) return user;
  if (user.role === 'owner' && (await otherOwners(db, user)) === 0)
    throw new Conflict(`Role: ${user.email} is the workspace's last owner; make someone else an owner first`);
  await setUserRole(db.kysely, workspaceId, id, role, now);
  return { ...user, role };
}

export async function removeMember(db: Db, workspaceId: number, id: number, actorId: number): Promise<User> {
  const user = await requireMember(db, workspaceId, id);
  if (user.id === actorId) throw new Conflict('you cannot remove yourself; ask another owner');
  if (user.role === 'owner' && (await otherOwners(db, user)) === 0)
    throw new Conflict(`${user.email} is the workspace's last owner; add another owner first`);
  await deleteUser(db.kysely, user.id);
  return user;
}

async function checkCurrent(user: User, current: string): Promise<void> {
  if (!current) throw new Invalid('CurrentPassword', 'is required');
  if (!(await verifyPassword(current, user.password_hash)))
    throw new Invalid('CurrentPassword', 'is not your password');
}

/** Sets the user's own password; every other session of theirs ends (the caller starts a new one). */
export async function changeOwnPassword(
  db: Db,
  workspaceId: number,
  id: number,
  input: { current: string; next: string },
  now: Date,
): Promise<User> {
  const user = await requireMember(db, workspaceId, id);
  await checkCurrent(user, input.current);
  const problem = passwordProblem(input.next);
  if (problem) throw new Invalid('NewPassword', problem.replace(/^Password /, ''));
  if (input.next === input.current) throw new Invalid('NewPassword', 'must differ from the current password');
  const hash = await hashPassword(input.next);
  await setChosenPassword(db.kysely, id, hash, now);
  return user;
}

export async function changeOwnEmail(
  db: Db,
  workspaceId: number,
  id: number,
  input: { email: string; current: string },
  now: Date,
): Promise<User> {
  const user = await requireMember(db, workspaceId, id);
  const email = normalEmail(input.email);
  await checkCurrent(user, input.current);
  try {
    await setUserEmail(db.kysely, id, email, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(`Email: a user with the e-mail ${email} already exists`);
    throw err;
  }
  return { ...user, email };
}
