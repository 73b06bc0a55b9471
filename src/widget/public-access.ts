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
import { Invalid } from '../errors.ts';
import type { App } from '../http/types.ts';
import type { SiteHeaders } from './domains.ts';
import { PAGE_HEADER_LIMIT } from './schemas.ts';
import { checkVisitorSite } from './service.ts';

export const PUBLIC_PATHS: readonly string[] = [
  '/chat/Chatbot/GetConfig',
  '/chat/Chat/Ask',
  '/chat/File/Upload',
  '/chat/Chat/TalkToHuman',
  '/chat/Chat/Subscribe',
  '/chat/Chat/GetTourSlots',
  '/chat/Chat/BookTour',
  '/chat/Chat/CancelTour',
  '/chat/Chat/RateAnswer',
  '/chat/Chat/OpenListing',
];

/** What a widget may send: Parlor's own headers and those the platform's widget adds. */
export const ALLOWED_HEADERS = 'content-type, chatrobot-sessionkey, x-referer, referrerinfo, lang, x-stream-format';

/** The platform widget's descriptive headers, by the name a 400 gives them. */
const BOUNDED_HEADERS: readonly [string, string][] = [
  ['x-referer', 'X-Referer'],
  ['referrerinfo', 'ReferrerInfo'],
  ['lang', 'lang'],
];

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The hostname of a Host header or URL, or null. */
function hostnameOf(hostOrUrl: string | undefined): string | null {
  if (!hostOrUrl) return null;
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `http://${hostOrUrl}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The browser's word on the requesting page, and the hosts this server answers at. */
/**
 * The page a conversation starts on, for ChatContentHistory's URI: the platform widget's
 * ReferrerInfo {"url"} (a cross-origin Referer usually carries the origin alone), else the
 * Referer. Informational only: it never decides access.
 */
export function pageUriOf(req: FastifyRequest): string | null {
  const candidates: (string | undefined)[] = [];
  try {
    const info = JSON.parse(headerOf(req, 'referrerinfo') ?? 'null') as { url?: unknown } | null;
    if (info && typeof info.url === 'string') candidates.push(info.url);
  } catch {
    // not JSON: ignored
  }
  candidates.push(headerOf(req, 'referer'));
  for (const c of candidates) {
    if (!c || c.length > 2048) continue;
    try {
      const u = new URL(c);
      if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
    } catch {
      // not a URL: next
    }
  }
  return null;
}

export function siteOf(req: FastifyRequest, publicUrl: string): SiteHeaders {
  const serverHosts = [hostnameOf(headerOf(req, 'host')), hostnameOf(publicUrl)].filter((h) => h !== null);
  return { origin: headerOf(req, 'origin'), referer: headerOf(req, 'referer'), serverHosts };
}

function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = headerOf(req, 'origin');
  reply.header('vary', 'Origin');
  if (!origin) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('access-control-expose-headers', 'Retry-After, X-Request-Id');
}

function checkHeaderSizes(req: FastifyRequest): void {
  for (const [header, name] of BOUNDED_HEADERS) {
    const value = req.headers[header];
    const length = Array.isArray(value) ? value.join(', ').length : (value?.length ?? 0);
    if (length > PAGE_HEADER_LIMIT) throw new Invalid(name, `must be at most ${PAGE_HEADER_LIMIT} characters`);
  }
}

export function installPublicAccess(app: App, db: Kysely<Database>, publicUrl: string): void {
  const isPublic = (req: FastifyRequest) => PUBLIC_PATHS.includes(req.routeOptions.url ?? '');

  // Runs after authentication (added later): a visitor key only works from its chatbot's sites.
  // The CORS headers set here also reach a streamed answer (it writes the reply's headers);
  // onSend covers answers that end before this hook (a 401 from authentication).
  app.addHook('onRequest', async (req, reply) => {
    if (isPublic(req)) {
      allowOrigin(req, reply);
      checkHeaderSizes(req);
    }
    if (req.principal?.kind === 'visitor') await checkVisitorSite(db, req.principal, siteOf(req, publicUrl));
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
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }
}
