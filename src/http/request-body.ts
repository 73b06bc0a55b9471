// Bodies are JSON whatever Content-Type says: the platform's documented examples omit it.
import type { FastifyInstance } from 'fastify';
import { Invalid } from '../errors.ts';
import { normalizeBody } from './body-keys.ts';

export const BODY_LIMIT = 1024 * 1024;

export function installJsonBodies(app: FastifyInstance): void {
  // Fastify's own parser guards against prototype poisoning; reuse it for every type.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, (err, value) => {
      if (err) done(new Invalid('body', 'must be valid JSON'), undefined);
      else done(null, value);
    });
  });

  // Case-insensitive field names, aliases, numeric strings, enum case: see body-keys.ts.
  app.addHook('onRoute', (route) => {
    const bodySchema = (route.schema as { body?: unknown } | undefined)?.body;
    if (!bodySchema) return;
    const hook = async (req: { body: unknown }) => {
      req.body = normalizeBody(req.body, bodySchema as Parameters<typeof normalizeBody>[1]);
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : [hook];
  });
}
