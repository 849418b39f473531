import type { Context } from 'koa';
import type { CatalogSettings, Mapping } from './mapping.js';

/**
 * A platform's name as its connector gives it (`woocommerce`): its folder under `relay/platforms/`,
 * its routes, its `/stats` key.
 */
export type PlatformName = string;

/** What tells one shop platform's webhooks apart: headers, topics, its ping, its delivery ids, its mapping. */
export interface Platform {
  source: PlatformName;
  /** As people write it, for messages: "WooCommerce". */
  label: string;
  /**
   * Whether the platform tries a failed delivery again (Shopify: 8 times over 4 hours) or not
   * (WooCommerce: once, and disables the webhook after five failures in a row).
   */
  retriesDeliveries: boolean;
  /** The header with the base64 HMAC-SHA256 of the raw body. */
  signatureHeader: string;
  topicHeader: string;
  /** The header naming the shop a delivery comes from (Shopify's `X-Shopify-Shop-Domain`), when it has one. */
  shopHeader?: string;
  /**
   * Topics forwarded to the service, by the kind of record they become; every other topic is
   * answered 200 and counted.
   */
  topics: Readonly<Record<string, 'order' | 'product'>>;
  /**
   * Topics whose payload's `id` names a product deleted in the shop: told as a withdrawal (the
   * service's catalog keeps it).
   */
  productDeletions?: readonly string[];
  /**
   * Topics that end the relay's access to the shop (Shopify's `app/uninstalled`), each with what
   * the merchant must do.
   */
  accessEnded?: Readonly<Record<string, string>>;
  /** A platform's unsigned test call (WooCommerce's ping when a webhook is saved). */
  isPing(ctx: Context, raw: Buffer): boolean;
  /** An id whose repeat is the same delivery again, when the platform gives one that is safe to trust. */
  dedupeId(ctx: Context): string | undefined;
  map(kind: 'order' | 'product', payload: unknown, settings: CatalogSettings): Mapping;
  /**
   * The signing secrets its secret setting holds (Shopify's may list several, comma-separated).
   * @default the setting, whole
   */
  signingSecrets?(setting: string): string[];
}
