import { PRESTASHOP_SETTINGS } from './prestashop-config.js';
import type { Connector } from '../connector.js';
import { mapPrestaShopOrder, type PrestaShopOrder } from './prestashop-order.js';
import { prestaShopChanged } from './prestashop-pages.js';
import { mapPrestaShopProduct, type PrestaShopProduct } from './prestashop-product.js';
import { connectPrestaShop } from './prestashop-connect.js';
import { prestaShopCurrency, PrestaShopWebservice } from './prestashop-webservice.js';
import { webserviceDisabled } from './webservice-disabled.js';

/** PrestaShop (1.7, 8.x): no webhooks at all, so orders and products are pulled through the Webservice. */
export const PRESTASHOP_CONNECTOR: Connector = {
  name: 'prestashop',
  label: 'PrestaShop',
  settings: PRESTASHOP_SETTINGS,
  permanentFailure: webserviceDisabled,
  shopUrl: (values) => values.prestashopUrl ?? '',
  connect: ({ values, client }) =>
    connectPrestaShop(
      new PrestaShopWebservice(client, { url: values.prestashopUrl ?? '', key: values.prestashopKey ?? '' }),
      values.prestashopUrl ?? '',
    ),
  openApi: ({ values, catalog, client }) => {
    const url = values.prestashopUrl ?? '';
    const webservice = new PrestaShopWebservice(client, { url, key: values.prestashopKey ?? '' });
    return {
      changed: (kind, since) => prestaShopChanged(webservice, url, kind, since),
      shopCurrency: () => prestaShopCurrency(webservice),
      map: (kind, payload) =>
        kind === 'order'
          ? mapPrestaShopOrder(payload as PrestaShopOrder)
          : mapPrestaShopProduct(payload as PrestaShopProduct, catalog),
    };
  },
};

// Re-exported so the package's declaration files carry the RelayConfig fields its config file declares.
export { PRESTASHOP_SETTINGS } from './prestashop-config.js';
