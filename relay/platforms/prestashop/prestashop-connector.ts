import { PRESTASHOP_API_GROUPS, PRESTASHOP_SETTINGS } from './prestashop-config.js';
import type { ApiContext, Connector } from '../connector.js';
import { mapPrestaShopOrder, type PrestaShopOrder } from './prestashop-order.js';
import { prestaShopChanged } from './prestashop-pages.js';
import { mapPrestaShopProduct, type PrestaShopProduct } from './prestashop-product.js';
import { connectPrestaShop } from './prestashop-connect.js';
import { prestaShopCurrency, PrestaShopWebservice } from './prestashop-webservice.js';
import { webserviceDisabled } from './webservice-disabled.js';
import { prestaShopScope } from './prestashop-stores.js';

/** The Webservice as the settings open it: the shop's URL and key, scoped to one shop of a multistore when set. */
const webserviceOf = ({ values, client }: Pick<ApiContext, 'values' | 'client'>) =>
  new PrestaShopWebservice(client, {
    url: values.prestashopUrl ?? '',
    key: values.prestashopKey ?? '',
    shopId: values.prestashopShopId,
  });

/** PrestaShop (1.7, 8.x): no webhooks at all, so orders and products are pulled through the Webservice. */
export const PRESTASHOP_CONNECTOR: Connector = {
  name: 'prestashop',
  label: 'PrestaShop',
  settings: PRESTASHOP_SETTINGS,
  apiGroups: PRESTASHOP_API_GROUPS,
  permanentFailure: webserviceDisabled,
  shopUrl: (values) => values.prestashopUrl ?? '',
  connect: (context) => connectPrestaShop(webserviceOf(context), context.values.prestashopUrl ?? ''),
  scope: (context) => prestaShopScope(webserviceOf(context), context.values.prestashopUrl ?? ''),
  openApi: ({ values, catalog, client }) => {
    const url = values.prestashopUrl ?? '';
    const webservice = webserviceOf({ values, client });
    let linkNote: string | undefined;
    return {
      changed: (kind, since) =>
        prestaShopChanged(webservice, url, kind, since, (rules) => {
          linkNote = rules.unfollowable
            ? `product links go through PrestaShop's redirect (index.php?controller=product): ${rules.unfollowable}`
            : undefined;
        }),
      notes: () => (linkNote ? [linkNote] : []),
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
