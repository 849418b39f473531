import type { Connector, PlatformName } from './connector.js';
import { PRESTASHOP_CONNECTOR } from './prestashop/prestashop-connector.js';
import { SHOPIFY_CONNECTOR } from './shopify/shopify-connector.js';
import { WOOCOMMERCE_CONNECTOR } from './woocommerce/woocommerce-connector.js';

/**
 * Every platform shopbeacon connects to. The relay's webhook routes, its sync, `/stats` and the
 * CLI's `backfill`, `connect` and `doctor` learn the platforms from this list: a new platform is its
 * folder, its import here, its entry in the list and in the re-export below (ARCHITECTURE.md).
 */
export const CONNECTORS: readonly Connector[] = [WOOCOMMERCE_CONNECTOR, SHOPIFY_CONNECTOR, PRESTASHOP_CONNECTOR];

// Re-exported so the package's declaration files load each connector, and with it the RelayConfig fields its config file declares.
export { PRESTASHOP_CONNECTOR, SHOPIFY_CONNECTOR, WOOCOMMERCE_CONNECTOR };

export function connectorNamed(name: PlatformName): Connector | undefined {
  return CONNECTORS.find((c) => c.name === name);
}
