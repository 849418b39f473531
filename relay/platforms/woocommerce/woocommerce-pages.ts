import { list } from '../platforms/mapping.js';
import type { PlatformClient } from './platform-client.js';

export interface WooCommerceQuery {
  /** The shop's address, e.g. https://shop.example */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  kind: 'orders' | 'products';
  /** Orders created after this instant (the service keeps two years); products are all listed. */
  since: Date;
}

/**
 * Every order or product of a WooCommerce shop, page by page through the REST API
 * (`/wp-json/wc/v3/<kind>`, 100 a page, `X-WP-TotalPages`), oldest id first so pages do not shift
 * while new orders arrive. Basic auth with the REST API key: WooCommerce takes it over HTTPS.
 */
export async function* wooCommercePayloads(client: PlatformClient, query: WooCommerceQuery): AsyncGenerator<unknown> {
  const base = `${query.url.replace(/\/+$/, '')}/wp-json/wc/v3/${query.kind}`;
  const authorization = `Basic ${Buffer.from(`${query.consumerKey}:${query.consumerSecret}`).toString('base64')}`;
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const params = new URLSearchParams({ per_page: '100', page: String(page), orderby: 'id', order: 'asc' });
    if (query.kind === 'orders') params.set('after', query.since.toISOString().slice(0, 19));
    const { body, headers } = await client.get(`${base}?${params}`, { authorization });
    pages = Number(headers['x-wp-totalpages'] ?? 1) || 1;
    yield* list(body);
  }
}
