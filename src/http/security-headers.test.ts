// Security headers on pages and answers, the protected /metrics, and log lines without
// query strings.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, call, newWorkspace, type TestApp } from '../../test/harness.ts';
import { pathOf, requestLogFields } from './log-fields.ts';
import { PAGE_POLICY } from './security-headers.ts';

let t: TestApp;
let serial: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { PARLOR_METRICS_TOKEN: 'scrape-me' } });
  const ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, 'Demo');
  await call(
    t.app,
    '/chat/Chatbot/Edit',
    { serialNumber: serial, VerifyDomain: true, Domains: 'www.example.com' },
    ws.auth,
  );
});
afterAll(() => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('HTML pages', () => {
  it('the chat page: the page policy, its own frame-ancestors, nosniff, a referrer policy', async () => {
    const res = await get(`/chatbot-iframe/${serial}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      `${PAGE_POLICY}; frame-ancestors http://www.example.com:* https://www.example.com:*`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('/demo and its error page', async () => {
    const demo = await get(`/demo?chatbot=${serial}`);
    expect(demo.headers['content-security-policy']).toBe(
      `${PAGE_POLICY}; frame-ancestors http://www.example.com:* https://www.example.com:*`,
    );
    expect(demo.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const missing = await get('/demo?chatbot=nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(`${PAGE_POLICY}; frame-ancestors 'self'`);
  });

  it('/docs (Swagger UI)', async () => {
    let res = await get('/docs');
    if (res.statusCode >= 300 && res.statusCode < 400) res = await get(String(res.headers.location));
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(`${PAGE_POLICY}; frame-ancestors 'self'`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('scripts are only from our own origin', () => {
    expect(PAGE_POLICY).toContain("script-src 'self'");
    expect(PAGE_POLICY).not.toContain('unsafe-eval');
    expect(PAGE_POLICY).toContain("object-src 'none'");
  });
});

describe('other answers', () => {
  it('carry nosniff and no page policy: JSON, errors, 404s', async () => {
    for (const res of [
      await get('/healthz'),
      await t.app.inject({ method: 'POST', url: '/chat/Chatbot/List', payload: '{}' }),
      await get('/no/such/thing'),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('/metrics with PARLOR_METRICS_TOKEN', () => {
  it('needs the bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'scrape-me-not' }] as Record<
      string,
      string
    >[]) {
      const res = await get('/metrics', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        Code: 401,
        Message: '/metrics needs Authorization: Bearer <PARLOR_METRICS_TOKEN>',
      });
    }
    const ok = await get('/metrics', { authorization: 'Bearer scrape-me' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('parlor_http_request_duration_seconds');
  });

  it('is open without one', async () => {
    const open = await buildTestApp({ db: t.db });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('logged URLs', () => {
  it('drop the query string (upload tokens travel there)', () => {
    expect(pathOf('/files/upload/12?token=secret')).toBe('/files/upload/12');
    expect(pathOf('/demo')).toBe('/demo');
  });

  it('what a request log line carries', () => {
    const req = {
      method: 'PUT',
      url: '/files/upload/12?token=very-secret',
      host: 'parlor.example.com',
      ip: '203.0.113.9',
      socket: { remotePort: 5123 },
    };
    expect(requestLogFields(req as unknown as FastifyRequest)).toEqual({
      method: 'PUT',
      url: '/files/upload/12',
      host: 'parlor.example.com',
      remoteAddress: '203.0.113.9',
      remotePort: 5123,
    });
  });
});
