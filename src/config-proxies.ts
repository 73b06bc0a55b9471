// PARLOR_TRUSTED_PROXIES: which X-Forwarded-For entries decide the client address that the
// abuse limits count by. Without it the address is the socket's, so a client cannot choose
// its own address by sending the header.
import { isIP } from 'node:net';

/**
 * `hops`: the client is that many entries in from the right of X-Forwarded-For, whoever
 * connected (only safe when nothing can reach Parlor except through the proxies).
 * `addresses`: proxies by address or CIDR (or the names `loopback`, `linklocal`,
 * `uniquelocal`); entries are believed from the right while they come from one of them.
 */
export type TrustedProxies = { hops: number } | { addresses: string[] };

export class ProxyListError extends Error {}

const NAMED = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 10;

function checkEntry(entry: string): void {
  if (NAMED.includes(entry)) return;
  const [ip = '', prefix, extra] = entry.split('/');
  const version = isIP(ip);
  if (version === 0 || extra !== undefined) {
    throw new ProxyListError(`"${entry}" is not an IP address, a CIDR or one of ${NAMED.join(', ')}`);
  }
  if (prefix === undefined) return;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    throw new ProxyListError(`"${entry}": the prefix length must be 0 to ${bits}`);
  }
}

/** '' → null (the socket's address); a number → hops; else a comma-separated list. */
export function parseTrustedProxies(raw: string): TrustedProxies | null {
  const value = raw.trim();
  if (value === '') return null;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new ProxyListError(`a hop count must be 0 to ${MAX_HOPS}, got ${hops}`);
    return hops === 0 ? null : { hops };
  }
  const addresses = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const a of addresses) checkEntry(a);
  return { addresses };
}

/**
 * Fastify's `trustProxy` for the setting. A bare number is not passed as is: this Fastify
 * treats a hop count as "trust nothing", so hops become a function of the entry's position.
 */
export function fastifyTrustProxy(t: TrustedProxies | null): false | string[] | ((a: string, i: number) => boolean) {
  if (t === null) return false;
  if ('hops' in t) {
    const { hops } = t;
    return (_address, i) => i < hops;
  }
  return t.addresses;
}
