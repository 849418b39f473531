import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Koa from 'koa';
import type { RelayConfig } from '../../relay/config/relay-config.js';
import { createRelay } from '../../relay/create-relay.js';
import { errorHandler, notFound } from '../../relay/http/error-handler.js';
import { listen, stopListening } from '../../relay/http/listen.js';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { createLogger } from '../../relay/observability/logger.js';
import { createMetrics } from '../../relay/observability/metrics.js';
import { relayRouter } from '../../relay/relay-router.js';
import { parseRelayConfig } from '../../relay/relay-settings.js';
import { postShopifyWebhook } from '../helpers/webhook-post.js';
import { cachedFor } from '../../relay/relay-router.js';

const SECRETS = {
  token: 'svc-token-7f3a9c1e5b',
  adminKey: 'admin-key-4d2b8e6f-a1c9e0b7d35f28a64c1e',
  ingestKey: 'ingest-key-9c3e1a7b-5d2f8e4a6b0c1d9e7f3a',
  identitySecret: 'identity-secret-2b7d4f9a1c6e8b3d5f0a7c2e',
  woocommerceSecret: 'wc-secret-5b1d7e-0a9c3f6e2d8b4a1c7e5f',
};
const SNIPPET = '/* the built snippet */';
const COMPANION = '/* the built Shopify storefront companion */';
const SHOPIFY_SECRET = 'shpss_9a4c2f7e1b';

/** The relay's private routes: the operator's, the debugger's and the `/v1` mirror. */
const PRIVATE: [string, string][] = [
  ['GET', '/metrics'],
  ['GET', '/stats'],
  ['GET', '/_debug/'],
  ['GET', '/_debug/snapshot'],
  ['GET', '/_debug/stream'],
  ['GET', '/_debug/assets/debugger.js'],
  ['POST', '/_debug/dead-letters/retry'],
  ['POST', '/v1/orders'],
  ['POST', '/v1/products/catalog'],
  ['POST', '/v1/track'],
];

interface Answer {
  status: number;
  challenge: string | null;
  text: string;
  body: Record<string, unknown>;
}

/**
 * `relayRouter` mounted on a real Koa server as `createRelay` mounts it, over a real relay's parts
 * (its SQLite outbox in a temp folder, delivering to the mock service on 127.0.0.1).
 */
