import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from '../../helpers/platform-standins.js';
import { WOO_KEY, WOO_SECRET } from './standin.js';

/** A REST key that may only read (WooCommerce → REST API → Permissions: Read). */
export const WOO_READ_KEY = 'ck_read0000000000000000000000000000000000';
export const WOO_READ_SECRET = 'cs_read0000000000000000000000000000000000';

export interface WooWebhookRow {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  delivery_url: string;
  secret: string;
  failures: number;
}

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** The webhook as `/wc/v3/webhooks` shows it: the secret is write-only, the failure count is not in the answer at all. */
const shown = ({ secret: _secret, failures: _failures, ...rest }: WooWebhookRow) => ({
  ...rest,
  resource: rest.topic.split('.')[0],
  event: rest.topic.split('.')[1],
  api_version: 'wp_api_v3',
});

/**
 * `/wp-json/wc/v3/webhooks` of WooCommerce: list (`per_page`, `page`), create, update. A Read key
 * may list and is refused (401 `woocommerce_rest_cannot_edit`) anything else. Setting a webhook
 * `active` again keeps its failure count, as WooCommerce does.
 */
export function answerWooWebhooks(
  hooks: WooWebhookRow[],
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): boolean {
  const match = /^\/wp-json\/wc\/v3\/webhooks(?:\/(\d+))?$/.exec(url.pathname);
  if (!match) return false;
  const auth = req.headers.authorization;
  if (auth !== basic(WOO_KEY, WOO_SECRET) && auth !== basic(WOO_READ_KEY, WOO_READ_SECRET))
    return (
      json(res, 401, {
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      }),
      true
    );
  if (req.method === 'GET') {
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    return (json(res, 200, hooks.slice((page - 1) * perPage, page * perPage).map(shown)), true);
  }
  if (auth !== basic(WOO_KEY, WOO_SECRET))
    return (
      json(res, 401, {
        code: 'woocommerce_rest_cannot_edit',
        message: 'Sorry, you are not allowed to edit this resource.',
        data: { status: 401 },
      }),
      true
    );
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    const body = JSON.parse(text) as Partial<WooWebhookRow>;
    const existing = match[1] ? hooks.find((h) => h.id === Number(match[1])) : undefined;
    if (match[1] && !existing)
      return json(res, 404, {
        code: 'woocommerce_rest_webhook_invalid_id',
        message: 'Invalid ID.',
        data: { status: 404 },
      });
    const row = existing ?? {
      id: hooks.length + 1,
      name: '',
      status: 'active' as const,
      topic: '',
      delivery_url: '',
      secret: '',
      failures: 0,
    };
    Object.assign(row, body);
    if (!existing) hooks.push(row);
    json(res, existing ? 200 : 201, shown(row));
  });
  return true;
}
