// Who may call the widget's public endpoints from a browser. CORS is answered only on the
// endpoints a widget calls from someone else's site; management endpoints never get CORS
// headers, so a browser page can't read their answers. The Origin is echoed on every answer
// of these endpoints, errors included, so that the widget can show the 403 of a site that is
// not allowed; a successful answer only ever reaches an allowed site, because the server
// checks the domain rule itself (a browser's CORS check is no security boundary here: the
// credential is a header, not a cookie).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { App } from '../http/types.ts';
import type { SiteHeaders } from './domains.ts';
import { checkVisitorSite } from './service.ts';

export const PUBLIC_PATHS: readonly string[] = [
  '/chat/Chatbot/GetConfig',
  '/chat/Chat/Ask',
  '/chat/File/Upload',
  '/chat/Chat/TalkToHuman',
];

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function siteOf(req: FastifyRequest): SiteHeaders {
  return { origin: headerOf(req, 'origin'), referer: headerOf(req, 'referer') };
}

function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = headerOf(req, 'origin');
  reply.header('vary', 'Origin');
  if (!origin) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-expose-headers', 'Retry-After, X-Request-Id');
}

export function installPublicAccess(app: App, db: Kysely<Database>): void {
  const isPublic = (req: FastifyRequest) => PUBLIC_PATHS.includes(req.routeOptions.url ?? '');

  // Runs after authentication (added later): a visitor key only works from its chatbot's sites.
  // The CORS headers set here also reach a streamed answer (it writes the reply's headers);
  // onSend covers answers that end before this hook (a 401 from authentication).
  app.addHook('onRequest', async (req, reply) => {
    if (isPublic(req)) allowOrigin(req, reply);
    if (req.principal?.kind === 'visitor') await checkVisitorSite(db, req.principal, siteOf(req));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (isPublic(req)) allowOrigin(req, reply);
    return payload;
  });

  for (const url of PUBLIC_PATHS) {
    app.options(url, { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
      allowOrigin(req, reply);
      return reply
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type, chatrobot-sessionkey')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }
}
