import type { ChangedPayload, PlatformKind } from '../connector.js';
import { fields, list } from '../mapping.js';
import type { PlatformClient } from '../platform-client.js';

export interface ShopifyApiSettings {
  /** `x.myshopify.com`, or a full base URL (`https://…`; `http://` on loopback for a stand-in). */
  shop: string;
  adminToken: string;
  apiVersion: string;
}

/** The Admin API version asked for: pinned, so a field Shopify renames later does not change what is read. */
export const SHOPIFY_API_VERSION = '2025-10';

/** The store's base URL from `x.myshopify.com` or a URL. */
export function shopOrigin(shop: string): string {
  return shop.includes('://') ? shop.replace(/\/+$/, '') : `https://${shop}`;
}

/** The `rel="next"` URL of a `Link` header (Shopify's cursor pagination), if there is one. */
export function nextPageUrl(link: string | string[] | undefined): string | undefined {
  const header = Array.isArray(link) ? link.join(', ') : (link ?? '');
  return /<([^>]+)>;\s*rel="?next"?/.exec(header)?.[1];
}

function changedAt(payload: unknown): number {
  const at = Date.parse(String(fields(payload)['updated_at'] ?? ''));
  return Number.isFinite(at) ? at : 0;
}

/**
 * The orders (`status=any`) or products of a Shopify store updated since `since`, oldest update
 * first, 250 a page, following the `Link` header's cursor (a keyset: pages do not shift while the
 * store changes). Orders older than 60 days need the `read_all_orders` scope.
 */
export async function* shopifyChanged(client: PlatformClient, settings: ShopifyApiSettings, kind: PlatformKind, since: number): AsyncGenerator<ChangedPayload> {
  const resource = `${kind}s`;
  const params = new URLSearchParams({ limit: '250', updated_at_min: new Date(since).toISOString(), order: 'updated_at asc' });
  if (kind === 'order') params.set('status', 'any');
  let url: string | undefined = `${shopOrigin(settings.shop)}/admin/api/${settings.apiVersion}/${resource}.json?${params}`;
  while (url) {
    const { body, headers } = await client.get(url, { 'x-shopify-access-token': settings.adminToken });
    for (const payload of list(fields(body)[resource])) yield { payload, changedAt: changedAt(payload) };
    url = nextPageUrl(headers['link']);
  }
}
