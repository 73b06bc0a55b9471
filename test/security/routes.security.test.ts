// One security suite every route runs, generated from the app's OpenAPI document (so a new
// route without a case in route-fixture.ts fails here rather than going untested):
// - credentials: none, garbage, a revoked key → 401; a visitor key on a management route →
//   403; another workspace's key (or another visitor's) on this workspace's resource → 404
//   revealing nothing, the resource untouched. Public routes are exempt from these.
// - bodies: malformed JSON → 400, over the 1 MiB limit → 413, an unknown Content-Type read as
//   JSON like application/json (multipart routes: 415).
// Every answer is the envelope with an X-Request-Id.
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  documentedRoutes,
  type Fixture,
  ownerHeaders,
  type Request,
  ROUTES,
  type RouteCase,
  SECRET_NAME,
} from './route-fixture.ts';

const f: Fixture = await buildFixture();
afterAll(async () => f.t.close());

interface Answer {
  status: number;
  text: string;
  headers: Record<string, unknown>;
}

async function send(method: string, req: Request, headers: Record<string, string>): Promise<Answer> {
  const res = await f.t.app.inject({
    method: method as 'GET' | 'POST' | 'PUT',
    url: req.url,
    ...(req.payload === undefined ? {} : { payload: req.payload }),
    headers: {
      ...(req.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...req.headers,
      ...headers,
    },
  });
  return { status: res.statusCode, text: res.body, headers: res.headers };
}

function expectEnvelope(res: Answer, code: number, message?: string | RegExp) {
  expect(res.status, res.text).toBe(code);
  const body = JSON.parse(res.text) as Record<string, unknown>;
  expect(body).toMatchObject({ Success: false, Code: code, Data: null, Version: '1.0.0' });
  expect(typeof body.Message).toBe('string');
  if (message !== undefined) expect(body.Message).toMatch(message);
  expect(res.headers['x-request-id']).toBeTruthy();
}

const cases = Object.entries(ROUTES).map(([key, c]) => {
  const [method = 'POST', path = ''] = key.split(' ');
  return { key, method, path, c };
});

it('every documented route has a case, and every case is a documented route', () => {
  const documented = documentedRoutes(f).sort();
  expect(documented).toEqual(Object.keys(ROUTES).sort());
  expect(documented.length).toBeGreaterThan(30);
});

const guarded = cases.filter(({ c }) => c.access !== 'public');

describe.each(guarded)('$key: credentials', ({ method, c }) => {
  const valid = () => c.valid(f);

  it('no credential → 401', async () => {
    expectEnvelope(await send(method, await valid(), {}), 401);
  });

  it('a garbage credential in either header → 401', async () => {
    expectEnvelope(await send(method, await valid(), { authorization: 'Bearer pk_not-a-real-key-0000000000' }), 401);
    expectEnvelope(await send(method, await valid(), { 'chatrobot-sessionkey': 'vk_not-a-real-key-000000' }), 401);
  });

  it('a revoked key → 401', async () => {
    expectEnvelope(await send(method, await valid(), { authorization: f.revokedKey }), 401);
  });

  it.skipIf(c.access !== 'workspace')('a visitor key on a management route → 403', async () => {
    expectEnvelope(
      await send(method, await valid(), { 'chatrobot-sessionkey': f.visitor.SessionKey }),
      403,
      /visitor key/,
    );
  });

  it.skipIf(!c.owned)("another workspace's key on this workspace's resource → 404, nothing revealed", async () => {
    const req = await valid();
    const res = await send(method, req, f.b.auth);
    expectEnvelope(res, 404, /not found/);
    expect(res.text).not.toContain(SECRET_NAME);
    if (c.access === 'visitor') {
      expectEnvelope(await send(method, req, { 'chatrobot-sessionkey': f.otherVisitor.SessionKey }), 404);
    }
    await expectUntouched(req);
  });
});

/** The chatbot a refused request named still exists for its owner. */
async function expectUntouched(req: Request) {
  const body = typeof req.payload === 'string' ? (JSON.parse(req.payload) as Record<string, unknown>) : {};
  const serial = body.serialNumber ?? body.SerialNumber;
  if (typeof serial !== 'string') return;
  const res = await send(
    'POST',
    { url: '/chat/Chatbot/Get', payload: JSON.stringify({ serialNumber: serial }) },
    f.a.auth,
  );
  expect(res.status, res.text).toBe(200);
}

const withBody = cases.filter(({ c }) => c.body !== 'none');

describe.each(withBody)('$key: bodies', ({ method, c }) => {
  const owner = () => ownerHeaders(f, c);

  it.skipIf(c.body === 'raw')('a malformed body → 400', async () => {
    const req = await c.valid(f);
    if (c.body === 'json') {
      const res = await send(method, { url: req.url, payload: '{"serialNumber": "abc", ' }, owner());
      expectEnvelope(res, 400, 'body: must be valid JSON');
    } else {
      // multipart: no boundary, then a body cut short.
      const noBoundary = { url: req.url, payload: 'x', headers: { 'content-type': 'multipart/form-data' } };
      expectEnvelope(await send(method, noBoundary, owner()), 400);
      const cut = typeof req.payload === 'string' || !req.payload ? '' : req.payload.subarray(0, 80).toString();
      expectEnvelope(await send(method, { ...req, payload: cut }, owner()), 400);
    }
  });

  it.skipIf(c.body !== 'json')('a body over the 1 MiB limit → 413', async () => {
    const req = await c.valid(f);
    const payload = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) });
    expectEnvelope(await send(method, { url: req.url, payload }, owner()), 413);
  });

  it.skipIf(c.endless === true)(
    'an unknown Content-Type: read as JSON on JSON routes, 415 on multipart ones',
    async () => {
      const header = { 'content-type': 'application/x-parlor-unknown' };
      if (c.body === 'multipart') {
        const req = await c.valid(f);
        expectEnvelope(await send(method, { url: req.url, payload: '{}', headers: header }, owner()), 415);
        return;
      }
      const labelled = await send(method, await c.valid(f), owner());
      const unknown = await sendValid(method, c, header);
      expect(labelled.status).toBeLessThan(500);
      expect(unknown.status, unknown.text).toBe(labelled.status);
      expect(unknown.headers['x-request-id']).toBeTruthy();
    },
  );
});

async function sendValid(method: string, c: RouteCase, headers: Record<string, string>) {
  const req = await c.valid(f);
  return send(method, { ...req, headers: { ...req.headers, ...headers } }, ownerHeaders(f, c));
}
