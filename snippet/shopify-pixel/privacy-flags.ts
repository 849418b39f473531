import type { CustomerPrivacy } from './shopify-api.js';

/** A flag of Shopify's `customerPrivacy`: what the visitor allows. */
export type PrivacyFlag = keyof CustomerPrivacy;

/** Whether the visitor allows every flag the merchant chose (`SHOPBEACON_CONSENT`). */
export const allowsAll = (privacy: CustomerPrivacy, flags: PrivacyFlag[]): boolean =>
  flags.every((flag) => privacy[flag] === true);
