// Which addresses a request made on a user's behalf (a webhook, a crawled page) may reach:
// public unicast only. Everything an attacker could use to reach the operator's own network
// (loopback, private, link-local such as the cloud metadata address 169.254.169.254,
// carrier-grade NAT, multicast, reserved, unspecified) is refused.
//
// Node's own net.BlockList does the matching rather than hand-rolled parsing: it parses
// both families, and an IPv4 rule also matches the IPv4-mapped IPv6 form of an address
// (`::ffff:127.0.0.1`), which is the classic way around string checks. Host names given as
// decimal or hex numbers (`2130706433`, `0x7f000001`) need no rule of their own: the URL
// parser turns them into dotted form (`127.0.0.1`) before anything here sees them.
import { BlockList, isIP } from 'node:net';

/** IANA's special-purpose IPv4 ranges (RFC 6890 and successors), each [network, prefix]. */
const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

/**
 * IANA's special-purpose IPv6 ranges. Those that embed an IPv4 address (IPv4-compatible,
 * NAT64, 6to4, Teredo) are refused whole: the embedded address could be a private one.
 */
const IPV6_RANGES: [string, number][] = [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::127.0.0.1)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo included
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of IPV4_RANGES) NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of IPV6_RANGES) NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** An IP address in URL form (`[::1]`) or bare, without the brackets; null when it is a name. */
export function ipLiteral(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) ? bare : null;
}

/** True for a public unicast address; false for anything else, names included. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Names that always mean this machine, whatever a resolver says (RFC 6761). */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
