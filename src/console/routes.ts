// The console (/console): its pages, its script, sign-in, and the endpoints its pages need
// beyond the API (which it calls with its session cookie, chatbots and listings included).
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import type { ChatDeps } from '../chat/index.ts';
import type { Config } from '../config.ts';
import { UnsupportedType } from '../errors.ts';
import { failure, ok } from '../http/envelope.ts';
import { sendBundle } from '../http/script-bundle.ts';
import type { App } from '../http/types.ts';
import type { LeadDeps } from '../leads/index.ts';
import type { TourDeps } from '../tours/index.ts';
import { checkSignIn, endConsoleSession, resolveConsoleSession, startConsoleSession } from '../users/index.ts';
import { registerAgendaRoutes } from './agenda-routes.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './cookie.ts';
import { registerCrmConsoleRoutes } from './crm-routes.ts';
import { chatbotsOf } from './inbox.ts';
import { registerInboxRoutes } from './inbox-routes.ts';
import { registerLeadsRoutes } from './leads-routes.ts';
import { registerListingsImportRoutes } from './listings-routes.ts';
import { registerMcpConsoleRoutes } from './mcp-routes.ts';
import { registerOwnerRoutes } from './owner-routes.ts';
import { consolePage, previewPage } from './page.ts';
import { SignInBody } from './schemas.ts';

export interface ConsoleRouteDeps {
  config: Config;
  chat: ChatDeps;
  leads: LeadDeps;
  tours: TourDeps;
}

const ENTRY = fileURLToPath(new URL('./client/main.ts', import.meta.url));

function html(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export function registerConsoleRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { db, clock } = deps.chat;
  const publicUrl = deps.config.publicUrl;
  const hide = { schema: { hide: true } };
  // What the console reads is a workspace's private data: never kept by a browser or a proxy.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/console/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
  const staffOrNull = (req: Parameters<typeof sessionToken>[0]) => {
    const token = sessionToken(req);
    return token ? resolveConsoleSession(db.kysely, token, clock()) : Promise.resolve(null);
  };

  app.get('/console/console.js', hide, (req, reply) => sendBundle(ENTRY, req, reply, false));
  app.get('/console/sign-in', hide, async (_req, reply) => html(reply, consolePage('Sign in')));
  // Every other console page is the same script, which routes by its hash; without a session
  // it sends the browser to the sign-in page.
  app.get('/console', { ...hide, config: { auth: 'none' } }, async (req, reply) => {
    const staff = await staffOrNull(req);
    if (!staff) return reply.redirect('/console/sign-in', 303);
    return html(reply, consolePage('Console'));
  });

  // The chatbots page's live preview: the widget drawn from settings the page posts to it.
  app.get('/console/preview', { ...hide, config: { auth: 'none' } }, async (req, reply) => {
    if (!(await staffOrNull(req))) return reply.code(401).send(failure(401, 'sign in to the console first'));
    return html(reply, previewPage());
  });

  app.post('/console/api/sign-in', { ...hide, schema: { ...hide.schema, body: SignInBody } }, async (req, reply) => {
    // Only the console's own script may sign in: a JSON request, which another site's page
    // cannot send without a CORS preflight this server never grants (no login CSRF by a form).
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      throw new UnsupportedType('sign-in takes Content-Type: application/json');
    }
    const user = await checkSignIn(db, req.body.Email, req.body.Password, req.ip, clock());
    const session = await startConsoleSession(db.kysely, user, clock());
    setSessionCookie(req, reply, session.token, publicUrl);
    return ok({ Email: user.email, Role: user.role, CsrfToken: session.csrfToken });
  });

  app.post('/console/api/sign-out', { ...hide, config: { auth: 'staff' } }, async (req, reply) => {
    if (req.staff) await endConsoleSession(db.kysely, req.staff.sessionId);
    clearSessionCookie(req, reply, publicUrl);
    return ok({ SignedOut: true });
  });

  app.get('/console/api/me', { ...hide, config: { auth: 'staff' } }, async (req) => {
    const staff = req.staff;
    if (!staff) throw new Error('unreachable: auth staff');
    const bots = await chatbotsOf({ db, clock }, staff.workspaceId);
    return ok({
      Email: staff.email,
      Name: staff.name,
      Role: staff.role,
      CsrfToken: staff.csrfToken,
      Chatbots: bots.map((b) => ({ SerialNumber: b.serialNumber, Name: b.name })),
    });
  });

  registerInboxRoutes(app, deps);
  registerLeadsRoutes(app, deps);
  registerOwnerRoutes(app, deps);
  registerListingsImportRoutes(app, deps);
  registerMcpConsoleRoutes(app, deps);
  registerCrmConsoleRoutes(app, deps);
  registerAgendaRoutes(app, deps.tours);
}
