// Domain verification (Origin/Referer against Domains, on GetConfig and on every
// visitor-key request), CORS on the public endpoints only, widget.js and /demo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerText } from '../../src/setup/banner.ts';
import { encodeWav } from '../../src/widget/client/wav.ts';
import { buildTestApp, post, type TestApp } from '../harness.ts';
import { demoChatbot, edit, getConfigOf, multipartFile, useAsDemo, visitorOf } from './fixture.ts';

/** The frame-ancestors directive of a page's Content Security Policy. */
const framing = (csp: unknown) =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors'));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ notify: { enabled: false } });
});
afterAll(async () => t?.close());

const getConfig = (serial: string, headers: Record<string, string> = {}) => getConfigOf(t, serial, headers);
const visitor = (serial: string, headers: Record<string, string> = {}) => visitorOf(t, serial, headers);

describe('domain verification', () => {
  const origin = (o: string) => ({ origin: o });

  it('admits listed and wildcard hosts and refuses missing and look-alike ones', async () => {
    const { serial, ws } = await demoChatbot(t);
    await edit(t, ws.auth, serial, { VerifyDomain: true, Domains: 'example.com, *.brokerage.test' });
    for (const ok of ['https://example.com', 'http://example.com:3000', 'https://www.brokerage.test']) {
      const r = await getConfig(serial, origin(ok));
      expect(r.status, ok).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBe(ok);
      expect(r.headers.vary).toMatch(/Origin/);
    }
    expect((await getConfig(serial, { referer: 'https://example.com/listings/1' })).status).toBe(200);
    for (const bad of ['https://example.com.evil.test', 'https://evilexample.com', 'https://brokerage.test', 'null']) {
      const r = await getConfig(serial, origin(bad));
      expect(r.status, bad).toBe(403);
      expect(r.body.Message).toMatch(/not enabled on|no Origin/);
      // The widget must be able to read why it was refused.
      expect(r.headers['access-control-allow-origin']).toBe(bad);
    }
    const missing = await getConfig(serial);
    expect(missing.status).toBe(403);
    expect(missing.body.Message).toMatch(/no Origin or Referer/);
  });

  it('re-checks every visitor-key request: a key from an allowed site is refused elsewhere', async () => {
    const { serial, ws } = await demoChatbot(t, { EnablePushToTalk: true });
    await edit(t, ws.auth, serial, { VerifyDomain: true, Domains: 'example.com' });
    const v = await visitor(serial, origin('https://example.com'));
    const good = { 'chatrobot-sessionkey': v.SessionKey, origin: 'https://example.com' };
    const evil = { 'chatrobot-sessionkey': v.SessionKey, origin: 'https://evil.test' };
    const ask = { sessionID: v.SessionID, content: 'hello', stream: false };
    expect((await post(t.app, '/chat/Chat/Ask', ask, good)).status).toBe(200);
    expect((await post(t.app, '/chat/Chat/Ask', ask, evil)).status).toBe(403);
    const lead = { sessionID: v.SessionID, Name: 'Jane', Email: 'jane@example.com' };
    expect((await post(t.app, '/chat/Chat/TalkToHuman', lead, evil)).status).toBe(403);
    const upload = multipartFile('q.wav', encodeWav(new Float32Array(1600), 16_000));
    const send = (h: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/chat/File/Upload',
        payload: upload.payload,
        headers: { ...upload.headers, ...h },
      });
    const refused = await send(evil);
    expect(refused.statusCode).toBe(403);
    const accepted = await send(good);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.headers['access-control-allow-origin']).toBe('https://example.com');
    // Turning verification off lets the key work anywhere again.
    await edit(t, ws.auth, serial, { VerifyDomain: false });
    expect((await post(t.app, '/chat/Chat/Ask', ask, evil)).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers preflights on the public endpoints only', async () => {
    const publicPaths = [
      '/chat/Chatbot/GetConfig',
      '/chat/Chat/Ask',
      '/chat/File/Upload',
      '/chat/Chat/TalkToHuman',
      '/chat/Chat/Subscribe',
    ];
    for (const url of publicPaths) {
      const r = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://site.test', 'access-control-request-method': 'POST' },
      });
      expect(r.statusCode, url).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('https://site.test');
      // Parlor's widget's headers and those the platform's widget sends.
      expect(r.headers['access-control-allow-headers']).toBe(
        'content-type, chatrobot-sessionkey, x-referer, referrerinfo, lang, x-stream-format',
      );
    }
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/chat/Chatbot/Edit',
      headers: { origin: 'https://site.test' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers on management endpoints', async () => {
    const { serial, ws } = await demoChatbot(t);
    const r = await post(
      t.app,
      '/chat/Chatbot/Get',
      { serialNumber: serial },
      { ...ws.auth, origin: 'https://site.test' },
    );
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('widget.js and /demo', () => {
  it('serves the script with an ETag', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': String(r.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows the bootstrap chatbot with its frame-ancestors, and explains embedding without one', async () => {
    const bare = await buildTestApp({ db: t.db, notify: { enabled: false } });
    try {
      const none = await bare.app.inject({ method: 'GET', url: '/demo' });
      expect(none.statusCode).toBe(200);
      expect(none.body).toContain('data-chatbot=&#34;SERIAL&#34;');
      expect(none.body).not.toMatch(/pk_|sk_|vk_/);
    } finally {
      await bare.close();
    }
    const { serial, ws } = await demoChatbot(t);
    useAsDemo(t, serial);
    const page = await t.app.inject({ method: 'GET', url: '/demo' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<script src="/widget.js" data-chatbot="${serial}" defer></script>`);
    expect(framing(page.headers['content-security-policy'])).toBe('frame-ancestors *');
    expect(page.body).not.toContain(ws.apiKey);
    await edit(t, ws.auth, serial, { VerifyDomain: true, Domains: 'example.com\n*.example.org' });
    const locked = await t.app.inject({ method: 'GET', url: `/demo?chatbot=${serial}` });
    expect(framing(locked.headers['content-security-policy'])).toBe(
      'frame-ancestors http://example.com:* https://example.com:* http://*.example.org:* https://*.example.org:*',
    );
    expect((await t.app.inject({ method: 'GET', url: '/demo?chatbot=nope' })).statusCode).toBe(404);
  });

  it('is announced by the start-up banner', () => {
    expect(bannerText('http://localhost:8080', { kind: 'off' })).toContain('http://localhost:8080/demo');
  });
});
