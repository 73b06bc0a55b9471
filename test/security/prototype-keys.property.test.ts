// Property: prototype-named keys (__proto__, constructor, prototype, toString, valueOf,
// hasOwnProperty), at the top level and nested, in any letter case and with any value, are
// unknown fields on every endpoint with a JSON body: the answer is the one the same body gets
// without them (never a 500), nothing they carry is stored, and Object.prototype is untouched.
// The endpoints and their valid bodies are the security suite's (route-fixture.ts), which is
// checked against the app's OpenAPI document.
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { buildFixture, type Fixture, ownerHeaders, ROUTES, type RouteCase } from './route-fixture.ts';

const f: Fixture = await buildFixture();
afterAll(async () => f.t.close());

const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'] as const;
/** Every value sent under a prototype-named key carries it: it must never reach the database. */
const MARKER = 'Pr0toMarker';

const jsonRoutes = Object.entries(ROUTES)
  // An endless stream (Subscribe) never answers while it succeeds: its body parsing is the
  // same as every JSON route's.
  .filter(([, c]) => c.body === 'json' && !c.endless)
  .map(([key, c]) => ({ key, method: key.split(' ')[0] ?? 'POST', c }));

/** JSON text of a value (or the marker's own kinds of value) under a prototype-named key. */
const valueText = fc.constantFrom(
  `"${MARKER}"`,
  '7',
  'null',
  'true',
  `["${MARKER}"]`,
  `{"polluted":"${MARKER}"}`,
  `{"prototype":{"polluted":"${MARKER}"}}`,
  `{"toString":"${MARKER}","valueOf":"${MARKER}"}`,
);

interface Extra {
  name: string;
  value: string;
}

/** The body as JSON text with `extras` added to the top object and, if nested, to every object in it. */
function withExtras(body: unknown, extras: Extra[], nested: boolean, top = true): string {
  if (Array.isArray(body)) return `[${body.map((x) => withExtras(x, extras, nested, false)).join(',')}]`;
  if (body !== null && typeof body === 'object') {
    const members = Object.entries(body).map(
      ([k, v]) => `${JSON.stringify(k)}:${withExtras(v, extras, nested, false)}`,
    );
    if (top || nested) members.push(...extras.map((e) => `${JSON.stringify(e.name)}:${e.value}`));
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(body);
}

async function send(method: string, c: RouteCase, extras: Extra[] | null, nested: boolean) {
  const req = await c.valid(f);
  const body = JSON.parse(String(req.payload)) as unknown;
  const payload = extras ? withExtras(body, extras, nested) : JSON.stringify(body);
  const res = await f.t.app.inject({
    method: method as 'POST',
    url: req.url,
    payload,
    headers: { 'content-type': 'application/json', ...ownerHeaders(f, c) },
  });
  return { status: res.statusCode, text: res.body, payload };
}

/**
 * Fastify's JSON parser refuses these outright, before any handler (400 "body: must be valid
 * JSON"): a refusal that stores nothing either.
 */
const refusedByParser = (payload: string) =>
  payload.includes('"__proto__":') || payload.includes('"constructor":{"prototype"');

const failures: string[] = [];

async function check(key: string, method: string, c: RouteCase, extras: Extra[], nested: boolean) {
  const clean = await send(method, c, null, false);
  const polluted = await send(method, c, extras, nested);
  const what = `${key} ${nested ? 'nested' : 'top'} ${extras.map((e) => `${e.name}=${e.value}`).join(' ')}`;
  if (polluted.status >= 500) failures.push(`${what}: ${polluted.status} ${polluted.text}`);
  expect(polluted.status, `${what}: ${polluted.text}`).toBeLessThan(500);
  if (refusedByParser(polluted.payload)) {
    expect(polluted.status, `${what}: ${polluted.text}`).toBe(400);
    expect(polluted.text).toContain('body: must be valid JSON');
  } else {
    expect(polluted.status, `${what}: ${polluted.text}`).toBe(clean.status);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

// About 2,000 requests, some of them bookings: a minute on PostgreSQL when the machine is busy.
it('every name alone, at the top level and nested, on every JSON endpoint', { timeout: 120_000 }, async () => {
  expect(jsonRoutes.length).toBeGreaterThan(25);
  for (const { key, method, c } of jsonRoutes) {
    for (const name of NAMES) {
      for (const nested of [false, true]) {
        await check(key, method, c, [{ name, value: `{"polluted":"${MARKER}"}` }], nested);
        await check(key, method, c, [{ name, value: `"${MARKER}"` }], nested);
      }
    }
  }
});

it('any mix of them, in any letter case, with any value', async () => {
  const extra = fc.record({
    name: fc.constantFrom(...NAMES).chain((n) => fc.constantFrom(n, n.toLowerCase(), n.toUpperCase())),
    value: valueText,
  });
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...jsonRoutes),
      fc.uniqueArray(extra, { minLength: 1, maxLength: 4, selector: (e) => e.name }),
      fc.boolean(),
      async (r, extras, nested) => check(r.key, r.method, r.c, extras, nested),
    ),
    { numRuns: 150 },
  );
});

it('nothing they carried was stored', async () => {
  const ws = f.a.workspaceId;
  const db = f.t.db.kysely;
  const stored = [
    await db.selectFrom('chatbots').selectAll().where('workspace_id', '=', ws).execute(),
    await db.selectFrom('listings').selectAll().where('workspace_id', '=', ws).execute(),
    await db.selectFrom('messages').selectAll().where('workspace_id', '=', ws).execute(),
    await db.selectFrom('leads').selectAll().where('workspace_id', '=', ws).execute(),
    await db.selectFrom('webhooks').selectAll().where('workspace_id', '=', ws).execute(),
    await db.selectFrom('files').selectAll().where('workspace_id', '=', ws).execute(),
  ];
  expect(stored[0]?.length).toBeGreaterThan(10);
  expect(JSON.stringify(stored)).not.toContain(MARKER);
  expect(failures).toEqual([]);
});
