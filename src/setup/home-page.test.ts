// GET /: a page of links for a newcomer (not the API's JSON 404), under the pages' policy,
// each link answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { FAVICON_LINK } from '../http/favicon.ts';
import { PAGE_POLICY } from '../http/security-headers.ts';
import { HOME_LINKS } from './home-page.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /', () => {
  it('answers an HTML page linking the demo, the API docs and the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(`${PAGE_POLICY}; frame-ancestors 'self'`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const href of ['/demo', '/docs', '/console', '/openapi.json'])
      expect(res.body).toContain(`<a href="${href}">`);
    expect(res.body).toContain(FAVICON_LINK);
    expect(res.body).not.toMatch(/pk_|sk_|vk_/);
  });

  it('links pages that answer', async () => {
    const signIn = await t.app.inject({ method: 'GET', url: '/console' });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/console/sign-in');
    for (const [href] of HOME_LINKS) {
      let res = await t.app.inject({ method: 'GET', url: href });
      if (res.statusCode >= 300 && res.statusCode < 400)
        res = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
      expect(res.statusCode, href).toBe(200);
      expect(res.headers['content-type'], href).toMatch(/^text\/html/);
    }
  });

  it('is not part of the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/']).toBeUndefined();
  });
});
