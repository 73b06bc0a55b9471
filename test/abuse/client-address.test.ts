// The client address the limits count by: the socket's, unless PARLOR_TRUSTED_PROXIES says
// which X-Forwarded-For entries to believe (Fastify's trustProxy). An untrusted
// X-Forwarded-For is ignored, so a script cannot pick a fresh address per request.
import { afterAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../src/abuse/client-address.ts';
import { SESSIONS_MESSAGE } from '../../src/abuse/limits.ts';
import { loadConfig } from '../../src/config.ts';
import { parseTrustedProxies } from '../../src/config-proxies.ts';
import { buildTestApp, type TestApp, testClock } from '../harness.ts';
import { demoChatbot } from '../widget/fixture.ts';
import { getConfigFrom } from './client.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

/** An app allowing 2 sessions per address per minute, with the given proxy setting. */
async function appWith(trusted: string | null) {
  const env: Record<string, string> = { PARLOR_LIMIT_SESSIONS_PER_MINUTE: '2' };
  if (trusted !== null) env.PARLOR_TRUSTED_PROXIES = trusted;
  // A fixed clock: every request falls in one window.
  const t = await buildTestApp({ env, clock: testClock() });
  apps.push(t);
  const { serial } = await demoChatbot(t);
  const open = async (socket: string, forwardedFor?: string) => {
    const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    const r = await getConfigFrom(t.app, socket, serial, headers);
    if (r.status === 429) expect(r.body.Message).toBe(SESSIONS_MESSAGE);
    return r.status;
  };
  return open;
}

describe('without PARLOR_TRUSTED_PROXIES', () => {
  it('counts the socket address and ignores X-Forwarded-For', async () => {
    const open = await appWith(null);
    const statuses = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push(await open('203.0.113.5', spoofed));
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await open('203.0.113.6', '203.0.113.5')).toBe(200);
  });
});

describe('behind a trusted load balancer (CIDR)', () => {
  it('counts the forwarded client; entries added before the proxy and direct clients are not believed', async () => {
    const open = await appWith('10.0.0.0/8');
    expect(await open('10.1.2.3', '198.51.100.1')).toBe(200);
    expect(await open('10.9.9.9', '198.51.100.1')).toBe(200);
    expect(await open('10.1.2.3', '198.51.100.1')).toBe(429);
    // Another client behind the same balancer is its own address.
    expect(await open('10.1.2.3', '198.51.100.2')).toBe(200);
    // A client that writes its own X-Forwarded-For: the balancer appends the real address.
    expect(await open('10.1.2.3', '192.0.2.77, 198.51.100.1')).toBe(429);
    // Straight to Parlor, not through the balancer: the header is not believed.
    expect(await open('203.0.113.9', '198.51.100.50')).toBe(200);
    expect(await open('203.0.113.9', '198.51.100.51')).toBe(200);
    expect(await open('203.0.113.9', '198.51.100.52')).toBe(429);
  });
});

describe('behind one reverse proxy (hop count)', () => {
  it('takes the last X-Forwarded-For entry', async () => {
    const open = await appWith('1');
    expect(await open('127.0.0.1', '192.0.2.1, 198.51.100.8')).toBe(200);
    expect(await open('127.0.0.1', '192.0.2.2, 198.51.100.8')).toBe(200);
    expect(await open('127.0.0.1', '198.51.100.8')).toBe(429);
    expect(await open('127.0.0.1', '198.51.100.9')).toBe(200);
  });
});

describe('addresses', () => {
  it('counts IPv6 clients by /64 and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('PARLOR_TRUSTED_PROXIES takes a hop count, addresses, CIDRs and named ranges; anything else stops start-up', () => {
    expect(parseTrustedProxies('')).toBeNull();
    expect(parseTrustedProxies('0')).toBeNull();
    expect(parseTrustedProxies('2')).toEqual({ hops: 2 });
    expect(parseTrustedProxies('127.0.0.1, 10.0.0.0/8,fd00::/8, loopback')).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback'],
    });
    expect(() => loadConfig({ PARLOR_TRUSTED_PROXIES: 'proxy.internal' })).toThrow(
      'PARLOR_TRUSTED_PROXIES: "proxy.internal" is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal',
    );
    expect(() => loadConfig({ PARLOR_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      'PARLOR_TRUSTED_PROXIES: "10.0.0.0/33": the prefix length must be 0 to 32',
    );
    expect(() => loadConfig({ PARLOR_TRUSTED_PROXIES: '11' })).toThrow(
      'PARLOR_TRUSTED_PROXIES: a hop count must be 0 to 10',
    );
    expect(() => loadConfig({ PARLOR_LIMIT_QUESTIONS_PER_MINUTE: '-1' })).toThrow(
      'PARLOR_LIMIT_QUESTIONS_PER_MINUTE: must be between 0 and 1000000, got -1',
    );
    expect(loadConfig({}).abuse).toEqual({
      sessionsPerMinute: 10,
      sessionsPerHour: 60,
      questionsPerMinute: 20,
      chatbotQuestionsPerMinute: 120,
      openStreams: 10,
      leadWindowMinutes: 10,
      leadsPerHour: 5,
      chatbotLeadsPerHour: 60,
      bookingsPerHour: 5,
      chatbotBookingsPerHour: 60,
      mcpWritesPerHour: 3,
      filesPerSession: 20,
      chatbotFilesPerHour: 200,
      connectionsPerAddress: 256,
    });
  });
});
