import { describe, expect, it } from 'vitest';
import {
  checkDomain,
  domainList,
  frameAncestors,
  fromOwnChatPage,
  hostAllowed,
  hostOf,
  requestingHost,
} from './domains.ts';

describe('hostAllowed', () => {
  const domains = 'example.com\n*.brokerage.test';

  it('admits an exact host, in any case and with a trailing dot', () => {
    expect(hostAllowed('example.com', domains)).toBe(true);
    expect(hostAllowed('EXAMPLE.com', domains)).toBe(true);
    expect(hostAllowed('example.com.', domains)).toBe(true);
  });

  it('refuses look-alikes that only share characters', () => {
    expect(hostAllowed('example.com.evil.test', domains)).toBe(false);
    expect(hostAllowed('evilexample.com', domains)).toBe(false);
    expect(hostAllowed('www.example.com', domains)).toBe(false); // not listed, no wildcard
    expect(hostAllowed('example.co', domains)).toBe(false);
    expect(hostAllowed('', domains)).toBe(false);
  });

  it('a wildcard admits any depth of subdomain but not the bare suffix', () => {
    expect(hostAllowed('www.brokerage.test', domains)).toBe(true);
    expect(hostAllowed('a.b.brokerage.test', domains)).toBe(true);
    expect(hostAllowed('brokerage.test', domains)).toBe(false);
    expect(hostAllowed('evilbrokerage.test', domains)).toBe(false);
    expect(hostAllowed('brokerage.test.evil.test', domains)).toBe(false);
    expect(hostAllowed('brokerage.test', `${domains}\nbrokerage.test`)).toBe(true);
  });

  it('accepts comma-separated lists and refuses everything when empty', () => {
    expect(hostAllowed('b.test', 'a.test, b.test')).toBe(true);
    expect(hostAllowed('a.test', '')).toBe(false);
  });
});

describe('requestingHost', () => {
  it('takes the Origin, else the Referer, ignoring the port', () => {
    expect(requestingHost({ origin: 'https://Example.com:8443' })).toBe('example.com');
    expect(requestingHost({ referer: 'https://www.example.com/listings?x=1' })).toBe('www.example.com');
    expect(requestingHost({ origin: 'https://a.test', referer: 'https://b.test/' })).toBe('a.test');
  });

  it('has no host for a missing, opaque or non-web origin', () => {
    expect(requestingHost({})).toBeNull();
    expect(requestingHost({ origin: 'null' })).toBeNull();
    expect(hostOf('file:///tmp/x.html')).toBeNull();
    expect(hostOf('not a url')).toBeNull();
  });

  it('reads the real host of URLs built to look like another', () => {
    expect(hostOf('https://example.com@evil.test/')).toBe('evil.test');
    expect(hostOf('https://example.com.evil.test/')).toBe('example.com.evil.test');
  });
});

describe('Domains entries given as URLs (as the platform stores them)', () => {
  const domains = 'https://www.example.com\nhttp://localhost:3000\nhttps://*.brokerage.test\nplain.test';

  it('are reduced to their host, port and path ignored', () => {
    expect(domainList(domains)).toEqual(['www.example.com', 'localhost', '*.brokerage.test', 'plain.test']);
    expect(domainList('https://Example.com/path?q=1, https://example.org:8443/')).toEqual([
      'example.com',
      'example.org',
    ]);
  });

  it('admit pages on that host whatever the port, and nothing else', () => {
    expect(hostAllowed('www.example.com', domains)).toBe(true);
    expect(hostAllowed('localhost', domains)).toBe(true);
    expect(hostAllowed('a.brokerage.test', domains)).toBe(true);
    expect(hostAllowed('plain.test', domains)).toBe(true);
    expect(hostAllowed('example.com', domains)).toBe(false);
    expect(hostAllowed('brokerage.test', domains)).toBe(false);
    expect(hostAllowed('https', domains)).toBe(false);
  });
});

const rule = (over: Partial<{ VerifyDomain: boolean; Domains: string; CustomDomain: string }> = {}) => ({
  VerifyDomain: true,
  Domains: 'example.com\n*.example.org',
  CustomDomain: '',
  ...over,
});

