import { describe, expect, it } from 'vitest';
import { checkDomain, frameAncestors, hostAllowed, hostOf, requestingHost } from './domains.ts';

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

describe('checkDomain', () => {
  const on = { VerifyDomain: true, Domains: 'example.com\n*.example.org' };

  it('lets everything through while VerifyDomain is off', () => {
    expect(() => checkDomain({ VerifyDomain: false, Domains: 'example.com' }, {})).not.toThrow();
    expect(() => checkDomain({ VerifyDomain: false, Domains: '' }, { origin: 'https://evil.test' })).not.toThrow();
  });

  it('refuses with 403 messages naming the problem', () => {
    expect(() => checkDomain(on, { origin: 'https://example.com' })).not.toThrow();
    expect(() => checkDomain(on, { referer: 'https://shop.example.org/a' })).not.toThrow();
    expect(() => checkDomain(on, { origin: 'https://evilexample.com' })).toThrow(/not enabled on evilexample\.com/);
    expect(() => checkDomain(on, {})).toThrow(/no Origin or Referer/);
    expect(() => checkDomain(on, { origin: 'https://example.com.evil.test', referer: 'https://example.com/' })).toThrow(
      /example\.com\.evil\.test/,
    );
  });
});

describe('frameAncestors', () => {
  it('lists the allowed hosts on any port, nobody when none, anyone when off', () => {
    expect(frameAncestors({ VerifyDomain: true, Domains: 'example.com\n*.example.org' })).toBe(
      'frame-ancestors example.com:* *.example.org:*',
    );
    expect(frameAncestors({ VerifyDomain: true, Domains: '' })).toBe("frame-ancestors 'none'");
    expect(frameAncestors({ VerifyDomain: false, Domains: 'example.com' })).toBe('frame-ancestors *');
  });
});
