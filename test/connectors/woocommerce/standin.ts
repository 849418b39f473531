import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseExactJson } from '../../../relay/shared/exact-json.js';
import { freshFixture } from '../../helpers/platform-fixtures.js';
import { json, StandIn } from '../../helpers/platform-standins.js';
import { answerWooWebhooks, WOO_READ_KEY, WOO_READ_SECRET, type WooWebhookRow } from './webhooks-standin.js';

export const WOO_KEY = 'ck_4c1e8b0d9a7f6e5d4c3b2a1908f7e6d5c4b3a291';
export const WOO_SECRET = 'cs_9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c';

const template = (name: string) => parseExactJson(freshFixture(name)) as Record<string, unknown>;

/** `n` WooCommerce orders shaped like the fixture, ids from 1001, created within the last days. */
export function wooOrders(n: number): Record<string, unknown>[] {
  const base = template('woocommerce/order-variation.json');
  return Array.from({ length: n }, (_, i) => {
    const created = new Date(Date.now() - (i + 1) * 3600_000).toISOString().slice(0, 19);
    return { ...base, id: 1001 + i, number: String(1001 + i), date_created_gmt: created, date_modified_gmt: created };
  });
}

/** The REST keys the stand-in knows: a Read/Write one and a Read one. */
const WOO_KEYS = new Set([
  `Basic ${Buffer.from(`${WOO_KEY}:${WOO_SECRET}`).toString('base64')}`,
  `Basic ${Buffer.from(`${WOO_READ_KEY}:${WOO_READ_SECRET}`).toString('base64')}`,
]);

/** WooCommerce's order of `orderby=modified&order=asc`: by `date_modified_gmt`, then id. */
const byModified = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a['date_modified_gmt']).localeCompare(String(b['date_modified_gmt'])) || Number(a['id']) - Number(b['id']);

/** The site's time zone in the stand-in: without `dates_are_gmt=true`, WooCommerce reads `modified_after` in it. */
const SITE_OFFSET_MS = 2 * 3600_000;

/** One page of a list, with WooCommerce's total headers. */
function listPage(all: Record<string, unknown>[], url: URL, res: ServerResponse): void {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 10), 100);
  const page = Number(url.searchParams.get('page') ?? 1);
  const headers = { 'x-wp-total': String(all.length), 'x-wp-totalpages': String(Math.ceil(all.length / perPage)) };
  json(res, 200, all.slice((page - 1) * perPage, page * perPage), headers);
}

/** The records `modified_after` asks for, in `orderby=modified` order. */
function changedAfter(rows: Record<string, unknown>[], url: URL): Record<string, unknown>[] {
  const after = modifiedAfter(url);
  return rows.filter((r) => !after || String(r['date_modified_gmt']) > after).sort(byModified);
}

/** The `modified_after` a request of the sync asked with, in epoch ms (0 = none): what the acceptance suite reads. */
export function wooCursorAsked(url: URL): number {
  const after = modifiedAfter(url);
  return after ? Date.parse(`${after}Z`) : 0;
}

function modifiedAfter(url: URL): string | undefined {
  const text = url.searchParams.get('modified_after');
  if (!text) return undefined;
  if (url.searchParams.get('dates_are_gmt') === 'true') return text.slice(0, 19);
  return new Date(Date.parse(`${text.slice(0, 19)}Z`) - SITE_OFFSET_MS).toISOString().slice(0, 19);
}

/**
 * The catalog: a published variable product, a draft, one without an image (invalid) and a simple
 * one last edited three years ago (products have no window: it is still on sale).
 */
export function wooProducts(): Record<string, unknown>[] {
  const base = template('woocommerce/product.json');
  const old = { date_modified: '2023-06-01T11:00:00', date_modified_gmt: '2023-06-01T10:00:00' };
  return [
    base,
    { ...base, id: 96, status: 'draft' },
    { ...base, id: 97, images: [] },
    { ...base, id: 98, type: 'simple', name: 'Enamel Mug', price: '10.61', variations: [], ...old },
  ];
}

/** `GET /wc/v3/settings/general/woocommerce_currency` as WooCommerce answers it (its options list cut short). */
const CURRENCY_SETTING = {
  id: 'woocommerce_currency',
  label: 'Currency',
  description:
    'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
  type: 'select',
  default: 'USD',
  options: { EUR: 'Euro (&euro;)', USD: 'United States (US) dollar (&#36;)' },
  tip: 'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
  value: 'EUR',
  group_id: 'general',
};

/**
 * WooCommerce's REST API as `/wp-json/wc/v3/orders|products` serves it: Basic auth with the REST
 * key, `per_page`, `page`, `modified_after` (exclusive; in the site's time zone unless
 * `dates_are_gmt=true`), `orderby=modified`, `X-WP-Total`, `X-WP-TotalPages`. The second page of
 * orders asked for fails once with a 500, as a busy shop's PHP does now and then.
 */
export function wooCommerceStandIn(
  orders: Record<string, unknown>[],
  products: Record<string, unknown>[],
  options: { pageDelayMs?: number; webhooks?: WooWebhookRow[] } = {},
): StandIn {
  let failedOnce = false;
  let orderPages = 0;
  return new StandIn((req, url, res) => {
    if (options.pageDelayMs) return void setTimeout(() => answerWoo(req, url, res), options.pageDelayMs);
    answerWoo(req, url, res);
  });
  function answerWoo(req: IncomingMessage, url: URL, res: ServerResponse): void {
    if (answerWooWebhooks(options.webhooks ?? [], req, url, res)) return;
    if (!WOO_KEYS.has(req.headers.authorization ?? '')) {
      return json(res, 401, {
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      });
    }
    if (url.pathname === '/wp-json/wc/v3/settings/general/woocommerce_currency')
      return json(res, 200, CURRENCY_SETTING);
    const kind = /^\/wp-json\/wc\/v3\/(orders|products)$/.exec(url.pathname)?.[1];
    if (!kind)
      return json(res, 404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    if (kind === 'orders' && ++orderPages === 2 && !failedOnce) {
      failedOnce = true;
      return json(res, 500, {
        code: 'internal_server_error',
        message: 'There has been a critical error on this website.',
        data: { status: 500 },
      });
    }
    listPage(changedAfter(kind === 'orders' ? orders : products, url), url, res);
  }
}
