import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import { forwardedHeaders } from '../../../relay/http/forwarded-headers.js';
import { listen, stopListening } from '../../../relay/http/listen.js';

/** A real Koa server as the relay builds it, answering the address and scheme it believes. */
async function relayBehind(t: TestContext, trustProxy: number, trustedProxies: string[] | undefined): Promise<string> {
  const app = new Koa({ proxy: trustProxy > 0, maxIpsCount: trustProxy });
  app.use(forwardedHeaders({ trustProxy, trustedProxies }));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, protocol: ctx.protocol, forwarded: ctx.get('forwarded') };
  });
  const { server, url }: { server: Server; url: string } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return url;
}

const claimed = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', forwarded: 'for=203.0.113.9' };
const believed = async (url: string) => (await fetch(url, { headers: claimed })).json();

describe('forwardedHeaders({ trustProxy, trustedProxies })', () => {
  it('believes X-Forwarded-* from a proxy on this machine when no proxies are named', async (t) => {
    const url = await relayBehind(t, 1, undefined);
    assert.deepEqual(await believed(url), { ip: '203.0.113.9', protocol: 'https', forwarded: 'for=203.0.113.9' });
  });

  it('believes them from an address inside a named range', async (t) => {
    const url = await relayBehind(t, 1, ['10.0.0.0/8', '127.0.0.1']);
    assert.deepEqual(await believed(url), { ip: '203.0.113.9', protocol: 'https', forwarded: 'for=203.0.113.9' });
  });

  it('removes them from any other peer, so the peer is known by its own address and scheme', async (t) => {
    const url = await relayBehind(t, 1, ['10.0.0.0/8', 'fd00::/8']);
    assert.deepEqual(await believed(url), { ip: '127.0.0.1', protocol: 'http', forwarded: '' });
  });

  it('leaves them for Koa to ignore when no proxy is trusted', async (t) => {
    const url = await relayBehind(t, 0, undefined);
    assert.deepEqual(await believed(url), { ip: '127.0.0.1', protocol: 'http', forwarded: 'for=203.0.113.9' });
  });
});
