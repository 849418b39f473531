import assert from 'node:assert/strict';
import { request, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { originPolicy } from '../../../relay/collect/origin-policy.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: string; message?: string };
}

/** One request as a browser behind a proxy sends it: its own Host, Origin and method. */
function send(url: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as Answer['body']) : {},
        }),
      );
    });
    req.on('error', reject).end();
  });
}

describe('originPolicy({ allowedOrigins }) on a real Koa server', () => {
  let server: Server;
  let url = '';
  before(async () => {
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    app.use(originPolicy({ allowedOrigins: ['https://shop.example', 'null'] }));
    app.use((ctx) => (ctx.body = { posted: true }));
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  it("lets through a request without an Origin and one from the relay's own origin, with no CORS headers", async () => {
    const host = new URL(url).host;
    for (const headers of [{}, { origin: `http://${host}` }] as Record<string, string>[]) {
      const answer = await send(url, 'POST', headers);
      assert.deepEqual(
        [answer.status, answer.body, answer.headers['access-control-allow-origin']],
        [200, { posted: true }, undefined],
      );
    }
  });

  it('answers a listed origin with CORS headers, and its preflight with 204 before any handler', async () => {
    const post = await send(url, 'POST', { origin: 'https://shop.example' });
    assert.deepEqual(
      [post.status, post.headers['access-control-allow-origin'], post.headers['access-control-allow-credentials']],
      [200, 'https://shop.example', 'true'],
    );
    assert.equal(post.headers['vary'], 'Origin');
    const preflight = await send(url, 'OPTIONS', { origin: 'null' });
    assert.deepEqual(
      [
        preflight.status,
        preflight.headers['access-control-allow-methods'],
        preflight.headers['access-control-allow-headers'],
        preflight.headers['access-control-max-age'],
      ],
      [204, 'POST', 'content-type', '600'],
    );
  });

  it('refuses any other origin with 403, saying to list it', async () => {
    const answer = await send(url, 'POST', { origin: 'https://evil.example' });
    assert.deepEqual([answer.status, answer.body.error], [403, 'origin_not_allowed']);
    assert.match(
      answer.body.message ?? '',
      /^origin https:\/\/evil\.example is not allowed: it is not this relay's own \(http:\/\/127\.0\.0\.1:\d+\); list it in SHOPBEACON_ALLOWED_ORIGINS/,
    );
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
  });

  it("tells the shop's own origin seen through a proxy that dropped the port or the scheme by what the proxy must pass", async () => {
    const port = await send(url, 'POST', { host: 'shop.local', origin: 'http://shop.local:8443' });
    assert.match(
      port.body.message ?? '',
      /the proxy in front drops the port from Host \(nginx: proxy_set_header Host \$http_host/,
    );
    const scheme = await send(url, 'POST', { host: 'shop.local', origin: 'https://shop.local' });
    assert.match(
      scheme.body.message ?? '',
      /does not pass the scheme \(X-Forwarded-Proto, read with SHOPBEACON_TRUST_PROXY=1\)$/,
    );
  });
});
