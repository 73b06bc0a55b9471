// Console sign-in sessions: a random token in an HttpOnly cookie, of which only the SHA-256
// is stored; a CSRF token per session for state-changing requests; expiry after IDLE_MS
// without a request and ABSOLUTE_MS after sign-in, whichever comes first.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import {
  consoleSessionTimes,
  deleteConsoleSession,
  deleteExpiredConsoleSessions,
  findConsoleSession,
  insertConsoleSession,
  type Role,
  touchConsoleSession,
  type User,
} from './repo.ts';

export const IDLE_MS = 12 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_MS = 60_000;

/** A signed-in staff member, as the console's routes see them. */
export interface Staff {
  sessionId: number;
  userId: number;
  workspaceId: number;
  email: string;
  name: string;
  role: Role;
  csrfToken: string;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startConsoleSession(db: Kysely<Database>, user: User, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await insertConsoleSession(
    db,
    {
      userId: user.id,
      workspaceId: user.workspace_id,
      tokenHash: tokenHash(token),
      csrfToken,
      expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    },
    now,
  );
  return { token, csrfToken };
}

/** The staff member of a cookie token, or null when unknown or expired (an expired one is removed). */
export async function resolveConsoleSession(db: Kysely<Database>, token: string, now: Date): Promise<Staff | null> {
  if (!token || token.length > 100) return null;
  const row = await findConsoleSession(db, tokenHash(token));
  if (!row) return null;
  const seen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || now.getTime() - seen > IDLE_MS) {
    await deleteConsoleSession(db, row.id);
    return null;
  }
  if (now.getTime() - seen > TOUCH_MS) await touchConsoleSession(db, row.id, now);
  return {
    sessionId: row.id,
    userId: row.user_id,
    workspaceId: row.workspace_id,
    email: row.email,
    name: row.name,
    role: row.role === 'owner' ? 'owner' : 'agent',
    csrfToken: row.csrf_token,
  };
}

/**
 * Whether a session is still signed in, without counting the check as activity: a console
 * page's open event stream re-checks this so that it ends with the session (sign-out, a
 * removed user, expiry).
 */
export async function consoleSessionLive(db: Kysely<Database>, sessionId: number, now: Date): Promise<boolean> {
  const row = await consoleSessionTimes(db, sessionId);
  if (!row) return false;
  return Date.parse(row.expires_at) > now.getTime() && now.getTime() - Date.parse(row.last_seen_at) <= IDLE_MS;
}

export async function endConsoleSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await deleteConsoleSession(db, sessionId);
}

export async function sweepConsoleSessions(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteExpiredConsoleSessions(db, now, new Date(now.getTime() - IDLE_MS));
}
