import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a sign-in limit counts against. An IPv6 network hands each customer at least a /64, so
 * one caller owns every address in it: the /64 is theirs as one. An IPv4-mapped IPv6 address is the
 * IPv4 address it carries.
 */
export function limitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64); // not an IP (a local socket): kept as given, within the column
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0 … 0, 1). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  // A dotted IPv4 ending ("64:ff9b::192.0.2.1") fills two groups.
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const missing = Array<string>(8 - width(before) - width(after)).fill('0');
  return [...before, ...missing, ...after].map((g) => parseInt(g, 16).toString(16));
}
