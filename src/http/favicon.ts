// Parlor's icon: a white house on the widget's default blue. Served at /favicon.svg, which every
// Parlor page names in its head (FAVICON_LINK), and at /favicon.ico, which browsers ask for by
// themselves (a JSON answer opened in a tab, say): no page of Parlor's logs a 404 for it.
import type { App } from './types.ts';

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#2563eb"/>' +
  '<path d="M16 6 5 15h3v10h6v-6h4v6h6V15h3z" fill="#fff"/></svg>';

export const FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

export function registerFavicon(app: App): void {
  for (const url of ['/favicon.svg', '/favicon.ico']) {
    app.get(url, { schema: { hide: true } }, async (_req, reply) =>
      reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
    );
  }
}
