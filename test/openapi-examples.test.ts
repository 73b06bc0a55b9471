// Every operation's request example in /openapi.json runs as it is against a new server: the
// demo first start makes (an empty database, then bootstrap, as `npm start` does), over a real
// socket, with the demo's API key or session key as the operation's security says, in the
// order ORDER gives. An operation documented as an error example (`x-example-status`, its
// description says why) must answer that status instead; there are only the ERROR_EXAMPLES.
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../src/http/ajv-options.ts';
import { EXAMPLE_SERIAL } from '../src/http/schema.ts';
import { type BootstrapKeys, bootstrap } from '../src/setup/bootstrap.ts';
import { ABUSE_LIMITS_OFF, buildTestApp, type EmptyDb, openEmptyDb, type TestApp, testConfig } from './harness.ts';
import { PNG_1X1 } from './widget/fixture.ts';

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  examples?: unknown[];
  contentMediaType?: string;
  [key: string]: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  example?: unknown;
  schema: Schema;
}
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  'x-example-status'?: number;
}
interface Doc {
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Each documented operation, in an order where each example finds what it needs: the session
 * GetSession opens, the file File/Upload stores, the listing RealEstateCreate adds.
 */
const ORDER = [
  'GET /healthz',
  'GET /readyz',
  'POST /chat/Chatbot/Add',
  'POST /chat/Chatbot/Get',
  'POST /chat/Chatbot/List',
  'POST /chat/Chatbot/Edit',
  'GET /chat/Chatbot/ModelList',
  'POST /chat/Chatbot/ModelList',
  'POST /chat/Chatbot/RealEstateList',
  'POST /chat/Chatbot/RealEstateCreate',
  'POST /chat/Chatbot/RealEstateUpdate',
  'POST /chat/Chatbot/RealEstateDelete',
  'POST /chat/Chatbot/EditKnowledge',
  'POST /chat/Chatbot/GetSource',
  'POST /chat/Chatbot/GetSession',
  'POST /chat/Chat/ClientAsk',
  'POST /chat/Chat/RateAnswer',
  'POST /chat/Chat/OpenListing',
  'POST /chat/Chatbot/ExportConversations',
  'POST /chat/Chatbot/SetAvailability',
  'POST /chat/Chatbot/GetAvailability',
  'POST /chat/Chat/GetTourSlots',
  'POST /chat/Chat/BookTour',
  'POST /chat/Chat/CancelTour',
  'POST /chat/Chatbot/AppointmentList',
  'POST /chat/Chat/GetMessages',
  'POST /chat/Chatbot/GetConfig',
  'POST /chat/Chat/Ask',
  'GET /chatbot-iframe/{serial}',
  'GET /demo',
  'POST /chat/File/Upload',
  'POST /chat/User/CompleteUpload',
  'POST /chat/File/Download',
  'POST /chat/User/GetPreUploadUrl',
  'PUT /files/upload/{id}',
  'GET /files/{id}/{name}',
  'POST /chat/File/Delete',
  'POST /chat/Workspace/SetWebhook',
  'POST /chat/Workspace/GetWebhooks',
  'POST /chat/Workspace/SetCrm',
  'POST /chat/Workspace/GetCrm',
  'POST /chat/Chat/TalkToHuman',
  'POST /chat/Chat/AgentReply',
  'POST /chat/Chat/Subscribe',
  'POST /chat/Chat/Resume',
  'POST /chat/Chatbot/GetLeads',
  'POST /chat/Chatbot/LeadList',
  'POST /chat/Chatbot/ChatContentHistory',
  'POST /chat/Chatbot/GetMessageCountByChatbot',
  'POST /chat/Chatbot/GetMessageCreditsUsage',
  'POST /chat/Chatbot/SetSessionMessagesLimit',
  'POST /chat/Chatbot/SendTwilioMessage',
  'POST /chat/Workspace/EraseVisitor',
  'POST /chat/Workspace/GetPrivacyAudit',
  'POST /chat/Chatbot/Remove',
];

/** The examples that fail on purpose: what they need, no new server has (their descriptions say what). */
const ERROR_EXAMPLES = [
  'POST /chat/Chat/BookTour',
  'POST /chat/Chat/CancelTour',
  'GET /files/{id}/{name}',
  'PUT /files/upload/{id}',
  'POST /chat/Chatbot/SendTwilioMessage',
  'POST /chat/Chatbot/Remove',
];

/** The abuse limits at their defaults, as a server started without configuration has them. */
const DEFAULT_LIMITS = Object.fromEntries(Object.keys(ABUSE_LIMITS_OFF).map((name) => [name, '']));

let empty: EmptyDb;
let t: TestApp;
let base: string;
let keys: BootstrapKeys;
let doc: Doc;

beforeAll(async () => {
  const config = testConfig(DEFAULT_LIMITS);
  empty = await openEmptyDb(config.dataDir);
  const boot = await bootstrap(empty.db, config, new Date());
  if (boot.kind !== 'created') throw new Error(`expected a first start, got ${boot.kind}`);
  keys = boot.keys;
  // Notifications stay off: the webhook example's URL is not a real receiver.
  t = await buildTestApp({ db: empty.db, config });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  doc = (await (await fetch(`${base}/openapi.json`)).json()) as Doc;
});
afterAll(async () => {
  await t?.close();
  await empty?.drop();
});

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

function operation(name: string): Operation {
  const [method = '', path = ''] = name.split(' ');
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${name} is not in /openapi.json`);
  return op;
}

/** The credential headers the operation's security asks for, with the demo's keys. */
function credentials(op: Operation): Record<string, string> {
  const schemes = (op.security ?? doc.security).flatMap((s) => Object.keys(s));
  if (schemes.includes('apiKey')) return { authorization: keys.apiKey };
  if (schemes.includes('sessionKey')) return { 'chatrobot-sessionkey': keys.sessionKey };
  return {};
}

/** The request body: the example as it is; a file (a PNG) where the body is one or carries one. */
function bodyOf(op: Operation): { body?: BodyInit; headers: Record<string, string> } {
  const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  if (!type || !media) return { headers: {} };
  const png = Buffer.from(PNG_1X1, 'base64');
  if (type === 'application/json') {
    return { body: JSON.stringify(media.example), headers: { 'content-type': type } };
  }
  if (type === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, part] of Object.entries(media.schema.properties ?? {})) {
      if (part.contentMediaType) form.append(name, new Blob([png], { type: 'image/png' }), 'front-porch.png');
    }
    return { body: form, headers: {} };
  }
  return { body: png, headers: { 'content-type': type } };
}

async function send(name: string, op: Operation): Promise<Response> {
  const [method = '', path = ''] = name.split(' ');
  const params = op.parameters ?? [];
  const exampleText = (p: Parameter) => String(p.example);
  const url = new URL(
    path.replace(/\{(\w+)\}/g, (_, param: string) => {
      const p = params.find((x) => x.in === 'path' && x.name === param);
      return encodeURIComponent(p ? exampleText(p) : '');
    }),
    base,
  );
  const headers: Record<string, string> = { ...credentials(op) };
  for (const p of params.filter((x) => x.example !== undefined)) {
    if (p.in === 'query') url.searchParams.set(p.name, exampleText(p));
    if (p.in === 'header') headers[p.name] = exampleText(p);
  }
  const { body, headers: bodyHeaders } = bodyOf(op);
  return fetch(url, { method, body, headers: { ...headers, ...bodyHeaders }, signal: AbortSignal.timeout(20_000) });
}

/**
 * What came back, as text. A stream is read until it ends or goes quiet for a second (the
 * subscription stays open for 30 minutes, its first event comes at once).
 */
async function textOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (!/event-stream|ndjson/.test(type)) return res.text();
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const quiet = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), 1000);
    });
    const next = await Promise.race([reader.read(), quiet]);
    clearTimeout(timer);
    if (next === null || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('the request examples of /openapi.json', () => {
  it('cover every operation, in ORDER', () => {
    expect(
      operations()
        .map(([name]) => name)
        .sort(),
    ).toEqual([...ORDER].sort());
  });

  it('are given for every JSON body and parameter, with the demo chatbot in place of the placeholder', () => {
    for (const [name, op] of operations()) {
      const json = op.requestBody?.content['application/json'];
      if (json) expect(json.example, name).toBeDefined();
      for (const p of op.parameters ?? []) {
        if (p.required) expect(p.example, `${name} ${p.name}`).toBeDefined();
      }
    }
    const text = JSON.stringify(doc);
    expect(text).not.toContain(EXAMPLE_SERIAL);
    expect(text).toContain(`"serialNumber":"${keys.serialNumber}"`);
  });

  it('are documented as errors only where a new server cannot succeed, and say why', () => {
    const failing = operations().filter(([, op]) => op['x-example-status'] !== undefined);
    expect(failing.map(([name]) => name).sort()).toEqual([...ERROR_EXAMPLES].sort());
    for (const [name, op] of failing) {
      expect(op.description, name).toContain(`The example answers ${op['x-example-status']}: `);
    }
  });

  it("of fields and parameters pass their field's schema", () => {
    // The API's custom keywords; a field's default does not apply (the field is compiled as a root).
    const ajv = new Ajv({ keywords: [...AJV_OPTIONS.keywords] });
    const check = (where: string, schema: Schema, examples: unknown[]) => {
      const { examples: _, ...rules } = schema;
      const valid = ajv.compile(rules);
      for (const example of examples)
        expect(valid(structuredClone(example)), `${where}: ${JSON.stringify(example)}`).toBe(true);
    };
    const walk = (where: string, schema: Schema) => {
      if (schema.examples) check(where, schema, schema.examples);
      for (const [name, field] of Object.entries(schema.properties ?? {})) walk(`${where}.${name}`, field);
      if (schema.items) walk(`${where}[]`, schema.items);
    };
    for (const [name, op] of operations()) {
      for (const media of Object.values(op.requestBody?.content ?? {})) walk(name, media.schema);
      for (const p of op.parameters ?? [])
        if (p.example !== undefined) check(`${name} ${p.name}`, p.schema, [p.example]);
    }
  });

  describe('run as they are against a new server', () => {
    it.each(ORDER)('%s', async (name) => {
      const op = operation(name);
      const res = await send(name, op);
      const text = await textOf(res);
      const expected = op['x-example-status'];
      const type = res.headers.get('content-type') ?? '';
      if (expected !== undefined) {
        expect(res.status, text).toBe(expected);
        expect(JSON.parse(text)).toMatchObject({ Success: false, Code: expected });
        return;
      }
      expect(res.status, text).toBe(200);
      if (type.startsWith('application/json')) {
        const answer = JSON.parse(text);
        expect(answer, text).toMatchObject({ Success: true, Code: 200 });
        // A page of results (listings, chatbots, leads) shows some.
        if (typeof answer.Data?.VirtualCount === 'number') expect(answer.Data.VirtualCount, text).toBeGreaterThan(0);
      } else if (/event-stream|ndjson/.test(type)) {
        expect(text, 'a stream with a frame').toMatch(/\{/);
        expect(text).not.toContain('"Success":false');
      } else {
        expect(text.length).toBeGreaterThan(0);
      }
    });
  });
});
