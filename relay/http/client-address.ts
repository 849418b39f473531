import { isIP } from 'node:net';

/**
 * The unit a client is counted in: its IPv4 address, or the /64 of its IPv6 address. One
 * subscriber is given a whole /64 and picks any address in it, so counting single IPv6 addresses
 * would give each one 2^64 buckets.
 */
export function clientAddress(ip: string): string {
  return ipv6Prefix(ip, 64) ?? unmapped(ip);
}

/**
 * The /48 of an IPv6 address, none for IPv4: the site one subscriber may be given (ISPs delegate a
 * /56 or a /48), whose 65,536 /64s would otherwise each count as a client of their own.
 */
export function clientSite(ip: string): string | undefined {
  return ipv6Prefix(ip, 48);
}

const unmapped = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function ipv6Prefix(ip: string, bits: 48 | 64): string | undefined {
  const address = unmapped(ip);
  if (isIP(address) !== 6) return undefined;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, bits / 16)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/${bits}`;
}
