import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import Router from '@koa/router';
import Koa from 'koa';
import { request } from 'undici';
import { findProduct } from '../../../relay/demo/catalog.js';
import { addDemoRoutes } from '../../../relay/demo/demo-routes.js';
import { productImage } from '../../../relay/demo/product-image.js';
import { SNIPPET_STUB } from '../../../relay/demo/storefront-layout.js';
import { errorHandler, notFound } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { scriptHash, strictCsp } from '../../../relay/pages/content-security-policy.js';

const ADMIN_KEY = 'admin-key-4d2b8e6f-a1c9e0b7d35f28a64c1e';
const CUSTOMER = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  city: 'Lisbon',
  zip_code: '1100-148',
  country: 'PT',
};

interface Posted {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A server on 127.0.0.1 that keeps what it is sent: the relay's `/v1/orders` mirror, or a decoy. */
async function recorder(t: TestContext, router = new Router()) {
  const posted: Posted[] = [];
  router.post('/v1/orders', async (ctx) => {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    posted.push({ headers: ctx.req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as Posted['body'] });
    ctx.status = 202;
    ctx.body = { queued: 1 };
  });
  const app = new Koa();
  app.use(errorHandler({ logger: createLogger('silent') }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(() => stopListening(server).then(() => server.closeAllConnections()));
  return { url, posted };
}

/**
 * The demo routes on a real Koa server, its assets in a temp folder, beside a stand-in for the
 * relay's `/v1/orders` (the mirror the checkout posts to, a seam: tested in test/unit/mirror).
 */
async function demoShop(t: TestContext) {
  const assetDir = mkdtempSync(join(tmpdir(), 'sb-demo-assets-'));
  t.after(() => rmSync(assetDir, { recursive: true, force: true }));
  for (const name of ['storefront.js', 'storefront.css', 'icon.svg', 'debugger.js'])
    writeFileSync(join(assetDir, name), `/* ${name} */`);
  const router = new Router();
  addDemoRoutes(router, { adminKey: ADMIN_KEY, logger: createLogger('silent'), assetDir });
  const { url, posted } = await recorder(t, router);
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { url, posted, get };
}

const checkout = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await request(`${url}/demo/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
};

describe('addDemoRoutes (relay/demo/demo-routes.ts) on a real Koa server', () => {
  it('serves the four storefront pages as HTML, never cached, under a CSP allowing the install stub by its hash alone', async (t) => {
    const shop = await demoShop(t);
    const pages = { '/': 'home', '/products/101': 'product', '/cart': 'cart', '/checkout': 'checkout' };
    for (const [path, name] of Object.entries(pages)) {
      const page = await shop.get(path);
      assert.equal(page.status, 200, path);
      assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8', path);
      assert.equal(page.headers.get('content-security-policy'), strictCsp([scriptHash(SNIPPET_STUB)]), path);
      assert.equal(page.headers.get('cache-control'), 'no-store', path);
      assert.match(page.text, new RegExp(`^<!doctype html>\\n[\\s\\S]*<body data-page="${name}">`), path);
    }
    assert.match((await shop.get('/products/105')).text, /<h1>Trail Bottle<\/h1>/);
  });

  it('answers 404 for a product the shop does not sell, saying how many it has, and for its picture', async (t) => {
    const shop = await demoShop(t);
    for (const id of ['999', 'abc']) {
      const page = await shop.get(`/products/${id}`);
      assert.deepEqual(
        [page.status, JSON.parse(page.text)],
        [404, { error: 'not_found', message: `no product ${id}; the shop has 12` }],
      );
    }
    const picture = await shop.get('/demo/images/999.svg');
    assert.deepEqual(
      [picture.status, JSON.parse(picture.text)],
      [404, { error: 'not_found', message: 'no such product image' }],
    );
  });

  it("draws a product's picture as SVG, cached for a day", async (t) => {
    const picture = await (await demoShop(t)).get('/demo/images/107.svg');
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/svg+xml');
    assert.equal(picture.headers.get('cache-control'), 'public, max-age=86400');
    assert.equal(picture.text, productImage(findProduct(107)!));
  });

  it("serves the storefront's own assets from the folder it is given, and not the debugger's beside them", async (t) => {
    const shop = await demoShop(t);
    for (const name of ['storefront.js', 'storefront.css', 'icon.svg']) {
      const asset = await shop.get(`/demo/assets/${name}`);
      assert.deepEqual([asset.status, asset.text], [200, `/* ${name} */`], name);
    }
    assert.equal((await shop.get('/demo/assets/debugger.js')).status, 404);
  });

  it("posts a checkout to the relay's own /v1/orders by its socket, never the Host header, with the admin key and the catalog's prices", async (t) => {
    const shop = await demoShop(t);
    const decoy = await recorder(t);
    const answer = await checkout(
      shop.url,
      { lines: [{ product_id: 101, quantity: 2, price: 0.01 }], customer: CUSTOMER },
      { host: new URL(decoy.url).host },
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(decoy.posted.length, 0, 'the Host header chose where the order went');
    assert.equal(shop.posted.length, 1);
    const [order] = shop.posted;
    assert.equal(order?.headers.authorization, `Bearer ${ADMIN_KEY}`);
    assert.equal(order?.body['order_value'], 29);
    assert.equal(order?.body['email'], CUSTOMER.email);
    assert.deepEqual(
      (order?.body['line_items'] as Record<string, unknown>[]).map((l) => [
        l['line_item_price'],
        l['line_item_quantity'],
      ]),
      [[14.5, 2]],
      'priced from the catalog, not the 0.01 the browser sent',
    );
    assert.deepEqual(answer.body, {
      order_id: order?.body['order_id'],
      order_value: 29,
      currency: 'EUR',
      line_items: order?.body['line_items'],
    });
  });

  it('refuses an incomplete checkout with 400 naming each field it lacks, and a body that is not JSON with 415, posting nothing', async (t) => {
    const shop = await demoShop(t);
    const incomplete = await checkout(shop.url, {
      lines: [],
      customer: { ...CUSTOMER, email: ' ', country: undefined },
    });
    assert.equal(incomplete.status, 400);
    assert.deepEqual(
      [incomplete.body['error'], incomplete.body['message']],
      ['invalid_checkout', 'the checkout is incomplete'],
    );
    assert.deepEqual(
      (incomplete.body['errors'] as { path: string }[]).map((e) => e.path),
      ['lines', 'customer.email', 'customer.country'],
    );
    const form = await request(`${shop.url}/demo/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'lines=101',
    });
    assert.equal(form.statusCode, 415);
    assert.equal(((await form.body.json()) as { error: string }).error, 'unsupported_media_type');
    assert.equal(shop.posted.length, 0);
  });
});
