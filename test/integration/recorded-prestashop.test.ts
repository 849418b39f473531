import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockUpstream } from '../../relay/mock-upstream/index.js';
import { runCli } from '../helpers/cli-run.js';
import { RecordedShop } from '../helpers/recorded-shop.js';
import { LINK_RULES_READ } from '../connectors/prestashop/link-rules.js';

// A real PrestaShop 1.7.8.0 (Europe/Warsaw, PLN, 29 products with combinations, none marked
// default), its answers recorded by scripts/record-shop.mjs while `backfill` and `connect` ran. The
// backfill was recorded again on 2026-11-27, when the relay began asking categories for
// `is_root_category`, from the shop brought to the first recording's state with PrestaShop's own
// classes (a 10 % sale on product 36, product 62 without combinations, customer 11 deleted).
const RECORDED = 'test/connectors/prestashop/fixtures/recorded';
const KEY = 'SBTESTKEY0123456789ABCDEFGHIJKLM';
const SERVICE_TOKEN = 'svc-token-recorded-ps';

async function withShop<T>(file: string, run: (shop: RecordedShop) => Promise<T>): Promise<T> {
  const shop = await new RecordedShop(join(RECORDED, file)).start();
  try {
    return await run(shop);
  } finally {
    await shop.close();
  }
}

/** `backfill prestashop` against a recording and a fresh mock service: its run, what it asked that was not recorded, and the service's records. */
async function backfillFrom(file: string, flags: string[] = []) {
  const mock = await createMockUpstream({ token: SERVICE_TOKEN });
  try {
    return await withShop(file, async (shop) => {
      const env = {
        SHOPBEACON_PRESTASHOP_KEY: KEY,
        SHOPBEACON_BASE_URL: mock.url,
        SHOPBEACON_TOKEN: SERVICE_TOKEN,
        SHOPBEACON_DATA_DIR: mkdtempSync(join(tmpdir(), 'sb-recorded-ps-')),
      };
      const run = await runCli(['backfill', 'prestashop', '--url', shop.url, ...flags], env);
      return {
        run,
        unmatched: shop.unmatched,
        asked: shop.served.map((s) => s.path),
        products: mock.records('products') as Record<string, unknown>[],
        orders: mock.records('orders') as Record<string, unknown>[],
      };
    });
  } finally {
    await mock.close();
  }
}

describe('a real PrestaShop 1.7.8, replayed', () => {
  it('backfill sends every active product with the price shoppers see, a product without a default combination included, and names the orders it cannot send by id', async () => {
    const { run, unmatched, products } = await backfillFrom('backfill.json');
    assert.deepEqual(
      unmatched.filter((u) => !u.startsWith('GET /api/order_histories?')),
      [LINK_RULES_READ],
      'the connector read only what the real shop was asked, and what it reads since it was recorded: the link settings, and the order histories (answered not found)',
    );
    assert.match(run.stdout, /products: read 29, delivered 28, invalid 0, failed 0, .*skipped 1 inactive/);
    assert.match(run.stdout, /orders: read 12, delivered 10, invalid 2, failed 0/);
    // Customers deleted from the shop (the order keeps id_customer, the customer answers []): no email to send.
    assert.deepEqual(
      run.stderr.split('\n').filter((line) => /^order \d+: /.test(line)),
      ['order 11: email: is required', 'order 13: email: is required'],
    );
    const prices = new Map(products.map((p) => [p['product_id'] as number, p['price'] as number]));
    assert.equal(prices.size, 28);
    assert.ok(
      ![...prices.values()].includes(0),
      'no price of 0: PrestaShop answers shopper_price 0.000000 for every product here',
    );
    assert.equal(
      prices.get(36),
      35.1,
      'on sale, no default combination: its first combination with tax and the discount, as its page shows 35,10 zł',
    );
    assert.equal(prices.get(62), 39, 'no combinations: 31.707249 + 23 % VAT');
    assert.equal(prices.get(49), 149);
    const categories = new Map(products.map((p) => [p['product_id'] as number, p['categories']]));
    assert.deepEqual(
      [categories.get(34), categories.get(42), categories.get(49)],
      ['Studia,Analiza', 'Szkoła średnia,Matura Podstawowa', 'Studia'],
      'without the shop\'s root, "Strona główna", which holds every product',
    );
  });

  it('connect names a key PrestaShop does not take (codes 20, 21) once, instead of every resource as missing', async () => {
    await withShop('connect-inactive-key.json', async (shop) => {
      const run = await runCli(['connect', 'prestashop', '--url', shop.url], {
        SHOPBEACON_PRESTASHOP_KEY: 'SBINACTIVEKEY56789ABCDEFGHIJKLMN',
      });
      assert.equal(run.code, 1);
      assert.equal(
        run.stderr.trim(),
        'shopbeacon connect: PrestaShop refused the Webservice key (401, code 20 Authentification key is not active; 21 No permission for this authentication key): check SHOPBEACON_PRESTASHOP_KEY, and that the key exists and its Status is on (Advanced Parameters → Webservice)',
      );
    });
  });

  it('connect names the resources a key may not read (code 26), and exits 2', async () => {
    await withShop('connect-partial-key.json', async (shop) => {
      const run = await runCli(['connect', 'prestashop', '--url', shop.url], {
        SHOPBEACON_PRESTASHOP_KEY: 'SBPARTIALKEY3456789ABCDEFGHIJKLM',
      });
      assert.equal(run.code, 2);
      assert.match(run.stdout, /^missing: GET \(View\) on customers, configurations/m);
      assert.doesNotMatch(run.stdout, /SHOPBEACON_SHOP_CURRENCY/, 'the sync reads the currency from the shop');
    });
  });

  it('connect says the Webservice is off (503, code 22) in one line', async () => {
    await withShop('connect-webservice-disabled.json', async (shop) => {
      const run = await runCli(['connect', 'prestashop', '--url', shop.url], { SHOPBEACON_PRESTASHOP_KEY: KEY });
      assert.equal(run.code, 1);
      assert.equal(
        run.stderr.trim(),
        'shopbeacon connect: PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)',
      );
    });
  });
});

