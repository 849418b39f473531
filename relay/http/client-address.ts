import { isIP } from 'node:net';

/**
 * The unit a client is counted in: its IPv4 address, or the /64 of its IPv6 address. One
 * subscriber is given a whole /64 and picks any address in it, so counting single IPv6 addresses
 * would give each one 2^64 buckets (issue #47).
 */
export function clientAddress(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}
