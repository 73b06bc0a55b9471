// The OpenAPI document (/openapi.json) and Swagger UI over it (/docs). Every operation's request
// example runs as it is against a new server (test/openapi-examples.test.ts sends them all):
// the schemas write EXAMPLE_SERIAL for the demo chatbot's serial number, random per
// installation, and the document shows the demo's own in its place.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { FAVICON_SVG } from './favicon.ts';
import { EXAMPLE_SERIAL } from './schema.ts';
import type { App } from './types.ts';

export interface ApiDocsDeps {
  /** The demo chatbot's serial number, or null when there is none (setup/demo-chatbot.ts). */
  demoSerial: () => Promise<string | null>;
}

const DESCRIPTION =
  'Self-hosted real-estate chatbots, wire-compatible with the hosted chatbot platform API. ' +
  'Every operation is POST with a JSON body (parsed as JSON whatever the Content-Type says) and ' +
  'answers the envelope {Data, Version, Success, Code, Message}; the HTTP status equals Code. ' +
  'Field names in request bodies match case-insensitively; numeric strings are accepted for numbers. ' +
  "The examples run as they are against a new server's demo chatbot, in this order where one needs " +
  "another's work: GetSession before the session's operations, File/Upload before the file's, " +
  'RealEstateCreate before RealEstateUpdate and RealEstateDelete; an operation whose example answers an ' +
  'error on purpose says so. Authorize with the API key that first start saved to bootstrap.json (and, for ' +
  "the widget's Ask, its session key).";

/** `value` with every string that is exactly EXAMPLE_SERIAL replaced by `serial`. */
function withExampleSerial<T>(value: T, serial: string): T {
  if (value === EXAMPLE_SERIAL) return serial as T;
  if (Array.isArray(value)) return value.map((v) => withExampleSerial(v, serial)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExampleSerial(v, serial)])) as T;
}

export async function registerApiDocs(app: App, deps: ApiDocsDeps): Promise<void> {
  // Read once the app is ready, before the document is first built (then kept): the demo is made
  // before the server starts (serve.ts) and stays. A database that does not answer yet only
  // leaves the placeholder in the examples.
  let serial: string | null = null;
  app.addHook('onReady', async () => {
    serial = await deps.demoSerial().catch((err: unknown) => {
      app.log.warn({ err }, 'the API examples name no demo chatbot: looking for it failed');
      return null;
    });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parlor API', version: '1.0.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`<key>` or `Bearer <key>`' },
          sessionKey: { type: 'apiKey', in: 'header', name: 'chatrobot-sessionkey' },
        },
      },
      security: [{ apiKey: [] }, { sessionKey: [] }],
    },
    transformObject: (doc) => {
      const openapi = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject;
      return serial === null ? openapi : withExampleSerial(openapi, serial);
    },
  });
  // The page is Parlor's: its title and icon, and Parlor's house where Swagger's logo was.
  const icon = Buffer.from(FAVICON_SVG);
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    logo: { type: 'image/svg+xml', content: icon, href: '/', target: '_self' },
    theme: {
      title: 'Parlor API',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: icon }],
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
