import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { isClientGone, securityHeaders } from '../../relay/create-relay.js';
import type { Server } from 'node:http';
import Koa from 'koa';
import { errorHandler, notFound } from '../../relay/http/error-handler.js';
import { HttpError } from '../../relay/http/http-error.js';
import { listen, stopListening } from '../../relay/http/listen.js';
import { createLogger } from '../../relay/observability/logger.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isClientGone', () => {
  it('knows a stream closed early, a reset, a broken pipe and an aborted connection as the client leaving', () => {
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'])
      assert.equal(isClientGone(withCode(code)), true, code);
  });

  it("takes anything else for the relay's own error", () => {
    assert.equal(isClientGone(withCode('ENOSPC')), false);
    assert.equal(isClientGone(new Error('no code')), false);
    assert.equal(isClientGone('ECONNRESET'), false);
    assert.equal(isClientGone(undefined), false);
  });
});

const SECURITY = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/** The two headers of an answer, and its status. */
async function headersOf(url: string, init: RequestInit = {}) {
  const answer = await fetch(url, init);
  await answer.arrayBuffer();
  return {
    status: answer.status,
    'x-content-type-options': answer.headers.get('x-content-type-options'),
    'referrer-policy': answer.headers.get('referrer-policy'),
  };
}

/** A real Koa server composed as the relay's: the headers, the error handler, routes, 404 for the rest. */
describe('securityHeaders(ctx, next) on a real Koa server', () => {
  let server: Server;
  let url = '';
  before(async () => {
    const app = new Koa();
    app.use(securityHeaders);
    app.use(errorHandler({ logger: createLogger('silent') }));
    app.use(async (ctx, next) => {
      if (ctx.path === '/json') ctx.body = { ok: true };
      else if (ctx.path === '/script') {
        ctx.type = 'text/javascript';
        ctx.body = 'shopbeacon();';
      } else if (ctx.path === '/refused') throw new HttpError(400, 'bad_request', 'refused');
      else if (ctx.path === '/broken') throw new Error('a bug');
      else await next();
    });
    app.use(notFound);
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  it('says nosniff and no-referrer on a JSON answer and on the script', async () => {
    assert.deepEqual(await headersOf(`${url}/json`), { status: 200, ...SECURITY });
    assert.deepEqual(await headersOf(`${url}/script`), { status: 200, ...SECURITY });
  });

  it('says them on the answers the error handler writes: a refusal, an internal error, an unknown path', async () => {
    assert.deepEqual(await headersOf(`${url}/refused`), { status: 400, ...SECURITY });
    assert.deepEqual(await headersOf(`${url}/broken`), { status: 500, ...SECURITY });
    assert.deepEqual(await headersOf(`${url}/nowhere`), { status: 404, ...SECURITY });
  });

  it('says them on the answer to a HEAD, which has no body', async () => {
    assert.deepEqual(await headersOf(`${url}/json`, { method: 'HEAD' }), { status: 200, ...SECURITY });
  });
});
