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
] as const satisfies readonly PlatformSetting<string>[];
