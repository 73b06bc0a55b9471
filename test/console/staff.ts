// Console users for tests: created through the users service, signed in through the
// console's own endpoint; requests carry the session cookie and, when they change
// something, the CSRF token.
import type { Db } from '../../src/db/connect.ts';
import type { App } from '../../src/http/types.ts';
import { createUser } from '../../src/users/service.ts';

export const PASSWORD = 'correct horse battery';

export interface SignedIn {
  email: string;
  cookie: string;
  csrf: string;
  /** Headers of a GET (cookie only). */
  read: Record<string, string>;
  /** Headers of a state-changing request (cookie and CSRF token). */
  write: Record<string, string>;
  setCookie: string;
}

let n = 0;

export async function staffUser(db: Db, workspaceId: number, role: 'owner' | 'agent', password = PASSWORD) {
  n++;
  const email = `${role}${n}-${process.pid}-${Date.now()}@staff.example`;
  await createUser(db, { workspaceId, email, role, password, name: `${role} ${n}` }, new Date());
  return email;
}

export async function signIn(app: App, email: string, password = PASSWORD, ip = '127.0.0.1'): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    payload: { Email: email, Password: password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const csrf = (res.json() as { Data: { CsrfToken: string } }).Data.CsrfToken;
  return {
    email,
    cookie,
    csrf,
    setCookie,
    read: { cookie },
    write: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
  };
}

export async function staffOf(app: App, db: Db, workspaceId: number, role: 'owner' | 'agent') {
  return signIn(app, await staffUser(db, workspaceId, role));
}