async function routes(t: TestContext, settings: Partial<Record<keyof RelayConfig, string>>, demo = false) {
  const cleanups: (() => unknown)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dir = mkdtempSync(join(tmpdir(), 'sb-router-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'shopbeacon.js'), SNIPPET);
  writeFileSync(join(dir, 'shopbeacon-shopify.js'), COMPANION);
  const mock = await createMockUpstream({ token: SECRETS.token });
  cleanups.push(() => mock.close());
  const raw = { baseUrl: mock.url, token: SECRETS.token, dataDir: join(dir, 'data'), logLevel: 'silent', ...settings };
  const config = { ...parseRelayConfig(raw), demo };
  const files = {
    scriptFile: join(dir, 'shopbeacon.js'),
    shopifyScriptFile: join(dir, 'shopbeacon-shopify.js'),
    assetDir: dir,
  };
  const relay = createRelay(config, { logger: createLogger('silent'), ...files });
  cleanups.push(() => relay.shopbeacon.close());
  // Metrics of its own: `/metrics` registers its gauges on them, and createRelay's router did on the relay's.
  const router = relayRouter(config, { ...relay.shopbeacon, metrics: createMetrics() }, files);
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes()).use(router.allowedMethods());
  app.use(notFound);
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  cleanups.push(() => stopListening(server).then(() => server.closeAllConnections()));
  const call = async (method: string, path: string, key?: string, body = '{}', headers = {}): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(method === 'POST' ? { body } : {}),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      text,
      body: json ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
  return { call, url };
}

/** No answer may carry a secret of the relay's, whole or as its first half. */
function assertNoSecret(answers: Answer[]): void {
  for (const answer of answers)
    for (const [name, secret] of Object.entries(SECRETS))
      assert.ok(!answer.text.includes(secret.slice(0, 16)), `an answer of ${answer.status} carries the ${name}`);
}

describe('relayRouter (relay/relay-router.ts) on a real Koa server', () => {
  it('hides every private route without an admin key, answering 404 as though it were not there', async (t) => {
    const { call } = await routes(t, {});
    for (const [method, path] of [...PRIVATE, ['GET', '/']]) {
      const answer = await call(method!, path!, SECRETS.adminKey);
      assert.deepEqual(
        [answer.status, answer.body],
        [404, { error: 'not_found', message: `no route for ${method} ${path}` }],
      );
    }
  });

  it('refuses each private route a missing or a wrong key with 401, a challenge and the variable to set, never a secret', async (t) => {
    const answers: Answer[] = [];
    for (const key of [undefined, `${SECRETS.adminKey}x`]) {
      // A relay for each: ten refusals in a row would make the next a 429.
      const { call } = await routes(t, { ...SECRETS, shopCurrency: 'EUR' });
      for (const [method, path] of PRIVATE) {
        const answer = await call(method, path, key);
        answers.push(answer);
        assert.equal(answer.status, 401, `${method} ${path}`);
        assert.equal(answer.body['error'], 'unauthorized', `${method} ${path}`);
        if (path.startsWith('/_debug')) {
          assert.equal(answer.challenge, 'Basic realm="shopbeacon debugger", charset="UTF-8"');
          assert.equal(
            answer.body['message'],
            'the debugger needs the admin key (user: any, password: SHOPBEACON_ADMIN_KEY)',
          );
        } else {
          assert.equal(answer.challenge, 'Bearer realm="shopbeacon"');
          const keys = path === '/v1/track' ? 'SHOPBEACON_ADMIN_KEY or SHOPBEACON_INGEST_KEY' : 'SHOPBEACON_ADMIN_KEY';
          assert.equal(answer.body['message'], `a valid key is required (Authorization: Bearer <${keys}>)`);
        }
      }
    }
    assertNoSecret(answers);
  });

  it('answers 429 everywhere private to the wrong keys of a client that sent ten anywhere, and opens every route to its right key', async (t) => {
    const { call } = await routes(t, { adminKey: SECRETS.adminKey });
    const spread = ['/metrics', '/_debug/snapshot', '/stats', '/_debug/', '/metrics'];
    for (const path of [...spread, ...spread]) assert.equal((await call('GET', path, 'wrong-key')).status, 401, path);
    for (const path of ['/stats', '/_debug/snapshot', '/metrics']) {
      const locked = await call('GET', path, 'wrong-key');
      assert.deepEqual([locked.status, locked.body['error']], [429, 'too_many_failed_keys'], path);
      assert.equal((await call('GET', path, SECRETS.adminKey)).status, 200, path);
    }
    assert.equal((await call('POST', '/v1/orders', 'wrong-key')).status, 429);
  });

  it('opens the private routes to the admin key, and none of their answers carries a secret', async (t) => {
    const { call } = await routes(t, { ...SECRETS, shopCurrency: 'EUR' });
    const answers = await Promise.all(
      ['/stats', '/metrics', '/_debug/snapshot', '/_debug/', '/readyz'].map((path) =>
        call('GET', path, SECRETS.adminKey),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200],
      answers.map((a) => a.text.slice(0, 200)).join('\n'),
    );
    const invalid = await call('POST', '/v1/orders', SECRETS.adminKey, '{"order_id":"x"}');
    assert.deepEqual([invalid.status, invalid.body['error']], [400, 'invalid_record']);
    assertNoSecret([...answers, invalid]);
  });

  it('lets the ingest key post events on /v1/track alone, with or without an admin key: not orders, products, stats, metrics or the debugger', async (t) => {
    const { call } = await routes(t, { adminKey: SECRETS.adminKey, ingestKey: SECRETS.ingestKey });
    const track = await call('POST', '/v1/track', SECRETS.ingestKey);
    assert.deepEqual([track.status, track.body['error']], [400, 'invalid_record'], 'past the key, to the body');
    for (const [method, path] of PRIVATE.filter(([, p]) => p !== '/v1/track' && p !== '/_debug/stream'))
      assert.equal((await call(method, path, SECRETS.ingestKey)).status, 401, `${method} ${path}`);
    const ingestOnly = await routes(t, { ingestKey: SECRETS.ingestKey });
    assert.equal((await ingestOnly.call('POST', '/v1/track', SECRETS.ingestKey)).status, 400);
    for (const [method, path] of PRIVATE.filter(([, p]) => p !== '/v1/track'))
      assert.equal((await ingestOnly.call(method, path, SECRETS.ingestKey)).status, 404, `${method} ${path}`);
  });

  it('mounts the demo storefront in demo mode with an admin key only, and opens the debugger alone there without a key', async (t) => {
    const demo = await routes(t, { adminKey: SECRETS.adminKey }, true);
    const home = await demo.call('GET', '/');
    assert.equal(home.status, 200);
    assert.match(home.text, /<body data-page="home">/);
    assert.equal((await demo.call('GET', '/_debug/snapshot')).status, 200);
    assert.equal((await demo.call('GET', '/stats')).status, 401);
    assert.equal((await demo.call('POST', '/v1/orders')).status, 401);
    const keyless = await routes(t, {}, true);
    assert.equal((await keyless.call('GET', '/')).status, 404, 'a demo without an admin key has no storefront');
    const live = await routes(t, { adminKey: SECRETS.adminKey });
    assert.equal((await live.call('GET', '/')).status, 404);
    assert.equal((await live.call('GET', '/_debug/snapshot')).status, 401);
  });

  it("answers the public door without a key: health, a bare readiness, the snippet's files, the listed origins' posts, the webhooks whose secret is set", async (t) => {
    const { call } = await routes(t, { ...SECRETS, shopCurrency: 'EUR', allowedOrigins: 'https://shop.example' });
    assert.deepEqual(
      [(await call('GET', '/healthz')).status, (await call('GET', '/readyz')).body],
      [200, { status: 'ready' }],
    );
    const script = await call('GET', '/shopbeacon.js');
    assert.deepEqual([script.status, script.text], [200, SNIPPET]);
    const companion = await call('GET', '/shopbeacon-shopify.js');
    assert.deepEqual([companion.status, companion.text], [200, COMPANION]);
    const unsigned = await call('POST', '/webhooks/woocommerce');
    assert.deepEqual([unsigned.status, unsigned.body['error']], [401, 'invalid_signature']);
    assert.equal((await call('POST', '/webhooks/shopify')).status, 404);
    const preflight = await call('OPTIONS', '/collect', undefined, '', { origin: 'https://shop.example' });
    assert.equal(preflight.status, 204);
    const foreign = await call('POST', '/collect', undefined, '{"events":[]}', { origin: 'https://elsewhere.example' });
    assert.deepEqual([foreign.status, foreign.body['error']], [403, 'origin_not_allowed']);
  });

  it('reads readiness from the webhooks it mounts: a store that uninstalled the app degrades /readyz, saying why to the admin key alone', async (t) => {
    const { call, url } = await routes(t, {
      ...SECRETS,
      shopifySecret: SHOPIFY_SECRET,
      shopCurrency: 'EUR',
      shopUrl: 'https://shop.example',
    });
    const uninstalled = await postShopifyWebhook(url, 'app/uninstalled', '{"id":1}', SHOPIFY_SECRET);
    assert.equal(uninstalled.status, 200, JSON.stringify(uninstalled.body));
    assert.deepEqual((await call('GET', '/readyz')).body, { status: 'degraded' });
    assert.deepEqual((await call('GET', '/readyz', 'a-wrong-key-of-the-same-length-000000000')).body, {
      status: 'degraded',
    });
    const told = await call('GET', '/readyz', SECRETS.adminKey);
    assert.deepEqual([told.status, told.body['status']], [200, 'degraded']);
    assert.match(String(told.body['reasons']), /the app was uninstalled from the store/);
    assertNoSecret([told]);
  });
});

describe('cachedFor(ms, read, now)', () => {
  it('reads once, then again only once the time has passed', () => {
    let now = 0;
    let reads = 0;
    const value = cachedFor(
      1_000,
      () => ++reads,
      () => now,
    );
    assert.deepEqual([value(), value()], [1, 1]);
    now = 999;
    assert.equal(value(), 1);
    now = 1_000;
    assert.deepEqual([value(), value(), reads], [2, 2, 2]);
  });
});
