// Security headers. Every response says `X-Content-Type-Options: nosniff`, so that no
// answer (a JSON envelope, a served image) is ever read by a browser as another type.
// Every HTML page (/demo, /docs, the chat page /chatbot-iframe/<serial>) also gets a
// Content Security Policy and a Referrer-Policy.
//
// The policy allows what those pages use and nothing else: scripts and API calls from
// Parlor's own origin only (the widget's bundle, Swagger UI's files), inline styles (the
// widget draws its panel with <style> in a shadow root, Swagger UI sets style attributes),
// images from anywhere (listing photos live on the brokerages' sites), recorded audio as
// blob: URLs. A page that sets its own frame-ancestors (the chat page and /demo: the hosts in
// Domains) keeps it; every other page may only be framed by Parlor itself.
import type { App } from './types.ts';

export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function isHtml(type: unknown): boolean {
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

export function installSecurityHeaders(app: App): void {
  // Set on arrival, so that streamed answers (written past onSend) carry it too.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!isHtml(reply.getHeader('content-type'))) return payload;
    const own = reply.getHeader('content-security-policy');
    const framing = typeof own === 'string' && own.includes('frame-ancestors') ? own : "frame-ancestors 'self'";
    reply.header('content-security-policy', `${PAGE_POLICY}; ${framing}`);
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
