// The outgoing guard against a real server on 127.0.0.1: every private form of an address
// is refused before a byte is sent, names are checked on what they resolve to, redirects
// are checked hop by hop, and time and size are bounded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy.ts';
import { checkOutgoingUrl, type OutgoingPolicy, OutgoingRefused, type Resolver, sendOutgoing } from './outgoing.ts';

let server: Server;
let port: number;
/** Paths the server was asked for: a refused request must never appear here. */
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice('/redirect?to='.length)) }).end();
    } else if (req.url === '/big') {
      res.end(Buffer.alloc(100_000, 'x'));
    } else if (req.url === '/silent') {
      // Never answers.
    } else {
      res.end(`hello from ${req.url}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const strict: OutgoingPolicy = { allowPrivate: false };
const request = { method: 'GET', timeoutMs: 2000, maxResponseBytes: 10_000 } as const;

/** A resolver that knows only the given names. */
function resolver(names: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('the address policy', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkOutgoingUrl', () => {
  it.each([
    ['ftp://example.com/x', 'must be an http(s) URL'],
    ['not a url', 'must be an http(s) URL'],
    ['https://user:pass@example.com/h', 'must not contain a user name or password'],
    ['https://user@example.com/h', 'must not contain a user name or password'],
  ])('refuses %s whatever the policy', (url, rule) => {
    expect(() => checkOutgoingUrl(url, { allowPrivate: true })).toThrow(rule);
    expect(() => checkOutgoingUrl(url, strict)).toThrow(rule);
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://LocalHost./x',
    'http://api.localhost/',
    'http://[::1]/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fe80::1]/',
  ])('refuses %s unless private URLs are allowed', (url) => {
    expect(() => checkOutgoingUrl(url, strict)).toThrow(OutgoingRefused);
    expect(() => checkOutgoingUrl(url, strict)).toThrow(/^must not point to a loopback, private, link-local/);
    expect(checkOutgoingUrl(url, { allowPrivate: true }).href).toBe(new URL(url).href);
  });

  it('lets public addresses and names through (names are checked when connecting)', () => {
    expect(checkOutgoingUrl('https://93.184.215.14/h', strict).hostname).toBe('93.184.215.14');
    expect(checkOutgoingUrl('https://hooks.example.com/h', strict).hostname).toBe('hooks.example.com');
  });
});

describe('sendOutgoing', () => {
  it('refuses every private form of the server address without reaching it', async () => {
    const before = hits.length;
    const urls = [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://2130706433:${port}/c`,
      `http://0x7f000001:${port}/d`,
      `http://[::ffff:127.0.0.1]:${port}/e`,
      `http://[::1]:${port}/f`,
      `http://0.0.0.0:${port}/g`,
    ];
    for (const url of urls) {
      await expect(sendOutgoing(url, request, strict), url).rejects.toThrow(OutgoingRefused);
    }
    expect(hits.slice(before)).toEqual([]);
  });

  it('refuses a name that resolves to loopback, on the address it resolves to when connecting', async () => {
    const before = hits.length;
    const policy = { allowPrivate: false, resolve: resolver({ 'hooks.example.test': ['127.0.0.1'] }) };
    await expect(sendOutgoing(`http://hooks.example.test:${port}/x`, request, policy)).rejects.toThrow(
      'must not point to a loopback, private, link-local or otherwise non-public address (hooks.example.test resolves to 127.0.0.1)',
    );
    // One private address among public ones is enough to refuse.
    const mixed = { allowPrivate: false, resolve: resolver({ 'mixed.example.test': ['93.184.215.14', '10.1.2.3'] }) };
    await expect(sendOutgoing(`http://mixed.example.test:${port}/x`, request, mixed)).rejects.toThrow(
      'mixed.example.test resolves to 10.1.2.3',
    );
    expect(hits.slice(before)).toEqual([]);
  });

  /**
   * "public.example.test" stands for a public site: it resolves to the test server, and the
   * policy treats that one address as public. Everything else is judged by the real policy.
   */
  const publicStandIn: OutgoingPolicy = {
    allowPrivate: false,
    resolve: resolver({ 'public.example.test': ['127.0.0.1'], 'internal.example.test': ['10.0.0.7'] }),
    isAllowed: (address) => address === '127.0.0.1' || isPublicAddress(address),
  };

  it('checks every redirect target again', async () => {
    const site = `http://public.example.test:${port}`;
    const follow = { ...request, maxRedirects: 3 };
    const ok = await sendOutgoing(
      `${site}/redirect?to=${encodeURIComponent(`${site}/landing`)}`,
      follow,
      publicStandIn,
    );
    expect(ok).toMatchObject({ status: 200, url: `${site}/landing` });
    expect(ok.body.toString()).toBe('hello from /landing');

    const before = hits.length;
    for (const target of [
      `http://127.0.0.2:${port}/secret`,
      `http://localhost:${port}/secret`,
      'http://169.254.169.254/latest/meta-data',
      `http://internal.example.test:${port}/secret`,
      `http://[::ffff:7f00:2]:${port}/secret`,
    ]) {
      await expect(
        sendOutgoing(`${site}/redirect?to=${encodeURIComponent(target)}`, follow, publicStandIn),
        target,
      ).rejects.toThrow(OutgoingRefused);
    }
    // Only the redirecting page was asked for, never a target.
    expect(hits.slice(before).every((h) => h.startsWith('/redirect?'))).toBe(true);
    expect(hits.slice(before)).toHaveLength(5);
  });

  it('answers a redirect as it is when asked to follow none', async () => {
    const res = await sendOutgoing(
      `http://public.example.test:${port}/redirect?to=${encodeURIComponent('http://127.0.0.2/')}`,
      request,
      publicStandIn,
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://127.0.0.2/');
  });

  it('bounds the time and the size of the answer', async () => {
    const allowed: OutgoingPolicy = { allowPrivate: true };
    const started = Date.now();
    await expect(
      sendOutgoing(`http://127.0.0.1:${port}/silent`, { ...request, timeoutMs: 300 }, allowed),
    ).rejects.toThrow('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(sendOutgoing(`http://127.0.0.1:${port}/big`, request, allowed)).rejects.toThrow(
      'the response is larger than 10000 bytes',
    );
    const res = await sendOutgoing(`http://127.0.0.1:${port}/fine`, request, allowed);
    expect(res.body.toString()).toBe('hello from /fine');
  });
});
