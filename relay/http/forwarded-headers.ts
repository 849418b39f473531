import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/** The proxies named, or this machine's loopback (a proxy on the same host) when none are. */
function trustedList(proxies: readonly string[] | undefined): BlockList {
  const list = new BlockList();
  for (const entry of proxies ?? ['127.0.0.0/8', '::1']) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** `::ffff:127.0.0.1`, as a dual-stack socket names an IPv4 peer, is 127.0.0.1. */
function peerOf(ctx: Context): { address: string; family: 'ipv4' | 'ipv6' } {
  const raw = ctx.req.socket.remoteAddress ?? '';
  const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** What a client may claim about the way its request came: not believed from an untrusted peer. */
function dropForwarded(headers: Record<string, unknown>): void {
  delete headers['x-forwarded-for'];
  delete headers['x-forwarded-proto'];
  delete headers['x-forwarded-host'];
  delete headers['forwarded'];
}

/**
 * Believes X-Forwarded-* only from a trusted proxy: Koa's `proxy` setting believes them from
 * anyone, so a client reaching the relay directly (HOST=0.0.0.0) could name a new address with
 * each request and escape the per-address limits. From any other peer they are
 * removed before Koa reads them, and the peer's own address and scheme count.
 */
export function forwardedHeaders(options: { trustProxy: number; trustedProxies: readonly string[] | undefined }) {
  const trusted = trustedList(options.trustedProxies);
  return async function forwardedHeadersMiddleware(ctx: Context, next: Next): Promise<void> {
    if (options.trustProxy > 0) {
      const peer = peerOf(ctx);
      if (!peer.address || !trusted.check(peer.address, peer.family)) dropForwarded(ctx.req.headers);
    }
    await next();
  };
}
