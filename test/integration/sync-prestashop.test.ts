import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getJson } from '../helpers/http.js';
import { ADMIN_KEY, startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { nextSweep, syncStatus } from '../helpers/sync-status.js';
import { type StandIn } from '../helpers/platform-standins.js';
import {
  parisTime,
  PRESTASHOP_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from '../connectors/prestashop/standin.js';

const ADMIN = { authorization: `Bearer ${ADMIN_KEY}` };
type Row = Record<string, unknown>;
const orderCalls = (h: Harness) => h.mock.calls().filter((c) => c.path === '/v1/orders').length;

describe('the sync with a PrestaShop Webservice key', () => {
  let shop: StandIn;
  let h: Harness;
  const orders = prestaOrders(150);
  const products = prestaProducts();
  before(async () => {
    shop = await prestaShopStandIn(orders, products).start();
    h = await startRelay({ config: { prestashopUrl: shop.url, prestashopKey: PRESTASHOP_KEY, syncIntervalMs: '1s' } });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('delivers orders with UTC dates, the invoice address, the state as a status and rows with tax', async () => {
    await until(() => h.mock.records('orders').length === 150, 'the orders');
    const source = orders[0] as Row;
    const sent = h.mock.records('orders').find((o) => (o as Row)['order_id'] === 1) as Row;
    assert.equal(
      parisTime(Date.parse(`${String(sent['date_created_gmt']).replace(' ', 'T')}Z`)),
      source['date_add'],
      "the shop's wall clock, moved to UTC",
    );
    assert.deepEqual(
      { ...sent, date_created_gmt: undefined, date_modified_gmt: undefined },
      {
        order_id: 1,
        date_created_gmt: undefined,
        date_modified_gmt: undefined,
        order_value: 35.4,
        currency: 'EUR',
        status: 'completed',
        email: 'pub@prestashop.com',
        first_name: 'John',
        last_name: 'DOE',
        phone: '0102030405',
        city: 'Paris',
        zip_code: '75002',
        country: 'FR',
        line_items: [
          {
            line_item_product_id: 1,
            line_item_variation_id: 1,
            line_item_quantity: 2,
            line_item_price: 28.68,
            line_item_name: 'Hummingbird printed t-shirt - Size : S- Color : White',
            line_item_sku: 'demo_1',
          },
        ],
      },
    );
    assert.equal((h.mock.records('orders').find((o) => (o as Row)['order_id'] === 2) as Row)['status'], 'processing');
  });

  it("delivers active base products with the price with tax, category names without the shop's root, public image URLs and the product's page as its route builds it", async () => {
    await until(() => h.mock.records('products').length === 1, 'the product');
    assert.deepEqual(h.mock.records('products')[0], {
      product_id: 1,
      name: 'Hummingbird printed t-shirt',
      price: 28.68,
      currency: 'EUR',
      on_sale: false,
      description: 'Symbol of lightness & delicacy.',
      categories: 'Men',
      image: `${shop.url}/img/p/1/1-large_default.jpg`,
      image2: `${shop.url}/img/p/2/2-large_default.jpg`,
      // PrestaShop 8's default route: the default category, the id, the rewrite (no EAN-13 to add).
      link: `${shop.url}/men/1-hummingbird-printed-t-shirt.html`,
      sku: 'demo_1',
    });
  });

  it('sends an order whose state changed again, and nothing unchanged; nothing counts as missed by webhooks (PrestaShop has none)', async () => {
    await nextSweep(h, 'prestashop');
    const before = orderCalls(h);
    const changed = orders[149] as Row;
    changed['current_state'] = '6';
    changed['date_upd'] = parisTime(Date.now());
    await until(
      () =>
        h.mock.records('orders').some((o) => (o as Row)['order_id'] === 150 && (o as Row)['status'] === 'cancelled'),
      'the cancelled order',
    );
    await nextSweep(h, 'prestashop');
    await nextSweep(h, 'prestashop');
    assert.equal(orderCalls(h) - before, 1, 'one call: the cancelled order; the overlap re-read the others unchanged');
    const status = await syncStatus(h, 'prestashop');
    assert.equal(status?.missedByWebhooks, null);
    assert.ok((status?.unchanged ?? 0) >= 1);
  });

  it("tells the merchant, once, of a product deactivated after it was sent: the service's catalog keeps it (its API removes nothing)", async () => {
    await until(() => h.mock.records('products').length === 1, 'the product');
    await nextSweep(h, 'prestashop');
    const product = products[0] as Row;
    product['active'] = '0';
    product['date_upd'] = parisTime(Date.now());
    await nextSweep(h, 'prestashop');
    await nextSweep(h, 'prestashop');
    const stats = await getJson<{ withdrawnProducts: { platform: string; productId: string; reason: string }[] }>(
      `${h.url}/stats`,
      ADMIN,
    );
    assert.deepEqual(
      stats.withdrawnProducts.map((w) => [w.platform, w.productId, w.reason]),
      [['prestashop', '1', 'inactive: only active products are sent']],
      'product 2, never sent, is not news; product 1 once, however many sweeps re-read it',
    );
    assert.equal(h.mock.records('products').length, 1, 'nothing is sent for it');
    product['active'] = '1';
    product['date_upd'] = parisTime(Date.now());
  });

  it("asks in JSON with the key as Basic auth, filters dates in the shop's shape with date=1, and never reads a customer whole", async () => {
    const paths = shop.served.map((s) => decodeURIComponent(s.path.replace(/\+/g, ' ')));
    assert.ok(
      paths.every((p) => !p.includes('ws_key')),
      'the key never in a URL',
    );
    assert.ok(
      paths
        .filter((p) => p.startsWith('/api/orders?'))
        .every(
          (p) =>
            /output_format=JSON/.test(p) &&
            /date=1/.test(p) &&
            /filter\[date_upd\]=\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]/.test(p),
        ),
    );
    assert.ok(paths.filter((p) => p.startsWith('/api/customers?')).every((p) => !p.includes('display=full')));
    const orderPages = paths.filter((p) => p.startsWith('/api/orders?')).length;
    assert.ok(
      paths.filter((p) => p.startsWith('/api/customers?')).length <= orderPages,
      'the customer looked up once per sweep, not once per order',
    );
  });
});
