// The console's People page (views/people.ts) and invitation links (views/invite.ts): owners
// invite teammates by a one-time link (72 hours, e-mailed to them on request), change their roles
// and remove them; everyone changes their own password and e-mail.
import type { FastifyReply } from 'fastify';
import type { ChatDeps } from '../chat/index.ts';
import type { Config } from '../config.ts';
import { NotFound, Unauthorized, UnsupportedType } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import { enqueueUnique } from '../outbox/index.ts';
import {
  acceptInvite,
  changeOwnEmail,
  changeOwnPassword,
  changeRole,
  createInvite,
  deleteInvite,
  openInvite,
  openInvites,
  removeMember,
  startConsoleSession,
  userInWorkspace,
  usersOf,
} from '../users/index.ts';
import { setSessionCookie } from './cookie.ts';
import { inviteEmail } from './invite-email.ts';
import { consolePage } from './page.ts';
import { AcceptBody, EmailBody, InviteBody, PasswordBody, RoleBody, TokenBody } from './people-schemas.ts';
import { IdParams } from './schemas.ts';

export interface PeopleRouteDeps {
  config: Pick<Config, 'publicUrl'>;
  chat: Pick<ChatDeps, 'db' | 'clock'>;
}

const ownerOnly = { config: { auth: 'owner' as const } };
const staffOnly = { config: { auth: 'staff' as const } };

function staffOf(req: { staff: { workspaceId: number; userId: number } | null }) {
  if (!req.staff) throw new Unauthorized('sign in to the console first');
  return req.staff;
}

/** Only the console's own script posts here: a JSON request (no form from another site). */
function requireJson(req: { headers: Record<string, string | string[] | undefined> }) {
  if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? '')))
    throw new UnsupportedType('this endpoint takes Content-Type: application/json');
}

export function registerPeopleRoutes(app: App, deps: PeopleRouteDeps): void {
  const { db, clock } = deps.chat;
  const schema = { hide: true };
  const linkOf = (token: string) => `${deps.config.publicUrl}/console/invite#${token}`;

  app.get('/console/invite', { schema, config: { auth: 'none' } }, async (_req, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(consolePage('Join')),
  );

  app.get('/console/api/invites', { ...ownerOnly, schema }, async (req) => {
    const invites = await openInvites(db.kysely, staffOf(req).workspaceId, clock());
    return ok(invites.map((i) => ({ ID: i.id, Email: i.email, Role: i.role, ExpiresAt: i.expires_at })));
  });

  app.post('/console/api/invites', { ...ownerOnly, schema: { ...schema, body: InviteBody } }, async (req) => {
    const staff = staffOf(req);
    const { invite, token } = await createInvite(
      db,
      {
        workspaceId: staff.workspaceId,
        email: req.body.Email,
        name: req.body.Name,
        role: req.body.Role,
        invitedBy: staff.userId,
      },
      clock(),
    );
    const link = linkOf(token);
    if (req.body.Send) {
      const me = await userInWorkspace(db, staff.workspaceId, staff.userId);
      const email = inviteEmail({
        to: invite.email,
        name: invite.name,
        role: invite.role === 'owner' ? 'owner' : 'agent',
        invitedBy: me.name || me.email,
        link,
        expiresAt: new Date(invite.expires_at),
      });
      await enqueueUnique(db.kysely, staff.workspaceId, email, clock());
    }
    return ok({
      ID: invite.id,
      Email: invite.email,
      Role: invite.role,
      ExpiresAt: invite.expires_at,
      Link: link,
      Emailed: req.body.Send === true,
    });
  });

  app.post(
    '/console/api/invites/:id/cancel',
    { ...ownerOnly, schema: { ...schema, params: IdParams } },
    async (req) => {
      const id = Number(req.params.id);
      if (!(await deleteInvite(db.kysely, staffOf(req).workspaceId, id))) throw new NotFound(`invitation ${id}`);
      return ok({ ID: id, Cancelled: true });
    },
  );

  // Whoever holds the link: what it invites to, or why it no longer works.
  app.post(
    '/console/api/invite/check',
    { schema: { ...schema, body: TokenBody }, config: { auth: 'none' } },
    async (req) => {
      requireJson(req);
      const invite = await openInvite(db, req.body.Token, clock());
      return ok({ Email: invite.email, Name: invite.name, Role: invite.role, ExpiresAt: invite.expires_at });
    },
  );

  app.post(
    '/console/api/invite/accept',
    { schema: { ...schema, body: AcceptBody }, config: { auth: 'none' } },
    async (req, reply) => {
      requireJson(req);
      const user = await acceptInvite(
        db,
        { token: req.body.Token, password: req.body.Password, name: req.body.Name },
        clock(),
      );
      const session = await startConsoleSession(db.kysely, user, clock());
      setSessionCookie(req, reply, session.token, deps.config.publicUrl);
      return ok({ Email: user.email, Role: user.role, CsrfToken: session.csrfToken });
    },
  );

  app.post(
    '/console/api/users/:id/role',
    { ...ownerOnly, schema: { ...schema, params: IdParams, body: RoleBody } },
    async (req) => {
      const user = await changeRole(db, staffOf(req).workspaceId, Number(req.params.id), req.body.Role, clock());
      return ok({ ID: user.id, Email: user.email, Role: user.role });
    },
  );

  app.post('/console/api/users/:id/remove', { ...ownerOnly, schema: { ...schema, params: IdParams } }, async (req) => {
    const staff = staffOf(req);
    const user = await removeMember(db, staff.workspaceId, Number(req.params.id), staff.userId);
    return ok({ ID: user.id, Removed: true });
  });

  // One's own account. A new password ends every session of the user, this one included, so
  // the answer carries the new session's CSRF token and the cookie is replaced.
  app.post(
    '/console/api/me/password',
    { ...staffOnly, schema: { ...schema, body: PasswordBody } },
    async (req, reply) => {
      const staff = staffOf(req);
      const user = await changeOwnPassword(
        db,
        staff.workspaceId,
        staff.userId,
        { current: req.body.CurrentPassword, next: req.body.NewPassword },
        clock(),
      );
      const session = await startConsoleSession(db.kysely, user, clock());
      setSessionCookie(req, reply, session.token, deps.config.publicUrl);
      return ok({ Changed: true, CsrfToken: session.csrfToken });
    },
  );

  app.post('/console/api/me/email', { ...staffOnly, schema: { ...schema, body: EmailBody } }, async (req) => {
    const staff = staffOf(req);
    const user = await changeOwnEmail(
      db,
      staff.workspaceId,
      staff.userId,
      { email: req.body.Email, current: req.body.CurrentPassword },
      clock(),
    );
    return ok({ Email: user.email });
  });

  app.get('/console/api/team', { ...staffOnly, schema }, async (req) => {
    const staff = staffOf(req);
    const [users, me] = await Promise.all([
      usersOf(db, staff.workspaceId),
      userInWorkspace(db, staff.workspaceId, staff.userId),
    ]);
    return ok({
      Me: { ID: me.id, Email: me.email, Name: me.name, Role: me.role },
      Users: users.map((u) => ({ ID: u.id, Email: u.email, Name: u.name, Role: u.role })),
    });
  });
}
