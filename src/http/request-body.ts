// Bodies are JSON whatever Content-Type says: the platform's documented examples omit it,
// and `curl -d '{…}'` labels JSON as application/x-www-form-urlencoded. A form body that is
// really form-encoded (`serialNumber=abc&PageSize=5`) is read as fields too; its values are
// strings, which the body normaliser converts where a number is expected.
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
    if (isFormEncoded(req.headers['content-type'], text)) return done(null, formFields(text));
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

const FORM = /^application\/x-www-form-urlencoded/i;

/** A form-encoded body that is not JSON in disguise. */
function isFormEncoded(contentType: string | undefined, text: string): boolean {
  if (!contentType || !FORM.test(contentType)) return false;
  const first = text.trimStart()[0];
  return first !== '{' && first !== '[' && text.includes('=');
}

/** Form fields as an object; a repeated name (`Keys=1&Keys=2`) becomes a list. */
function formFields(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of new URLSearchParams(text)) {
    const seen = out[k];
    out[k] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
  }
  return { ...out };
}
