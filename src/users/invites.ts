// Invitations to a workspace (the console's People page): an owner names an e-mail and a role,
// Parlor makes a one-time link valid for 72 hours, and whoever opens it chooses a password and
// is signed in. Only the SHA-256 of the link's token is stored, so the database never holds a
// working link. A link used twice, expired or altered is refused with a message saying which.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Conflict, Invalid } from '../errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { findUserByEmail, insertUser, markPasswordChosen, type Role, type User } from './repo.ts';
import { findInviteByHash, type Invite, insertInvite, spendInvite } from './repo-invites.ts';
import { normalEmail } from './service.ts';

export const INVITE_MS = 72 * 3600_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes an invitation; answers it with the token for its link (shown once). */
export async function createInvite(
  db: Db,
  input: { workspaceId: number; email: string; name?: string; role: Role; invitedBy: number | null },
  now: Date,
): Promise<{ invite: Invite; token: string }> {
  const email = normalEmail(input.email);
  const name = (input.name ?? '').trim();
  if (name.length > 200) throw new Invalid('Name', 'must be at most 200 characters');
  if (await findUserByEmail(db.kysely, email))
    throw new Conflict(`Email: a user with the e-mail ${email} already exists`);
  const token = randomBytes(32).toString('base64url');
  const invite = await insertInvite(
    db.kysely,
    {
      workspaceId: input.workspaceId,
      email,
      name,
      role: input.role,
      tokenHash: tokenHash(token),
      invitedBy: input.invitedBy,
    },
    now,
    new Date(now.getTime() + INVITE_MS),
  );
  return { invite, token };
}

/** The invitation a link's token stands for, if it can still be used; otherwise why not. */
export async function openInvite(db: Db, token: string, now: Date): Promise<Invite> {
  const invite = TOKEN.test(token) ? await findInviteByHash(db.kysely, tokenHash(token)) : undefined;
  if (!invite)
    throw new Invalid(
      'Token',
      'this invitation link is not valid (it may have been mistyped or cut short); ask for a new one',
    );
  if (invite.used_at) throw new Conflict('this invitation link has already been used; sign in, or ask for a new one');
  if (invite.expires_at <= now.toISOString())
    throw new Conflict('this invitation link has expired (links work for 72 hours); ask for a new one');
  return invite;
}

/** Accepts an invitation: the new user with the chosen password; the link is spent. */
export async function acceptInvite(
  db: Db,
  input: { token: string; password: string; name?: string },
  now: Date,
): Promise<User> {
  const invite = await openInvite(db, input.token, now);
  const problem = passwordProblem(input.password);
  if (problem) throw new Invalid('Password', problem.replace(/^Password /, ''));
  const name = (input.name ?? invite.name).trim();
  if (name.length > 200) throw new Invalid('Name', 'must be at most 200 characters');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      // Spent first: of two tabs accepting at once, one wins and the other is told the link is used.
      if (!(await spendInvite(trx, invite.id, now)))
        throw new Conflict('this invitation link has already been used; sign in, or ask for a new one');
      const user = await insertUser(
        trx,
        { workspaceId: invite.workspace_id, email: invite.email, name, passwordHash, role: invite.role as Role },
        now,
      );
      await markPasswordChosen(trx, user.id, now);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(`a user with the e-mail ${invite.email} already exists; sign in`);
    throw err;
  }
}
