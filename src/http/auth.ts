// Credentials (DESIGN §3.1): every management endpoint accepts an API key in
// `Authorization` (with or without `Bearer `) or the session key in `chatrobot-sessionkey`;
// the platform's docs contradict themselves on which header each endpoint takes.
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors.ts';
import type { Principal } from '../workspaces/repo.ts';

/** Who may call a route: a workspace credential, a widget visitor's key, or anyone. */
export type AuthMode = 'workspace' | 'visitor' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type PrincipalLookup = (rawKey: string) => Promise<Principal | null>;

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
export async function authenticate(req: FastifyRequest, mode: AuthMode, lookup: PrincipalLookup): Promise<void> {
  req.principal = null;
  if (mode === 'none') return;
  const keys = presentedKeys(req);
  if (keys.length === 0) throw new Unauthorized();
  for (const key of keys) {
    const p = await lookup(key);
    if (!p) continue;
    if (mode === 'workspace' && p.kind !== 'workspace') {
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
