// The address the abuse limits count by. IPv6 addresses are counted by their /64 prefix: one
// subscriber usually holds a whole /64, so counting single addresses would let a script
// rotate through billions of them.
import { isIPv6 } from 'node:net';

/** Expands an IPv6 address into its eight groups, or null when it is not one. */
function groupsOf(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0] ?? '';
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** The key one client is counted under: its IPv4 address, or its IPv6 /64 prefix. */
export function clientKey(address: string): string {
  const groups = groupsOf(address);
  if (!groups) return address;
  // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 client it maps.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
