import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserEvent, collect } from '../helpers/collect.js';
import { runCli } from '../helpers/cli-run.js';
import { NginxServer, nginxUnavailableReason } from '../helpers/nginx-server.js';
import { type StandIn } from '../helpers/platform-standins.js';
import { wooCommerceStandIn, wooOrders, wooProducts, WOO_KEY, WOO_SECRET } from '../connectors/woocommerce/standin.js';
import {
  PRESTASHOP_KEY,
  PRESTASHOP_LIMITED_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from '../connectors/prestashop/standin.js';
import { ADMIN_KEY, startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { unmetRequirement } from '../helpers/requirement.js';
import type { WooWebhookRow } from '../connectors/woocommerce/webhooks-standin.js';

const skip = unmetRequirement('the doctor behind nginx', nginxUnavailableReason());
const PAGE =
  '<!doctype html><html><head><script async src="/sb/shopbeacon.js"></script></head><body><a href="/product/mug/">Mug</a></body></html>';

interface Shop {
  h: Harness;
  nginx: NginxServer;
  site: string;
}

/**
 * A shop as a merchant runs it: nginx on a port other than 443 serving the storefront and, under
 * /sb/, the relay through the shipped location file (or a variant of it), with the page's headers.
 */
async function shop(
  options: {
    location?: (text: string) => string;
    page?: string;
    headers?: string;
    extra?: string;
    serviceToken?: string;
  } = {},
): Promise<Shop> {
  const h = await startRelay({
    config: { trustProxy: '1' },
    ...(options.serviceToken ? { mock: { token: options.serviceToken } } : {}),
  });
  const shipped = readFileSync('deploy/nginx/shopbeacon.conf', 'utf8');
  const location = join(mkdtempSync(join(tmpdir(), 'sb-doctor-')), 'shopbeacon.conf');
  writeFileSync(location, options.location ? options.location(shipped) : shipped);
  const upstream = readFileSync('deploy/nginx/shopbeacon-upstream.conf', 'utf8').replace(
    'server 127.0.0.1:8787;',
    `server 127.0.0.1:${new URL(h.url).port};`,
  );
  const page = (options.page ?? PAGE).replaceAll("'", '"');
  const nginx = await new NginxServer().start(`${upstream}
server { listen 127.0.0.1:{{port}}; include ${location}; ${options.extra ?? ''}
  location / { default_type text/html; ${options.headers ?? ''} return 200 '${page}'; } }`);
  return { h, nginx, site: nginx.url };
}

async function closeShop(s: Shop | undefined): Promise<void> {
  await s?.nginx.stop();
  await s?.h.close();
}

/**
 * The doctor as the operator runs it on the shop's server: the site through nginx, the relay's
 * private routes on its own address.
 */
const doctor = (s: Shop, env: Record<string, string> = {}, args: string[] = []) =>
  runCli(['doctor', '--site', s.site, '--local-url', s.h.url, ...args], { SHOPBEACON_ADMIN_KEY: ADMIN_KEY, ...env });
const line = (stdout: string, hop: string, name: string) =>
  stdout.split('\n').find((l) => l.includes(`${hop} · ${name}:`)) ?? '';

describe('shopbeacon doctor against a shop behind the shipped nginx files on a port other than 443', { skip }, () => {
  let s: Shop;
  before(async () => {
    s = await shop();
    const answer = await collect(`${s.site}/sb`, { events: [browserEvent()] }, { origin: s.site });
    assert.equal(answer.status, 200);
    // Counted, not only at the service: the relay settles and counts the visitor once the answer is back.
    await until(
      async () => Object.keys((await stats()).visitorsByMonth).length === 1,
      'a first delivery, its visitor counted',
    );
  });
  after(() => closeShop(s));
  const stats = async () =>
    (await (await fetch(`${s.h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
      visitorsByMonth: Record<string, number>;
      outbox: { accepted: number };
    };

  it('finds every hop ok, exits 0, and its test event reaches neither the service nor the visitor count', async () => {
    const before = await stats();
    const run = await doctor(s);
    assert.equal(run.code, 0, run.stdout);
    for (const [hop, name] of [
      ['storefront', 'home page'],
      ['storefront', 'product page'],
      ['storefront', 'script'],
      ['way in', 'collect'],
      ['way in', 'relay sees the site'],
      ['way in', 'cookies'],
      ['relay', 'ready'],
      ['service', 'token'],
    ]) {
      assert.match(line(run.stdout, hop as string, name as string), /^ok /, `${hop} · ${name}`);
    }
    assert.match(run.stdout, /checks: \d+ ok, 0 warning\(s\), 0 failed$/m);
    const after = await stats();
    assert.equal(
      after.outbox.accepted,
      before.outbox.accepted,
      'the test event never entered the outbox, so it cannot reach the service',
    );
    assert.equal(s.h.mock.records('events').length, 1);
    assert.deepEqual(after.visitorsByMonth, before.visitorsByMonth);
  });
});

describe('shopbeacon doctor on a healthy shop that is laid out otherwise', { skip }, () => {
  let s: Shop | undefined;
  after(() => closeShop(s));

  it("finds the product page through the shop page when the home page lists posts, and follows WordPress's 301 to a page given without its slash", async () => {
    const blog =
      '<!doctype html><html><head><script async src="/sb/shopbeacon.js"></script></head><body><a href="/2026/11/hello-world/">Hello</a> <a href="/shop/">Shop</a></body></html>';
    const shopPage =
      '<!doctype html><html><head><script async src="/sb/shopbeacon.js"></script></head><body><a href="/product/mug/">Mug</a></body></html>';
    s = await shop({
      page: blog,
      extra: `location = /shop/ { default_type text/html; return 200 '${shopPage.replaceAll("'", '"')}'; } location = /product/teapot { return 301 /product/teapot/; }`,
    });
    await collect(`${s.site}/sb`, { events: [browserEvent()] }, { origin: s.site });
    await until(() => s!.h.mock.records('events').length === 1, 'a first delivery');
    const found = await doctor(s);
    assert.equal(found.code, 0, found.stdout);
    assert.match(line(found.stdout, 'storefront', 'product page'), /^ok .*\/product\/mug\/ loads shopbeacon\.js/);
    const given = await doctor(s, {}, ['--page', `${s.site}/product/teapot`]);
    assert.match(
      line(given.stdout, 'storefront', 'product page'),
      /^ok .*\/product\/teapot loads shopbeacon\.js/,
      given.stdout,
    );
  });

  it('says the relay refused the admin key, not that it is unset, when /stats answers 401', async () => {
    s ??= await shop();
    const run = await doctor(s, { SHOPBEACON_ADMIN_KEY: 'not-the-relays-key-but-long-enough-000' });
    assert.match(
      line(run.stdout, 'service', 'token'),
      /^warning .*not checked: the relay refused SHOPBEACON_ADMIN_KEY at .*\/stats \(401\)/,
    );
  });
});

describe('shopbeacon doctor on broken installations', { skip }, () => {
  let s: Shop | undefined;
  after(() => closeShop(s));

  it('fails the way in, naming the proxy, when the nginx location drops the port ($host)', async () => {
    s = await shop({ location: (text) => text.replaceAll('$http_host', '$host') });
    const run = await doctor(s);
    assert.equal(run.code, 1);
    assert.match(
      line(run.stdout, 'way in', 'collect'),
      /^FAILED .*403 origin_not_allowed: .* the proxy in front drops the port from Host/,
    );
    await closeShop(s);
    s = undefined;
  });

  it("fails the service when it refuses the relay's token, naming SHOPBEACON_TOKEN", async () => {
    s = await shop({ serviceToken: 'a-token-the-relay-does-not-have' });
    await collect(`${s.site}/sb`, { events: [browserEvent()] }, { origin: s.site });
    await until(
      async () =>
        (
          (await (await fetch(`${s!.h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
            delivery: { paused: boolean };
          }
        ).delivery.paused,
      'delivery paused on the refused token',
    );
    const run = await doctor(s);
    assert.equal(run.code, 1);
    assert.match(line(run.stdout, 'service', 'token'), /^FAILED .*delivery is paused: .*check SHOPBEACON_TOKEN/);
    await closeShop(s);
    s = undefined;
  });

  it('fails the storefront of a site without the snippet, and a CSP that blocks the script', async () => {
    s = await shop({
      page: '<html><body>no snippet here</body></html>',
      headers: 'add_header Content-Security-Policy "default-src \'none\'; script-src https://cdn.example";',
    });
    const run = await doctor(s);
    assert.equal(run.code, 1);
    assert.match(line(run.stdout, 'storefront', 'home page'), /^FAILED .*has no shopbeacon script: paste the snippet/);
    assert.match(line(run.stdout, 'storefront', 'CSP script-src'), /^FAILED .*add 'self' to script-src/);
    assert.match(line(run.stdout, 'storefront', 'CSP connect-src'), /^FAILED /);
    await closeShop(s);
    s = undefined;
  });
});

describe('shopbeacon doctor with the platforms connected', { skip }, () => {
  let s: Shop;
  let woo: StandIn;
  let presta: StandIn;
  const hooks: WooWebhookRow[] = [];
  before(async () => {
    woo = await wooCommerceStandIn(wooOrders(2), wooProducts(), { webhooks: hooks }).start();
    presta = await prestaShopStandIn(prestaOrders(1), prestaProducts()).start();
    // WordPress is the site itself: its REST API under the same host and port as the storefront and the relay.
    s = await shop({ extra: `location /wp-json/ { proxy_pass ${woo.url}; }` });
    for (const [i, topic] of [
      'order.created',
      'order.updated',
      'order.restored',
      'product.created',
      'product.updated',
      'product.restored',
    ].entries()) {
      hooks.push({
        id: i + 1,
        name: `shopbeacon ${topic}`,
        status: topic === 'order.updated' ? 'disabled' : 'active',
        topic,
        delivery_url: `${s.site}/sb/webhooks/woocommerce`,
        secret: 's',
        failures: 0,
      });
    }
  });
  after(async () => {
    await closeShop(s);
    await woo.close();
    await presta.close();
  });

  it('warns of a WooCommerce webhook WooCommerce disabled and fails a PrestaShop key lacking a permission, naming both', async () => {
    const run = await doctor(s, {
      SHOPBEACON_WOOCOMMERCE_URL: s.site,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY: WOO_KEY,
      SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET: WOO_SECRET,
      SHOPBEACON_PRESTASHOP_URL: presta.url,
      SHOPBEACON_PRESTASHOP_KEY: PRESTASHOP_LIMITED_KEY,
    });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(
      line(run.stdout, 'WooCommerce', 'webhooks'),
      /^warning .*1 disabled by WooCommerce \(order\.updated\)/,
    );
    assert.match(line(run.stdout, 'PrestaShop', 'key'), /^FAILED .*missing: GET \(View\) on customers/);
    assert.equal(hooks.find((h) => h.topic === 'order.updated')?.status, 'disabled', 'the doctor changes nothing');
  });

  it('warns of a PrestaShop multistore read by a relay scoped to no shop, and names the shop a scoped relay reads', async (t) => {
    const stores = await prestaShopStandIn(prestaOrders(1), prestaProducts(), { multistore: true }).start();
    t.after(() => stores.close());
    const env = { SHOPBEACON_PRESTASHOP_URL: stores.url, SHOPBEACON_PRESTASHOP_KEY: PRESTASHOP_KEY };
    const unscoped = await doctor(s, env);
    assert.match(
      line(unscoped.stdout, 'PrestaShop', 'shops'),
      /^warning .*multistore with 2 active shops \(1 TEST 9, 2 Second shop\), and no shop set: .*SHOPBEACON_PRESTASHOP_SHOP_ID/,
    );
    const scoped = await doctor(s, { ...env, SHOPBEACON_PRESTASHOP_SHOP_ID: '2' });
    assert.match(line(scoped.stdout, 'PrestaShop', 'shops'), /^ok .*this relay reads shop 2 alone/);
  });
});
