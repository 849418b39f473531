import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
// The built package: the pixel as `shopbeacon pixel shopify` prints it, the relay as a shop runs it.
import {
  createMockUpstream,
  createRelay,
  parseRelayConfig,
  type MockUpstream,
  type Relay,
} from '../../../dist/relay/index.js';
import { PRIVACY_FLAGS, permissionsOf, shopifyPixel } from '../../../dist/relay/cli/pixel-command.js';

const TOKEN = 'e2e-pixel-token-5b1e';
const STOREFRONT = readFileSync('test/e2e/fixtures/shopify-storefront.html', 'utf8');
const FRAME = readFileSync('test/e2e/fixtures/shopify-pixel-frame.html', 'utf8');

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** `init.context.document.location` as the Web Pixels API documents it (a Location's fields). */
function locationOf(href: string): Record<string, string> {
  const { hash, host, hostname, origin, pathname, port, protocol, search } = new URL(href);
  return { hash, host, hostname, href, origin, pathname, port, protocol, search };
}

/**
 * The visitor's `customerPrivacy`: every permission allowed, none with `?consent=0`, or those
 * `?privacy=analytics,marketing` lists.
 */
function customerPrivacyOf(query: URLSearchParams): Record<string, boolean> {
  const listed = query.get('privacy');
  const allowed = (name: string) => (listed === null ? query.get('consent') !== '0' : listed.split(',').includes(name));
  return Object.fromEntries(Object.entries(PRIVACY_FLAGS).map(([name, flag]) => [flag, allowed(name)]));
}

/** `init` as Shopify gives it to a pixel: `?customer=<id>` logs a customer in. */
function pixelInit(query: URLSearchParams, href: string): unknown {
  const customer = query.get('customer');
  return {
    // A Location's fields as plain data: a URL object would be written as one string by JSON.stringify.
    context: { document: { location: locationOf(href), referrer: '', characterSet: 'UTF-8', title: 'Stand-in' } },
    data: {
      customer: customer
        ? {
            id: customer,
            email: 'ada@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
            ordersCount: 3,
            phone: null,
          }
        : null,
      cart: null,
      shop: {
        name: 'Stand-in',
        myshopifyDomain: 'stand-in.myshopify.com',
        countryCode: 'DE',
        storefrontUrl: new URL(href).origin,
        paymentSettings: { currencyCode: 'EUR' },
      },
      purchasingCompany: null,
    },
    customerPrivacy: customerPrivacyOf(query),
  };
}

/**
 * A Shopify storefront stand-in on one origin, the relay on another (its own subdomain in a real
 * shop), the real mock service behind it. The relay admits the sandbox's `null` origin, as the
 * README tells an operator to.
 */
export class ShopifySandbox {
  mock!: MockUpstream;
  relay!: Relay;
  relayUrl = '';
  url = '';
  private relayServer!: Server;
  private storefront = createServer((req, res) => this.serve(req, res));

  async start(): Promise<this> {
    this.mock = await createMockUpstream({ token: TOKEN });
    const config = parseRelayConfig({
      baseUrl: this.mock.url,
      token: TOKEN,
      dataDir: mkdtempSync(join(tmpdir(), 'sb-pixel-')),
      logLevel: 'warn',
      allowedOrigins: 'null',
    });
    this.relay = createRelay(config);
    this.relayServer = createServer(this.relay.callback());
    this.relayUrl = await listen(this.relayServer);
    this.url = await listen(this.storefront);
    return this;
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/pixel-frame') {
      const init = JSON.stringify(pixelInit(url.searchParams, `${this.url}${url.searchParams.get('page') ?? '/'}`));
      // `?pixel-consent=analytics,marketing`: the pixel as `--consent` prints it.
      const permissions = permissionsOf(url.searchParams.get('pixel-consent') ?? 'analytics').permissions;
      return void res.end(
        FRAME.replace('__INIT__', init).replace('__PIXEL__', () => shopifyPixel(this.relayUrl, permissions)),
      );
    }
    if (!/^\/(products\/|collections\/|checkouts\/|search$)/.test(url.pathname)) return void res.writeHead(404).end();
    const query = new URLSearchParams(url.search);
    query.set('page', url.pathname);
    const clientId = /(?:^|; )_shopify_y=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? randomUUID();
    // Set by the server, as Shopify's servers set it: WebKit's 7-day cap is on cookies written by script.
    res.setHeader('set-cookie', `_shopify_y=${clientId}; Max-Age=31536000; Path=/; SameSite=Lax`);
    res.end(
      STOREFRONT.replace('__QUERY__', `?${query.toString().replace(/&/g, '&amp;')}`).replace('__CLIENT_ID__', clientId),
    );
  }

  /** The tracking events the service received. */
  events(): Record<string, unknown>[] {
    return this.mock.records('events') as Record<string, unknown>[];
  }

  async stop(): Promise<void> {
    for (const server of [this.storefront, this.relayServer]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await this.relay.shopbeacon.close();
    await this.mock.close();
  }
}
