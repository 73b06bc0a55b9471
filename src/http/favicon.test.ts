// The favicon: served where browsers look for it, and named in the head of Parlor's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot } from '../../test/factories.ts';
import { buildTestApp, newWorkspace, type TestApp } from '../../test/harness.ts';
import { FAVICON_LINK, FAVICON_SVG } from './favicon.ts';

let t: TestApp;
let serial: string;
beforeAll(async () => {
  t = await buildTestApp();
  const ws = await newWorkspace(t.db);
  serial = await createChatbot(t.app, ws.auth, 'Demo');
});
afterAll(() => t.close());

describe('the favicon', () => {
  it('is an SVG at /favicon.svg and at /favicon.ico, cacheable, with no credential', async () => {
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe(FAVICON_SVG);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(res.body).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('is the API docs page\'s icon, and the page is titled "Parlor API", not Swagger UI', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Parlor API</title>');
    expect(page.body).not.toContain('<title>Swagger UI</title>');
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toBe('/docs/static/theme/favicon.svg');
    const icon = await t.app.inject({ method: 'GET', url: href ?? '' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe(FAVICON_SVG);
  });

  it("is named by every Parlor page's head", async () => {
    for (const url of [
      '/',
      `/demo?chatbot=${serial}`,
      '/demo?chatbot=nope',
      `/chatbot-iframe/${serial}`,
      '/console/sign-in',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(FAVICON_LINK);
    }
  });
});
