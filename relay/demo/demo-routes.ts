import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { createClient, type ShopbeaconClient } from '../client/create-client.js';
import { HttpError } from '../http/http-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import { scriptHash } from '../pages/content-security-policy.js';
import { sendPage } from '../pages/send-page.js';
import type { PlacedOrder } from './demo-wire.js';
import { ID_PATTERN, USER_COOKIE } from '../../snippet/protocol.js';
import type { SafeHtml } from '../pages/html.js';
import { webAssets } from '../pages/web-assets.js';
import { CATALOG, findProduct } from './catalog.js';
import { checkCheckout, orderFor } from './demo-order.js';
import { productImage } from './product-image.js';
import { cartPage, checkoutPage, homePage, productPage } from './storefront-pages.js';
import { SNIPPET_STUB } from './storefront-layout.js';

interface DemoOptions {
  /** The relay's admin key: the demo's backend posts orders to the `/v1/orders` mirror with it. */
  adminKey: string;
  logger: Logger;
  assetDir?: string;
}

const STUB_HASH = scriptHash(SNIPPET_STUB);
const page = (render: () => SafeHtml) => (ctx: Context) => sendPage(ctx, render(), [STUB_HASH]);

/** The relay itself, by the socket the request came in on: never the Host header, which the client chooses. */
function ownUrl(ctx: Context): string {
  const { localAddress = '127.0.0.1', localPort } = ctx.req.socket;
  const host = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return `http://${host.includes(':') ? `[${host}]` : host}:${localPort}`;
}

function checkoutRoute(options: DemoOptions) {
  const clients = new Map<string, ShopbeaconClient>();
  return async function checkout(ctx: Context): Promise<void> {
    const checked = checkCheckout(await readJsonBody(ctx, { limit: 16 * 1024, types: ['application/json'] }));
    if (!checked.ok) throw new HttpError(400, 'invalid_checkout', 'the checkout is incomplete', checked.errors);
    const order = orderFor(checked.value, Date.now());
    const base = ownUrl(ctx);
    const client =
      clients.get(base) ?? createClient({ baseUrl: base, token: options.adminKey, retries: 2, timeoutMs: 5_000 });
    clients.set(base, client);
    // As a shop's backend would: the order goes to the relay's mirror, server to server, and so does
    // its `Order Completed` for the visitor who placed it, as the plugins send it: the join is the
    // shop's word, never a browser's claim, which anyone could make for the next order id.
    await client.uploadOrder(order);
    const visitor = ctx.cookies.get(USER_COOKIE);
    if (visitor !== undefined && ID_PATTERN.test(visitor))
      await client.track({
        user_id: visitor,
        event_name: 'Order Completed',
        event: { order_id: order.order_id, order_value: order.order_value, currency: order.currency },
        datetime: order.date_created_gmt,
      });
    options.logger.info(
      { orderId: order.order_id },
      'demo storefront: order and its Order Completed sent to the mirror',
    );
    const placed: PlacedOrder = {
      order_id: order.order_id,
      order_value: order.order_value,
      currency: order.currency,
      line_items: order.line_items,
    };
    ctx.body = placed;
  };
}

function imageRoute(ctx: Context): void {
  const product = findProduct(Number(String(ctx.params['id'])));
  if (!product) throw new HttpError(404, 'not_found', 'no such product image');
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.type = 'image/svg+xml';
  ctx.body = productImage(product);
}

/** Demo mode only: a small shop at `/` that uses the real snippet, so a newcomer sees events flow. */
export function addDemoRoutes(router: Router, options: DemoOptions): void {
  router.get('/', page(homePage));
  router.get('/products/:id', (ctx) => {
    const product = findProduct(Number(String(ctx.params['id'])));
    if (!product)
      throw new HttpError(404, 'not_found', `no product ${String(ctx.params['id'])}; the shop has ${CATALOG.length}`);
    sendPage(ctx, productPage(product), [STUB_HASH]);
  });
  router.get('/cart', page(cartPage));
  router.get('/checkout', page(checkoutPage));
  router.get('/demo/images/:id.svg', imageRoute);
  router.get('/demo/assets/:file', webAssets(['storefront.js', 'storefront.css', 'icon.svg'], options.assetDir));
  router.post('/demo/checkout', checkoutRoute(options));
}
