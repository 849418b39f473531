import { platformUrl } from '../../config/setting-parsers.js';
import type { SettingsOf } from '../../config/setting.js';
import type { PlatformSetting } from '../connector.js';

declare module '../../config/relay-config.js' {
  // The connector's rows give their fields, as the relay's own rows give theirs.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RelayConfig extends SettingsOf<typeof PRESTASHOP_SETTINGS> {}
}

/** A PrestaShop Webservice key: 32 characters, as the Webservice refuses any other length (401, code 18). */
function prestashopKey(value: string): string {
  if (!/^[A-Za-z0-9]{32}$/.test(value))
    throw new Error('must be the 32-character Webservice key (Advanced Parameters → Webservice)');
  return value;
}

/** A multistore's shop id (`id_shop`, Advanced Parameters → Multistore): a positive integer. */
function prestashopShopId(value: string): string {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new Error('must be the id of one shop of the multistore, e.g. 2');
  return value;
}

/** PrestaShop's rows in the relay's settings: no webhooks, only the Webservice the sync and `backfill` pull. */
export const PRESTASHOP_SETTINGS = [
  {
    key: 'prestashopUrl',
    api: { flag: '--url', help: 'the shop, e.g. https://shop.example' },
    env: 'SHOPBEACON_PRESTASHOP_URL',
    flag: '--prestashop-url',
    help: 'the PrestaShop shop, e.g. https://shop.example: with the Webservice key, the sync pulls its orders and products',
    parse: platformUrl,
  },
  {
    key: 'prestashopKey',
    api: {},
    secret: true,
    env: 'SHOPBEACON_PRESTASHOP_KEY',
    flag: '--prestashop-key',
    help: 'PrestaShop Webservice key (Advanced Parameters → Webservice), GET on the resources `connect prestashop` lists (never logged)',
    parse: prestashopKey,
  },
  {
    key: 'prestashopShopId',
    api: {
      flag: '--shop-id',
      help: "a multistore's shop whose orders and products this relay reads (one relay per shop)",
    },
    env: 'SHOPBEACON_PRESTASHOP_SHOP_ID',
    flag: '--prestashop-shop-id',
    help: 'in a multistore, the shop this relay serves (its id_shop): every Webservice call is scoped to it, so its orders and products alone reach the service; one relay per shop, each with its own service account, module settings and key (docs/prestashop.md: Multistore). Unset: the shop the URL names',
    parse: prestashopShopId,
  },
] as const satisfies readonly PlatformSetting<string>[];

/** The Webservice opens with the URL and the key; a shop id only scopes it. */
export const PRESTASHOP_API_GROUPS = [['prestashopUrl', 'prestashopKey']] as const;
