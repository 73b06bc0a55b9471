// The console's session cookie: HttpOnly (no script reads it), SameSite=Strict (no other
// site's page sends it), Secure when Parlor is reached over HTTPS, and Path=/ because the
// console also calls the API (/chat/…) with it.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { CONSOLE_COOKIE, type StaffLookup } from '../http/auth.ts';
import { ABSOLUTE_MS, resolveConsoleSession } from '../users/index.ts';

function secure(req: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || req.protocol === 'https';
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, publicUrl: string): void {
  reply.setCookie(CONSOLE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(req, publicUrl),
    path: '/',
    maxAge: ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(CONSOLE_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(req, publicUrl), path: '/' });
}

export function sessionToken(req: FastifyRequest): string {
  return req.cookies?.[CONSOLE_COOKIE] ?? '';
}

export function staffLookup(db: Kysely<Database>, clock: () => Date): StaffLookup {
  return async (req) => {
    const token = sessionToken(req);
    return token ? resolveConsoleSession(db, token, clock()) : null;
  };
}