describe('checkDomain', () => {
  const on = rule();

  it('lets everything through while VerifyDomain is off', () => {
    expect(() => checkDomain(rule({ VerifyDomain: false }), 'S', {})).not.toThrow();
    expect(() =>
      checkDomain(rule({ VerifyDomain: false, Domains: '' }), 'S', { origin: 'https://evil.test' }),
    ).not.toThrow();
  });

  it('refuses with 403 messages naming the problem', () => {
    expect(() => checkDomain(on, 'S', { origin: 'https://example.com' })).not.toThrow();
    expect(() => checkDomain(on, 'S', { referer: 'https://shop.example.org/a' })).not.toThrow();
    expect(() => checkDomain(on, 'S', { origin: 'https://evilexample.com' })).toThrow(
      /not enabled on evilexample\.com/,
    );
    expect(() => checkDomain(on, 'S', {})).toThrow(/no Origin or Referer/);
    expect(() =>
      checkDomain(on, 'S', { origin: 'https://example.com.evil.test', referer: 'https://example.com/' }),
    ).toThrow(/example\.com\.evil\.test/);
  });

  it('admits URL entries by host', () => {
    const urls = rule({ Domains: 'https://www.example.com/path\nhttp://localhost:3000' });
    expect(() => checkDomain(urls, 'S', { origin: 'https://www.example.com' })).not.toThrow();
    expect(() => checkDomain(urls, 'S', { origin: 'http://localhost:5173' })).not.toThrow();
    expect(() => checkDomain(urls, 'S', { origin: 'https://example.com' })).toThrow(/not enabled on example\.com/);
  });
});

describe("Parlor's own chat page (/chatbot-iframe/SERIAL)", () => {
  const own = { serverHosts: ['parlor.test'] };
  const page = 'https://parlor.test/chatbot-iframe/S1';

  it('is recognised from Origin and Referer on a host Parlor answers at, for that chatbot only', () => {
    expect(fromOwnChatPage(rule(), 'S1', { ...own, origin: 'https://parlor.test', referer: page })).toBe(true);
    expect(fromOwnChatPage(rule(), 'S1', { ...own, referer: `${page}?x=1` })).toBe(true);
    expect(fromOwnChatPage(rule(), 'S2', { ...own, origin: 'https://parlor.test', referer: page })).toBe(false);
    expect(
      fromOwnChatPage(rule(), 'S1', { ...own, origin: 'https://parlor.test', referer: 'https://parlor.test/demo' }),
    ).toBe(false);
    expect(fromOwnChatPage(rule(), 'S1', { ...own, origin: 'https://parlor.test' })).toBe(false);
  });

  it('is not another site, even one that copies the path or claims the referrer', () => {
    const copy = 'https://evil.test/chatbot-iframe/S1';
    expect(fromOwnChatPage(rule(), 'S1', { ...own, origin: 'https://evil.test', referer: copy })).toBe(false);
    expect(fromOwnChatPage(rule(), 'S1', { ...own, origin: 'https://evil.test', referer: page })).toBe(false);
    expect(fromOwnChatPage(rule(), 'S1', { serverHosts: [], origin: 'https://parlor.test', referer: page })).toBe(
      false,
    );
  });

  it("counts the CustomDomain as one of Parlor's hosts", () => {
    const site = {
      serverHosts: ['127.0.0.1'],
      origin: 'https://chat.example.com',
      referer: 'https://chat.example.com/chatbot-iframe/S1',
    };
    expect(fromOwnChatPage(rule(), 'S1', site)).toBe(false);
    expect(fromOwnChatPage(rule({ CustomDomain: 'https://chat.example.com' }), 'S1', site)).toBe(true);
    expect(fromOwnChatPage(rule({ CustomDomain: 'chat.example.com' }), 'S1', site)).toBe(true);
  });

  it('passes checkDomain with VerifyDomain on; frame-ancestors guards where it is framed', () => {
    const site = { ...own, origin: 'https://parlor.test', referer: page };
    expect(() => checkDomain(rule({ Domains: '' }), 'S1', site)).not.toThrow();
    expect(() => checkDomain(rule({ Domains: '' }), 'S1', { ...own, origin: 'https://parlor.test' })).toThrow(
      /not enabled on parlor\.test/,
    );
  });
});

describe('frameAncestors', () => {
  it('lists the allowed hosts on any port and scheme, nobody when none, anyone when off', () => {
    expect(frameAncestors({ VerifyDomain: true, Domains: 'example.com\n*.example.org' })).toBe(
      'frame-ancestors http://example.com:* https://example.com:* http://*.example.org:* https://*.example.org:*',
    );
    expect(frameAncestors({ VerifyDomain: true, Domains: 'https://www.example.com/x\nhttp://localhost:3000' })).toBe(
      'frame-ancestors http://www.example.com:* https://www.example.com:* http://localhost:* https://localhost:*',
    );
    expect(frameAncestors({ VerifyDomain: true, Domains: '' })).toBe("frame-ancestors 'none'");
    expect(frameAncestors({ VerifyDomain: false, Domains: 'example.com' })).toBe('frame-ancestors *');
  });
});
