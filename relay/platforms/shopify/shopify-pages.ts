import { fields, list } from '../platforms/mapping.js';
import type { PlatformClient } from './platform-client.js';

export interface ShopifyQuery {
  /** `x.myshopify.com`, or a full base URL (`https://…`). */
  shop: string;
  adminToken: string;
  apiVersion: string;
  kind: 'orders' | 'products';
  /** Orders created after this instant (the service keeps two years); products are all listed. */
  since: Date;
}

/** The `rel="next"` URL of a `Link` header (Shopify's cursor pagination), if there is one. */
export function nextPageUrl(link: string | string[] | undefined): string | undefined {
  const header = Array.isArray(link) ? link.join(', ') : (link ?? '');
  return /<([^>]+)>;\s*rel="?next"?/.exec(header)?.[1];
}

/**
 * Every order (`status=any`) or product of a Shopify store through the Admin REST API, 250 a page,
 * following the `Link` header's cursor. Orders older than 60 days need the `read_all_orders` scope.
 */
export async function* shopifyPayloads(client: PlatformClient, query: ShopifyQuery): AsyncGenerator<unknown> {
  const origin = query.shop.includes('://') ? query.shop.replace(/\/+$/, '') : `https://${query.shop}`;
  const params = new URLSearchParams({ limit: '250' });
  if (query.kind === 'orders') {
    params.set('status', 'any');
    params.set('created_at_min', query.since.toISOString());
  }
  let url: string | undefined = `${origin}/admin/api/${query.apiVersion}/${query.kind}.json?${params}`;
  while (url) {
    const { body, headers } = await client.get(url, { 'x-shopify-access-token': query.adminToken });
    yield* list(fields(body)[query.kind]);
    url = nextPageUrl(headers['link']);
  }
}
