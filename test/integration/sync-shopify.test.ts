import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringifyBody } from '../../relay/shared/exact-json.js';
import { startRelay, until, type Harness } from '../helpers/relay-harness.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from '../connectors/shopify/graphql-records.js';
import { SHOPIFY_TOKEN, ShopifyGraphqlStandIn } from '../connectors/shopify/standin.js';
import { nextSweep, syncStatus, type SyncStats } from '../helpers/sync-status.js';

const WEBHOOK_SECRET = 'whsec-sync-test-5e1b';
type Row = Record<string, unknown>;

/** A relay syncing the shop at `url` with an Admin API token, its webhooks under the shop's public door. */
const webhookedShop = (url: string) => ({
  shopifyShop: url,
  shopifyAdminToken: SHOPIFY_TOKEN,
  shopifySecret: WEBHOOK_SECRET,
  shopCurrency: 'USD',
  syncIntervalMs: '1s',
  publicUrl: 'https://shop.example/sb',
});

describe('the sync with a Shopify Admin API token', () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  const orders = shopifyGraphqlOrders(40);
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    // As `connect shopify` left them: the relay sees them as its own at its first sweep.
    for (const topic of [
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
      'ORDERS_PAID',
      'ORDERS_CANCELLED',
      'ORDERS_FULFILLED',
      'ORDERS_PARTIALLY_FULFILLED',
      'PRODUCTS_CREATE',
      'PRODUCTS_UPDATE',
    ]) {
      shop.subscriptions.push({
        id: `gid://shopify/WebhookSubscription/${shop.subscriptions.length + 1}`,
        topic,
        uri: 'https://shop.example/sb/webhooks/shopify',
      });
    }
    h = await startRelay({
      config: webhookedShop(shop.url),
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('sends the history from one bulk operation per kind, then pages what changed since with GraphQL', async () => {
    await until(() => h.mock.records('orders').length === 40 && h.mock.records('products').length === 1, 'the history');
    assert.equal(shop.bulkQueries.length, 2);
    await nextSweep(h, 'shopify');
    const changed = orders[3] as Row;
    changed['displayFulfillmentStatus'] = 'FULFILLED';
    changed['updatedAt'] = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    await until(
      () =>
        h.mock
          .records('orders')
          .some(
            (o) => stringifyBody(o).includes('"order_id":820982911946154511,') && (o as Row)['status'] === 'completed',
          ),
      'the fulfilled order',
    );
    assert.equal(shop.bulkQueries.length, 2, 'no bulk operation after the history');
    assert.ok(shop.operations.includes('ShopbeaconOrders'), 'changes paged with the orders query');
    assert.ok(
      shop.operations.includes('ShopbeaconLineItems') ||
        (
          h.mock.records('orders').find((o) => stringifyBody(o).includes('"order_id":820982911946154508,')) as {
            line_items: unknown[];
          }
        ).line_items.length === 60,
    );
  });

  it('creates the webhook subscriptions Shopify deleted again, pointing at SHOPBEACON_PUBLIC_URL', async () => {
    await nextSweep(h, 'shopify');
    shop.subscriptions.splice(0, 2);
    await until(() => shop.subscriptions.length === 8, 'the deleted two created again');
    assert.ok(shop.subscriptions.every((s) => s.uri === 'https://shop.example/sb/webhooks/shopify'));
    assert.equal((await syncStatus(h, 'shopify'))?.webhooksRepaired, 2);
  });
});

describe('the sync beside webhooks made by hand in the Shopify admin (the API lists none)', () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(shopifyGraphqlOrders(3), shopifyGraphqlProducts()).start();
    h = await startRelay({
      config: webhookedShop(shop.url),
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('creates no second set of subscriptions: it re-creates only those it has seen as its own', async () => {
    await nextSweep(h, 'shopify');
    await nextSweep(h, 'shopify');
    assert.deepEqual(shop.subscriptions, []);
    assert.equal((await syncStatus(h, 'shopify'))?.webhooksRepaired, 0);
  });
});

describe('the sync when Shopify withholds protected customer data, at a retired API version', () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  const orders = shopifyGraphqlOrders(4);
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    h = await startRelay({
      config: {
        shopifyShop: shop.url,
        shopifyAdminToken: SHOPIFY_TOKEN,
        shopCurrency: 'USD',
        syncIntervalMs: '1s',
        shopifyApiVersion: '2024-01',
      },
    });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('keeps sweeping, names the withheld fields and how many orders lacked them on /stats, and warns once of the version served', async () => {
    await until(() => h.mock.records('orders').length === 4, 'the history');
    shop.withholdCustomerData = true;
    const changed = orders[2] as Row;
    changed['updatedAt'] = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    await until(
      async () =>
        ((await syncStatus(h, 'shopify')) as { notes?: string[] } | undefined)?.notes?.some((n) =>
          n.startsWith('Shopify withheld'),
        ) === true,
      'the note',
    );
    const status = (await syncStatus(h, 'shopify')) as SyncStats['sync'][string] & { notes: string[] };
    assert.equal(status.lastError, null, 'the sweep did not fail');
    assert.match(
      status.notes.find((n) => n.startsWith('Shopify withheld')) ?? '',
      /^Shopify withheld billingAddress, customer, email, phone, shippingAddress on 1 record\(s\): the app lacks access to protected customer data/,
    );
    assert.ok(status.invalid >= 1, 'the order without an email kept as a dead letter');
    await nextSweep(h, 'shopify');
    assert.equal(
      h.logs.filter((line) => line.includes('Shopify answered with Admin API version 2026-01, not 2024-01')).length,
      1,
    );
  });
});

describe("the sync's bulk history when Shopify writes a parent's children before it", () => {
  let shop: ShopifyGraphqlStandIn;
  let h: Harness;
  const orders = shopifyGraphqlOrders(5);
  before(async () => {
    shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    shop.ignoresGrouping = true;
    h = await startRelay({ config: webhookedShop(shop.url) });
  });
  after(async () => {
    await h.close();
    await shop.close();
  });

  it('asks for grouped output, and still sends every line of an order whose first line came before it', async () => {
    const lines = new Map(orders.map((o) => [String(o['id']).split('/').pop(), (o['lineItems'] as unknown[]).length]));
    const sent = () => {
      const last = new Map<string, number>();
      for (const o of h.mock.records('orders')) {
        const text = stringifyBody(o);
        last.set(/"order_id":(\d+)/.exec(text)?.[1] ?? '', (o as { line_items: unknown[] }).line_items.length);
      }
      return last;
    };
    await until(
      () => [...lines].every(([id, count]) => sent().get(id ?? '') === count),
      'every order with all its lines',
    );
    assert.ok(shop.bulkGrouped.length > 0 && shop.bulkGrouped.every(Boolean), 'groupObjects: true on each bulk run');
  });
});
