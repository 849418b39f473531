import assert from 'node:assert/strict';
import type { PlatformKind } from '../../../relay/platforms/connector.js';
import { shopTimeToEpoch } from '../../../relay/platforms/prestashop/shop-time.js';
import { fields } from '../../../relay/platforms/mapping.js';
import { mapPrestaShopOrder, type PrestaShopOrder } from '../../../relay/platforms/prestashop/prestashop-order.js';
import {
  mapPrestaShopProduct,
  type PrestaShopProduct,
} from '../../../relay/platforms/prestashop/prestashop-product.js';
import type { ConnectorKit } from '../connector-kit.js';
import {
  parisTime,
  prestaCursorAsked,
  PRESTASHOP_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from './standin.js';

const catalog = { currency: 'EUR', shopUrl: 'https://shop.example' };

/** The fixtures hold what the pages hand the mapping: an order with its lookups, a product with its category names. */
function map(kind: PlatformKind, payload: unknown) {
  return kind === 'order'
    ? mapPrestaShopOrder(payload as PrestaShopOrder)
    : mapPrestaShopProduct(payload as PrestaShopProduct, catalog);
}

export const kit: ConnectorKit = {
  fuzzMappings: [
    // PrestaShop's order or product as the Webservice answered it, with the lookups the pages add.
    (p) =>
      mapPrestaShopOrder({
        order: p as never,
        customer: fields(p)['customer'] as never,
        address: fields(p)['address'] as never,
        currency: fields(p)['currency'] as never,
        state: fields(p)['state'] as never,
        timeZone: 'Europe/Paris',
      }),
    (p) =>
      mapPrestaShopProduct(
        { product: p as never, categoryNames: [], languageId: '1', shopUrl: 'https://shop.example' },
        catalog,
      ),
  ],
  // A date PrestaShop could not have written is NaN, which the sweep reports; never a throw.
  fuzzPages: [(page) => assert.equal(typeof shopTimeToEpoch(fields(page)['date_upd'], 'Europe/Paris'), 'number')],
  map,
  cases: [
    { fixture: 'order.json', kind: 'order' },
    { fixture: 'product.json', kind: 'product' },
  ],
  refusal: /Authentification key is not active/,
  async shop(n) {
    const orders = prestaOrders(n);
    const shop = await prestaShopStandIn(orders, prestaProducts()).start();
    return {
      settings: { prestashopUrl: shop.url, prestashopKey: PRESTASHOP_KEY },
      validProducts: 1,
      wrongCredentials: { prestashopUrl: shop.url, prestashopKey: 'WRONGKEY0000000000000000000000WR' },
      cursorsAsked: (kind) =>
        shop.served
          .filter(({ path }) => path.startsWith(`/api/${kind}s?`))
          .map(({ path }) => prestaCursorAsked(new URL(path, shop.url)))
          .map((asked) => (asked ? shopTimeToEpoch(asked, 'Europe/Paris') : 0)),
      changeOrder(index) {
        const order = orders[index] as Record<string, unknown>;
        order['current_state'] = '6';
        order['date_upd'] = parisTime(Date.now());
        return String(order['id']);
      },
      close: () => shop.close(),
    };
  },
};
