import type { Connector, PlatformName } from './connector.js';
import { PRESTASHOP_CONNECTOR } from './prestashop/prestashop-connector.js';
import { SHOPIFY_CONNECTOR } from './shopify/shopify-connector.js';
import { WOOCOMMERCE_CONNECTOR } from './woocommerce/woocommerce-connector.js';

// Re-exported so the package's declaration files load each connector, and with it the RelayConfig
// fields its config file declares.
export { PRESTASHOP_CONNECTOR, SHOPIFY_CONNECTOR, WOOCOMMERCE_CONNECTOR };

/**
 * Every platform shopbeacon connects to, in name order: a new platform is its folder, its import
 * and its place here (ARCHITECTURE.md, "Adding a platform"). The relay's webhook routes, its sync,
 * `/stats` and the CLI's `backfill`, `connect` and `doctor` learn the platforms from this list.
 */
export const CONNECTORS: readonly Connector[] = [PRESTASHOP_CONNECTOR, SHOPIFY_CONNECTOR, WOOCOMMERCE_CONNECTOR];

export function connectorNamed(name: PlatformName): Connector | undefined {
  return CONNECTORS.find((c) => c.name === name);
}
