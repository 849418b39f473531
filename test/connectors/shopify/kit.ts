import { mapShopifyOrder } from '../../../relay/platforms/shopify/shopify-order.js';
import { mapShopifyProduct } from '../../../relay/platforms/shopify/shopify-product.js';
import assert from 'node:assert/strict';
import { fields, list } from '../../../relay/platforms/mapping.js';
import { restOrder, restProduct } from '../../../relay/platforms/shopify/shopify-graphql-shapes.js';
import { legacyId } from '../../../relay/platforms/shopify/shopify-graphql.js';
import type { ConnectorKit } from '../connector-kit.js';
import { shopifyGraphqlOrders, shopifyGraphqlProducts } from './graphql-records.js';
import { SHOPIFY_TOKEN, ShopifyGraphqlStandIn } from './standin.js';

const catalog = { currency: 'USD', shopUrl: 'https://shop.example' };

export const kit: ConnectorKit = {
  fuzzMappings: [mapShopifyOrder, (p) => mapShopifyProduct(p, catalog)],
  fuzzPages: [
    // A GraphQL node turned into the REST shape the mapping reads, and its gid:// id.
    (page) => {
      const node = fields(page);
      assert.equal(typeof restOrder(page, list(node['lineItems'])), 'object');
      assert.equal(typeof restProduct(page, list(node['variants']), list(node['images'])), 'object');
      const id = legacyId(node['id']);
      assert.ok(id === undefined || typeof id === 'bigint' || Number.isSafeInteger(id));
    },
  ],
  map: (kind, payload) => (kind === 'order' ? mapShopifyOrder(payload) : mapShopifyProduct(payload, catalog)),
  cases: [
    { fixture: 'order-paid.json', kind: 'order' },
    { fixture: 'product.json', kind: 'product' },
  ],
  refusal: /Invalid API key or access token/,
  async shop(n) {
    const orders = shopifyGraphqlOrders(n);
    const shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    return {
      settings: { shopifyShop: shop.url, shopifyAdminToken: SHOPIFY_TOKEN, shopCurrency: 'USD' },
      validProducts: 1,
      wrongCredentials: { shopifyShop: shop.url, shopifyAdminToken: 'shpat_wrong', shopCurrency: 'USD' },
      cursorsAsked: (kind) => shop.cursorsAsked.filter((asked) => asked.kind === kind).map((asked) => asked.since),
      changeOrder(index) {
        const order = orders[index] as Record<string, unknown>;
        order['displayFulfillmentStatus'] = 'FULFILLED';
        order['updatedAt'] = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        return String(order['id']).split('/').pop() as string;
      },
      close: () => shop.close(),
    };
  },
};
