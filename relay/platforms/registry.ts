// Every platform shopbeacon connects to, one line each: a new platform is its folder and its line
// here (ARCHITECTURE.md, "Adding a platform"). `connectors.ts` lists them in name order.
export { PRESTASHOP_CONNECTOR } from './prestashop/prestashop-connector.js';
export { SHOPIFY_CONNECTOR } from './shopify/shopify-connector.js';
export { WOOCOMMERCE_CONNECTOR } from './woocommerce/woocommerce-connector.js';
