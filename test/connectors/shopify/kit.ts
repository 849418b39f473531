import { mapShopifyOrder } from '../../../relay/platforms/shopify/shopify-order.js';
import { mapShopifyProduct } from '../../../relay/platforms/shopify/shopify-product.js';
import type { ConnectorKit } from '../connector-kit.js';
import { SHOPIFY_TOKEN, ShopifyGraphqlStandIn, shopifyGraphqlOrders, shopifyGraphqlProducts } from './standin.js';

const catalog = { currency: 'USD', shopUrl: 'https://shop.example' };

export const kit: ConnectorKit = {
  fuzzMappings: [mapShopifyOrder, (p) => mapShopifyProduct(p, catalog)],
  map: (kind, payload) => (kind === 'order' ? mapShopifyOrder(payload) : mapShopifyProduct(payload, catalog)),
  cases: [
    { fixture: 'order-paid.json', kind: 'order' },
    { fixture: 'product.json', kind: 'product' },
  ],
  async shop(n) {
    const orders = shopifyGraphqlOrders(n);
    const shop = await new ShopifyGraphqlStandIn(orders, shopifyGraphqlProducts()).start();
    return {
      settings: { shopifyShop: shop.url, shopifyAdminToken: SHOPIFY_TOKEN, shopCurrency: 'USD' },
      validProducts: 1,
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
