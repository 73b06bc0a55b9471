// Property: on every endpoint with a JSON body, `null` for an optional field is the same as
// leaving the field out (the platform's own examples send `"chatAskType": null, "fileIds":
// null`). The endpoints come from the app's own OpenAPI document, so a new endpoint is
// covered without editing this file. What is compared is the body the handler receives
// after normalisation and validation (a preHandler hook captures it and stops there), so
// no endpoint's side effects get in the way. Fields whose schema takes null (Edit's
// settings, Update's listing fields) are left out: there null means reset / clear, and
// their own tests cover it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/connect.ts';
import type { App } from '../../src/http/types.ts';
import { createChatbot, createListing, listingBody } from '../factories.ts';
import { buildTestApp, call, newWorkspace, openTestDb, testConfig, testEngines } from '../harness.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  examples?: unknown[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
}

let app: App;
let db: Db;
let auth: Record<string, string>;
let captured: unknown;
const endpoints: { path: string; schema: JsonSchema }[] = [];

beforeAll(async () => {
  db = await openTestDb();
  const config = testConfig();
  app = await buildApp({
    config,
    db,
    clock: () => new Date(),
    logger: false,
    engines: testEngines(config),
    notify: { enabled: false },
  });
  app.addHook('preHandler', async (req, reply) => {
    captured = req.body;
    return reply.code(204).send();
  });
  await app.ready();
  auth = (await newWorkspace(db)).auth;
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    const schema = ops.post?.requestBody?.content?.['application/json']?.schema;
    if (schema?.properties) endpoints.push({ path, schema });
  }
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value the schema accepts: its example, its default, or the least value of its type. */
function sample(s: JsonSchema): unknown {
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum.find((v) => v !== null);
  const t = typesOf(s).find((x) => x !== 'null');
  if (t === 'object') return minimalBody(s);
  if (t === 'array') return Array.from({ length: s.minItems ?? 0 }, () => (s.items ? sample(s.items) : 1));
  if (t === 'integer' || t === 'number') return Math.max(s.minimum ?? 1, 1);
  if (t === 'boolean') return false;
  return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
}

function minimalBody(s: JsonSchema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of s.required ?? []) {
    const field = s.properties?.[name];
    if (field) body[name] = sample(field);
  }
  return body;
}

/** Optional fields for which null must mean "not given". */
function nullMeansAbsent(s: JsonSchema): string[] {
  return Object.entries(s.properties ?? {})
    .filter(([name, f]) => !(s.required ?? []).includes(name) && !typesOf(f).includes('null'))
    .map(([name]) => name);
}

async function handlerBody(path: string, body: Record<string, unknown>): Promise<unknown> {
  captured = undefined;
  const res = await app.inject({ method: 'POST', url: path, payload: JSON.stringify(body), headers: auth });
  if (res.statusCode !== 204) throw new Error(`${path} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
  return captured;
}

describe('null is "not given" on every endpoint', () => {
  test('the endpoints under test are the whole API', () => {
    const paths = endpoints.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/chat/Chat/ClientAsk', '/chat/Chatbot/RealEstateList']));
    expect(endpoints.length).toBeGreaterThan(20);
  });

  test('each optional field set to null gives the handler the same body as leaving it out', async () => {
    let checked = 0;
    for (const { path, schema } of endpoints) {
      const base = minimalBody(schema);
      const expected = await handlerBody(path, base);
      for (const field of nullMeansAbsent(schema)) {
        expect(await handlerBody(path, { ...base, [field]: null }), `${path} ${field}`).toEqual(expected);
        checked++;
      }
    }
    // 28 when this was written (ClientAsk's chatAskType, stream and fileIds among them).
    expect(checked).toBeGreaterThanOrEqual(28);
  });

  test('any set of them null at once, in any letter case, still the same', async () => {
    const cases = endpoints.filter((e) => nullMeansAbsent(e.schema).length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases).chain((e) =>
          fc.record({
            e: fc.constant(e),
            nulls: fc.subarray(nullMeansAbsent(e.schema), { minLength: 1 }),
            upper: fc.boolean(),
          }),
        ),
        async ({ e, nulls, upper }) => {
          const base = minimalBody(e.schema);
          const withNulls = { ...base };
          for (const f of nulls) withNulls[upper ? f.toUpperCase() : f.toLowerCase()] = null;
          expect(await handlerBody(e.path, withNulls)).toEqual(await handlerBody(e.path, base));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('RealEstateCreate: every optional listing field null creates the same listing as leaving them out', async () => {
    const real = await buildTestApp();
    try {
      const ws = await newWorkspace(real.db);
      const serial = await createChatbot(real.app, ws.auth);
      const listing = listingBody(serial);
      const required = new Set(['SerialNumber', 'SaleType', 'Status', 'CurrencySymbol', 'PropertyType', 'Bedrooms']);
      const optional = Object.keys(listing).filter(
        (k) => !required.has(k) && !['Bathrooms', 'Url', 'MLSNumber', 'YearBuilt', 'DaysOnMarket'].includes(k),
      );
      const kept = ['LotArea', 'BuildingArea', 'AreaUnit', 'ParkingSpots'];
      const base = Object.fromEntries(
        Object.entries(listing).filter(([k]) => !optional.includes(k) || kept.includes(k)),
      );
      const nulls = Object.fromEntries(optional.filter((k) => !kept.includes(k)).map((k) => [k, null]));
      expect(Object.keys(nulls).length).toBeGreaterThanOrEqual(10);
      const a = await createListing(real.app, ws.auth, base);
      const b = await createListing(real.app, ws.auth, {
        ...base,
        ...nulls,
        MLSNumber: `${base.MLSNumber}b`,
        Url: `${base.Url}b`,
      });
      const list = await call<{ List: Record<string, unknown>[] }>(
        real.app,
        '/chat/Chatbot/RealEstateList',
        { SerialNumber: serial },
        ws.auth,
      );
      const strip = (r: Record<string, unknown> | undefined) => {
        const { ID, MLSNumber, Url, CreatedAt, UpdatedAt, ...rest } = r ?? {};
        return rest;
      };
      const byId = (id: number) => list.List.find((r) => r.ID === id);
      expect(strip(byId(b))).toEqual(strip(byId(a)));
      expect(byId(b)).toMatchObject({ Address: '', Images: '[]', SalePrice: '' });
    } finally {
      await real.close();
    }
  });

  test('null for a required field is "is required", never a type error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/chat/Chatbot/RealEstateList',
      payload: JSON.stringify({ SerialNumber: null }),
      headers: auth,
    });
    expect(res.json()).toMatchObject({ Code: 400, Message: 'SerialNumber: is required' });
  });
});
