import { changedByKeyset } from '../changed-pages.js';
import type { ChangedPayload, PlatformKind } from '../connector.js';
import { fields, list, textOf } from '../mapping.js';
import type { PlatformClient } from '../platform-client.js';

export interface WooCommerceApiSettings {
  /** The shop's address, e.g. https://shop.example */
  url: string;
  consumerKey: string;
  consumerSecret: string;
}

const PAGE_SIZE = 100;

/** `date_modified_gmt` ("2026-11-24T10:00:00", GMT without an offset) in epoch ms; 0 when absent. */
export function wooChangedAt(payload: unknown): number {
  const text = fields(payload)['date_modified_gmt'];
  const at = typeof text === 'string' ? Date.parse(`${text.slice(0, 19)}Z`) : Number.NaN;
  return Number.isFinite(at) ? at : 0;
}

/** WooCommerce's `modified_after` is exclusive and in seconds: one second earlier includes `since`. */
const modifiedAfter = (since: number) => new Date(since - 1000).toISOString().slice(0, 19);

const basicAuth = (settings: WooCommerceApiSettings) =>
  `Basic ${Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64')}`;

/**
 * The shop's currency: the `woocommerce_currency` setting (WooCommerce → Settings → General),
 * `{"id": …, "value": "EUR"}`.
 */
export async function wooCommerceCurrency(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
): Promise<string | undefined> {
  const { body } = await client.get(
    `${settings.url.replace(/\/+$/, '')}/wp-json/wc/v3/settings/general/woocommerce_currency`,
    {
      authorization: basicAuth(settings),
    },
  );
  const value = fields(body)['value'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The orders or products of a WooCommerce shop changed since `since`, through the REST API
 * (`/wp-json/wc/v3/<kind>`, 100 a page, `orderby=modified`). `dates_are_gmt=true` because
 * `modified_after` is otherwise read in the site's time zone. Basic auth with the REST API key:
 * WooCommerce takes it over HTTPS (or on a loopback stand-in).
 */
export function wooCommerceChanged(
  client: PlatformClient,
  settings: WooCommerceApiSettings,
  kind: PlatformKind,
  since: number,
): AsyncIterable<ChangedPayload> {
  const base = `${settings.url.replace(/\/+$/, '')}/wp-json/wc/v3/${kind}s`;
  const authorization = basicAuth(settings);
  const fetchPage = async (from: number, page: number) => {
    const params = new URLSearchParams({
      per_page: String(PAGE_SIZE),
      page: String(page),
      orderby: 'modified',
      order: 'asc',
      modified_after: modifiedAfter(from),
      dates_are_gmt: 'true',
    });
    const { body } = await client.get(`${base}?${params}`, { authorization });
    return list(body).map((payload) => ({ payload, changedAt: wooChangedAt(payload) }));
  };
  return changedByKeyset(fetchPage, (payload) => textOf(fields(payload)['id']), PAGE_SIZE, since);
}
