import type { Connector } from '../connector.js';
import { mapPrestaShopOrder, type PrestaShopOrder } from './prestashop-order.js';
import { prestaShopChanged } from './prestashop-pages.js';
import { mapPrestaShopProduct, type PrestaShopProduct } from './prestashop-product.js';
import { connectPrestaShop } from './prestashop-connect.js';
import { prestaShopCurrency, PrestaShopWebservice } from './prestashop-webservice.js';

/** PrestaShop (1.7, 8.x): no webhooks at all, so orders and products are pulled through the Webservice. */
export const PRESTASHOP_CONNECTOR: Connector = {
  name: 'prestashop',
  label: 'PrestaShop',
  apiSettings: [
    { key: 'prestashopUrl', env: 'SHOPBEACON_PRESTASHOP_URL', flag: '--url', help: 'the shop, e.g. https://shop.example' },
    { key: 'prestashopKey', env: 'SHOPBEACON_PRESTASHOP_KEY', help: 'Webservice key (Advanced Parameters → Webservice), GET on the resources `connect prestashop` lists' },
  ],
  shopUrl: (values) => values.prestashopUrl ?? '',
  connect: ({ values, client }) => connectPrestaShop(new PrestaShopWebservice(client, { url: values.prestashopUrl ?? '', key: values.prestashopKey ?? '' }), values.prestashopUrl ?? ''),
  openApi: ({ values, catalog, client }) => {
    const url = values.prestashopUrl ?? '';
    const webservice = new PrestaShopWebservice(client, { url, key: values.prestashopKey ?? '' });
    return {
      changed: (kind, since) => prestaShopChanged(webservice, url, kind, since),
      shopCurrency: () => prestaShopCurrency(webservice),
      map: (kind, payload) => (kind === 'order' ? mapPrestaShopOrder(payload as PrestaShopOrder) : mapPrestaShopProduct(payload as PrestaShopProduct, catalog)),
    };
  },
};
