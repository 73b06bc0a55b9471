// GET /: what a newcomer who opens the server's address in a browser sees (rather than the
// API's JSON 404): where the demo, the API docs and the console are. Public, and so it shows
// nothing but those links; the keys stay in bootstrap.json.
import { htmlPage, PAGE_STYLE } from '../http/html-page.ts';
import type { App } from '../http/types.ts';

export const HOME_LINKS = [
  ['/demo', 'Widget demo', "a sample brokerage page with the demo chatbot's chat bubble: ask it about homes."],
  [
    '/docs',
    'API docs',
    'every operation, with examples that run as they are against the demo chatbot (Authorize with the API key).',
  ],
  ['/console', 'Console', "for staff: conversations, leads, the chatbots' settings and their listings."],
] as const;

export function homePage(): string {
  const links = HOME_LINKS.map(([href, name, what]) => `<li><a href="${href}">${name}</a>: ${what}</li>`).join('\n');
  return htmlPage(
    'Parlor',
    PAGE_STYLE,
    `<header><h1>Parlor</h1><div>Self-hosted chatbots for real-estate businesses</div></header>
<main><p>This Parlor server is running.</p><ul>${links}</ul>
<p>The API key, the session key and the console owner's password of the first start are in
<code>bootstrap.json</code> in the data directory (<code>PARLOR_DATA_DIR</code>). The OpenAPI
document is at <a href="/openapi.json"><code>/openapi.json</code></a>.</p></main>`,
  );
}

export function registerHomePage(app: App): void {
  const page = homePage();
  app.get('/', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
}
