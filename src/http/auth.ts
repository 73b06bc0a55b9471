// Credentials (docs/api.md "API overview"): every management endpoint accepts an API key in
// `Authorization` (with or without `Bearer `) or the session key in `chatrobot-sessionkey`;
// the platform's docs contradict themselves on which header each endpoint takes.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors.ts';

/** Who a credential stands for: a workspace key, or a visitor's session key (workspaces/repo.ts finds them). */
export type Principal =
  | { kind: 'workspace'; workspaceId: number; keyId: number }
  | { kind: 'visitor'; workspaceId: number; keyId: number; sessionId: number };

/**
 * Who may call a route:
 * - 'workspace': a workspace credential, or else a console session of an owner;
 * - 'workspace-or-staff': a workspace credential, or else any console user (agent replies,
 *   hand back, a session's messages);
 * - 'visitor': any key, a visitor's only for its own session;
 * - 'staff' / 'owner': a console session (of an owner);
 * - 'none': anyone.
 */
export type AuthMode = 'workspace' | 'visitor' | 'none' | 'staff' | 'owner' | 'workspace-or-staff';

/** A signed-in console user (users/sessions.ts resolves the cookie). */
export interface StaffPrincipal {
  sessionId: number;
  userId: number;
  workspaceId: number;
  email: string;
  name: string;
  role: 'owner' | 'agent';
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    principal: Principal | null;
    staff: StaffPrincipal | null;
  }
}

export type PrincipalLookup = (rawKey: string) => Promise<Principal | null>;
/** The console user of a request's session cookie, or null. */
export type StaffLookup = (req: FastifyRequest) => Promise<StaffPrincipal | null>;

export const CSRF_HEADER = 'x-csrf-token';
export const CONSOLE_COOKIE = 'parlor_console';

function hasConsoleCookie(req: FastifyRequest): boolean {
  return /(?:^|;\s*)parlor_console=/.test(req.headers.cookie ?? '');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A console user, checked for role and, on anything but GET/HEAD, for the session's CSRF
 * token in X-CSRF-Token: the cookie alone (which a browser sends from any page) never
 * changes anything.
 */
async function authenticateStaff(req: FastifyRequest, mode: AuthMode, staffOf: StaffLookup): Promise<void> {
  const staff = await staffOf(req);
  if (!staff) throw new Unauthorized('sign in to the console first');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const token = header(req, CSRF_HEADER);
    if (!token || !sameText(token, staff.csrfToken)) {
      throw new Forbidden('missing or wrong X-CSRF-Token; reload the console and try again');
    }
  }
  if (mode === 'owner' && staff.role !== 'owner') throw new Forbidden('only an owner of the workspace can do this');
  req.staff = staff;
  req.principal = { kind: 'workspace', workspaceId: staff.workspaceId, keyId: 0 };
}

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : null;
}

export function presentedKeys(req: FastifyRequest): string[] {
  const keys: string[] = [];
  const auth = header(req, 'authorization');
  if (auth) keys.push(auth.replace(/^Bearer\s+/i, ''));
  const session = header(req, 'chatrobot-sessionkey');
  if (session) keys.push(session);
  return keys;
}

/** Resolves the request's credential for a route of the given mode; throws 401/403. */
export async function authenticate(
  req: FastifyRequest,
  mode: AuthMode,
  lookup: PrincipalLookup,
  staffOf: StaffLookup,
): Promise<void> {
  req.principal = null;
  req.staff = null;
  if (mode === 'none') return;
  const keys = presentedKeys(req);
  if (mode === 'staff' || mode === 'owner') return authenticateStaff(req, mode, staffOf);
  // Without a key, the console's cookie speaks for its user: the console uses the API itself.
  if (keys.length === 0 && mode !== 'visitor' && hasConsoleCookie(req)) {
    return authenticateStaff(req, mode === 'workspace' ? 'owner' : 'staff', staffOf);
  }
  if (keys.length === 0) throw new Unauthorized();
  for (const key of keys) {
    const p = await lookup(key);
    if (!p) continue;
    if (mode !== 'visitor' && p.kind !== 'workspace') {
      throw new Forbidden('a visitor key can only be used by the chat widget for its own session');
    }
    req.principal = p;
    return;
  }
  throw new Unauthorized();
}

/** The workspace of an authenticated request (routes with auth 'workspace' or 'visitor'). */
export function workspaceOf(req: FastifyRequest): number {
  if (!req.principal) throw new Unauthorized();
  return req.principal.workspaceId;
}
