import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import Koa, { type Context } from 'koa';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { socketAddress } from '../../../relay/http/socket-address.js';

/** A real Koa server whose only middleware is `handle`, on 127.0.0.1. */
async function serve(t: TestContext, app: Koa, handle: (ctx: Context) => void): Promise<string> {
  app.use(handle);
  const { server, url }: { server: Server; url: string } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server));
  return url;
}

describe('socketAddress(ctx)', () => {
  it("is the connection's own address, whatever X-Forwarded-For says, even where Koa believes the header", async (t) => {
    const url = await serve(t, new Koa({ proxy: true }), (ctx) => {
      ctx.body = { socket: socketAddress(ctx), ip: ctx.ip };
    });
    const answer = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.9' } });
    assert.deepEqual(await answer.json(), { socket: '127.0.0.1', ip: '203.0.113.9' });
  });

  it('is empty text, not undefined, once the connection has gone before its address was read', async (t) => {
    let read: Promise<unknown> | undefined;
    const url = await serve(t, new Koa(), (ctx) => {
      const socket = ctx.req.socket;
      read = new Promise((resolve) => {
        socket.once('close', () => resolve(socketAddress(ctx)));
        socket.destroy();
      });
      ctx.body = 'never sent';
    });
    await assert.rejects(fetch(url));
    assert.equal(await read, '');
  });
});
