import type { Connector, PlatformName } from './connector.js';
import { PRESTASHOP_CONNECTOR } from './prestashop/prestashop-connector.js';
import { SHOPIFY_CONNECTOR } from './shopify/shopify-connector.js';
import { WOOCOMMERCE_CONNECTOR } from './woocommerce/woocommerce-connector.js';

/**
 * Every platform shopbeacon connects to. The relay's webhook routes, its sync, `/stats` and the
 * CLI's `backfill` learn the platforms from this list: a new platform is a folder and a line here.
 */
export const CONNECTORS: readonly Connector[] = [WOOCOMMERCE_CONNECTOR, SHOPIFY_CONNECTOR, PRESTASHOP_CONNECTOR];

export function connectorNamed(name: PlatformName): Connector | undefined {
  return CONNECTORS.find((c) => c.name === name);
}
