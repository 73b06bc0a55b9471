// The platform's embed code served by Parlor: embed.min.js (the bubble), embed.iframe.js and
// the chat as a page (/chatbot-iframe/SERIAL) with its frame-ancestors from Domains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../../src/setup/bootstrap.ts';
import { createChatbot } from '../factories.ts';
import { buildTestApp, newWorkspace, type TestApp, type TestWorkspace } from '../harness.ts';
import { edit } from './fixture.ts';

/** The frame-ancestors directive of a page's Content Security Policy. */
const framing = (csp: unknown) =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors'));

let t: TestApp;
let ws: TestWorkspace;
beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
  ws = await newWorkspace(t.db);
});
afterAll(async () => t?.close());

async function chatbot(settings: Record<string, unknown> = {}): Promise<string> {
  const serial = await createChatbot(t.app, ws.auth, 'Demo Realty Assistant');
  await edit(t, ws.auth, serial, { ...DEMO_SETTINGS, ...settings });
  return serial;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the embed scripts', () => {
  const scripts: [string, string][] = [
    ['/widget.js', 'data-chatbot'],
    ['/embed.min.js', 'chatpilotConfig'],
    ['/embed.iframe.js', 'newoaksIframeConfig'],
  ];
  for (const [url, marker] of scripts) {
    it(`serves ${url} as cacheable cross-origin JavaScript with an ETag`, async () => {
      const r = await get(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(r.headers['cache-control']).toBe('public, max-age=300');
      expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(r.headers.etag).toMatch(/^"[\w-]{22}"$/);
      expect(r.body).toContain(marker);
      const again = await get(url, { 'if-none-match': String(r.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  }

  it('embed.min.js is the widget itself; embed.iframe.js is a small script of its own', async () => {
    const widget = await get('/widget.js');
    const bubble = await get('/embed.min.js');
    const frame = await get('/embed.iframe.js');
    expect(bubble.body).toBe(widget.body);
    expect(frame.body).toContain('chatbot-iframe');
    expect(frame.body.length).toBeLessThan(widget.body.length / 5);
    expect(frame.headers.etag).not.toBe(widget.headers.etag);
  });
});

describe('/chatbot-iframe/SERIAL', () => {
  it('is the chat as an HTML page, framable anywhere while VerifyDomain is off', async () => {
    const serial = await chatbot({ Name: 'Casa <Realty> & Co' });
    const r = await get(`/chatbot-iframe/${serial}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(framing(r.headers['content-security-policy'])).toBe('frame-ancestors *');
    expect(r.headers['referrer-policy']).toBe('same-origin');
    expect(r.body).toContain(`<script src="/widget.js" data-chatbot="${serial}" data-mode="page" defer></script>`);
    expect(r.body).toContain('<title>Casa &#60;Realty&#62; &#38; Co</title>');
    expect(r.body).not.toMatch(/pk_|sk_|vk_/);
    expect(r.body).not.toContain(ws.apiKey);
  });

  it('lets only the hosts in Domains frame it when VerifyDomain is on, URLs included', async () => {
    const serial = await chatbot({ VerifyDomain: true, Domains: 'https://www.example.com/listings\nlocalhost' });
    const r = await get(`/chatbot-iframe/${serial}`);
    expect(r.statusCode).toBe(200);
    expect(framing(r.headers['content-security-policy'])).toBe(
      'frame-ancestors http://www.example.com:* https://www.example.com:* http://localhost:* https://localhost:*',
    );
    await edit(t, { 'chatrobot-sessionkey': ws.sessionKey }, serial, { Domains: '' });
    const none = await get(`/chatbot-iframe/${serial}`);
    expect(framing(none.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    await edit(t, ws.auth, serial, { VerifyDomain: false });
    expect(framing((await get(`/chatbot-iframe/${serial}`)).headers['content-security-policy'])).toBe(
      'frame-ancestors *',
    );
  });

  it('answers an HTML 404 page for an unknown chatbot, escaping what it was given', async () => {
    const r = await get('/chatbot-iframe/no-such-chatbot');
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('There is no chatbot "no-such-chatbot".');
    const markup = await get(`/chatbot-iframe/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(markup.statusCode).toBe(404);
    expect(markup.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(markup.body).not.toContain('<img');
  });

  it('refuses a serial number longer than 64 characters with a 400 naming it', async () => {
    const r = await get(`/chatbot-iframe/${'x'.repeat(65)}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ Success: false, Code: 400, Message: 'serial: must be at most 64 characters' });
  });
});
