import { mapWooCommerceOrder } from '../../../relay/platforms/woocommerce/woocommerce-order.js';
import { mapWooCommerceProduct } from '../../../relay/platforms/woocommerce/woocommerce-product.js';
import assert from 'node:assert/strict';
import { wooChangedAt } from '../../../relay/platforms/woocommerce/woocommerce-pages.js';
import type { ConnectorKit } from '../connector-kit.js';
import { WOO_KEY, WOO_SECRET, wooCommerceStandIn, wooCursorAsked, wooOrders, wooProducts } from './standin.js';

const catalog = { currency: 'EUR', shopUrl: 'https://shop.example' };

export const kit: ConnectorKit = {
  fuzzMappings: [mapWooCommerceOrder, (p) => mapWooCommerceProduct(p, catalog)],
  // `date_modified_gmt` read as the cursor: always a number.
  fuzzPages: [(page) => assert.equal(typeof wooChangedAt(page), 'number')],
  map: (kind, payload) => (kind === 'order' ? mapWooCommerceOrder(payload) : mapWooCommerceProduct(payload, catalog)),
  cases: [
    { fixture: 'order-variation.json', kind: 'order' },
    { fixture: 'order-digital.json', kind: 'order' },
    { fixture: 'order-refunded.json', kind: 'order' },
    { fixture: 'product.json', kind: 'product' },
    { fixture: 'product-variation.json', kind: 'product' },
  ],
  refusal: /Sorry, you cannot list resources/,
  async shop(n) {
    const orders = wooOrders(n);
    const shop = await wooCommerceStandIn(orders, wooProducts()).start();
    return {
      settings: { woocommerceUrl: shop.url, woocommerceConsumerKey: WOO_KEY, woocommerceConsumerSecret: WOO_SECRET },
      validProducts: 2,
      wrongCredentials: {
        woocommerceUrl: shop.url,
        woocommerceConsumerKey: 'ck_wrong',
        woocommerceConsumerSecret: 'cs_wrong',
      },
      cursorsAsked: (kind) =>
        shop.served
          .filter(({ path }) => path.startsWith(`/wp-json/wc/v3/${kind}s?`))
          .map(({ path }) => wooCursorAsked(new URL(path, shop.url))),
      changeOrder(index) {
        const order = orders[index] as Record<string, unknown>;
        order['status'] = 'completed';
        order['date_modified_gmt'] = new Date().toISOString().slice(0, 19);
        return String(order['id']);
      },
      close: () => shop.close(),
    };
  },
};