// The newest: a real PrestaShop 9.0.0 (the demo catalogue, UAH, Europe/Warsaw, two orders placed by
// the journey runs), recorded the same way on 2026-11-27. Its Webservice answers multilingual fields as lists of languages and flags as strings.
describe('a real PrestaShop 9.0, replayed', () => {
  it("backfill sends every active product in the shop's language with the price shoppers see, and names the order it cannot send", async () => {
    const { run, unmatched, products: records } = await backfillFrom('backfill-ps9.json');
    assert.deepEqual(
      unmatched.filter((u) => !u.startsWith('GET /api/order_histories?')),
      [],
      'the connector read only what the real shop was asked, and the order histories (read since it was recorded: answered not found)',
    );
    assert.match(run.stdout, /products: read 19, delivered 18, invalid 0, failed 0, .*skipped 1 inactive/);
    assert.match(run.stdout, /orders: read 20, delivered 19, invalid 1, failed 0/);
    assert.deepEqual(
      run.stderr.split('\n').filter((line) => /^order \d+: /.test(line)),
      ['order 11: email: is required'],
    );
    const products = new Map(records.map((p) => [p['product_id'] as number, p]));
    assert.equal(products.size, 18);
    assert.deepEqual(
      [products.get(1)?.['name'], products.get(1)?.['price'], products.get(1)?.['currency']],
      ['Hummingbird printed t-shirt', 22.94, 'UAH'],
      'the name in the default language, not the list; shopper_price, discount included',
    );
    assert.ok(
      [...products.values()].every((p) => typeof p['name'] === 'string' && typeof p['description'] !== 'object'),
    );
    assert.deepEqual(
      [products.get(1)?.['categories'], products.get(3)?.['categories'], products.get(15)?.['categories']],
      ['Clothes,Men', 'Art', 'Accessories,Home Accessories,Art'],
      'without the root, "Home"',
    );
    assert.match(
      String(products.get(1)?.['link']),
      /^http:\/\/127\.0\.0\.1:\d+\/1-hummingbird-printed-t-shirt\.html$/,
      "the product's page by PrestaShop 9's default route, not index.php's redirect to it",
    );
  });

  it('connect names the resources a key may not read (code 26) on 9.0 as on 1.7.8, and exits 2', async () => {
    await withShop('connect-ps9-partial-key.json', async (shop) => {
      const run = await runCli(['connect', 'prestashop', '--url', shop.url], {
        SHOPBEACON_PRESTASHOP_KEY: 'SBPARTIALKEY3456789ABCDEFGHIJKLM',
      });
      assert.equal(run.code, 2);
      assert.match(run.stdout, /^missing: GET \(View\) on customers, configurations/m);
    });
  });
});

// The same PrestaShop 9.0.0 as a multistore (shop 2 "Second shop" under /shop2/ beside shop 1),
// `backfill prestashop --shop-id 2` recorded on 2026-12-07: its one order (15) placed in shop 2.
describe('a real PrestaShop 9.0 multistore, replayed', () => {
  it("backfill with a shop id reads that shop alone: its order and products, every call scoped, no other shop's order", async () => {
    const { run, unmatched, asked, orders } = await backfillFrom('backfill-ps9-shop2.json', ['--shop-id', '2']);
    assert.deepEqual(
      unmatched.filter((u) => !u.startsWith('GET /api/order_histories?')),
      [],
      'the connector read only what the real shop was asked, and the order histories (read since it was recorded: answered not found)',
    );
    assert.ok(
      asked.every((path) => new URL(path, 'http://shop').searchParams.get('id_shop') === '2'),
      'every Webservice call scoped to shop 2',
    );
    assert.match(run.stdout, /orders: read 1, delivered 1, invalid 0, failed 0/);
    assert.match(run.stdout, /products: read 19, delivered 18, invalid 0, failed 0/);
    assert.deepEqual(
      orders.map((o) => o['order_id']),
      [15],
    );
  });
});
