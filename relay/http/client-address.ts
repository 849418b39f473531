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
 * The networks an address is counted in, narrowest first: an IPv4 address alone; an IPv6 address's
 * /64, the /48 one subscriber may be given (ISPs delegate a /56 or a /48), and the /40 a hosting
 * provider or a small registry allocation gives one holder (256 /48s), whose /64s and /48s would
 * otherwise each count as a client of their own.
 */
export function clientNetworks(ip: string): { network: string; bits: number }[] {
  const address = unmapped(ip);
  if (isIP(address) !== 6) return [{ network: address, bits: 32 }];
  return IPV6_NETWORKS.map((bits) => ({ network: ipv6Prefix(address, bits) as string, bits }));
}

const IPV6_NETWORKS = [64, 48, 40] as const;

const unmapped = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** `a:b:c::/bits` of an IPv6 address (`bits` a multiple of 8, at most 64), none for another. */
function ipv6Prefix(ip: string, bits: number): string | undefined {
  const address = unmapped(ip);
  if (isIP(address) !== 6) return undefined;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const kept = Math.ceil(bits / 16);
  const lastMask = 0xffff & ~(0xffff >> (bits - (kept - 1) * 16));
  return `${groups
    .slice(0, kept)
    .map((g, i) => ((Number.parseInt(g || '0', 16) || 0) & (i === kept - 1 ? lastMask : 0xffff)).toString(16))
    .join(':')}::/${bits}`;
}
