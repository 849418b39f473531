import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The built package, as a shop would install it.
import {
  createMockUpstream,
  createRelay,
  parseRelayConfig,
  type MockUpstream,
  type Relay,
} from '../../../dist/relay/index.js';

export const E2E_TOKEN = 'e2e-service-token-91c4';

/**
 * A shop's web server: its own pages, and the relay mounted under `/sb/` on the same origin
 * (what the nginx snippet in the README does), so the identity cookies are first-party.
 */
/** The shop's one page, `test/e2e/fixtures/relay-shop.html`. */
const SHOP_PAGE = readFileSync('test/e2e/fixtures/relay-shop.html', 'utf8');
/** The shop's paths: each serves the page with these attributes added to its script tag. */
const PAGES: Record<string, string> = {
  '/': '',
  '/next': '',
  '/consent': ' data-consent="required"',
  '/debug': ' data-debug',
};
/** A Shopify theme's pages, `test/e2e/fixtures/shopify-theme.html`: the snippet and its storefront companion. */
const THEME_PAGE = readFileSync('test/e2e/fixtures/shopify-theme.html', 'utf8');
const isThemePage = (path: string) => /^\/(products|collections)\//.test(path);

export class ShopWithRelay {
  mock!: MockUpstream;
  relay!: Relay;
  url = '';
  /** While true, the relay is gone: requests under `/sb/collect` have their connection cut. */
  relayDown = false;
  private server!: Server;

  async start(): Promise<this> {
    this.mock = await createMockUpstream({ token: E2E_TOKEN });
    const config = parseRelayConfig({
      baseUrl: this.mock.url,
      token: E2E_TOKEN,
      dataDir: mkdtempSync(join(tmpdir(), 'sb-e2e-')),
      logLevel: 'warn',
    });
    this.relay = createRelay(config);
    const relayHandler = this.relay.callback();
    this.server = createServer((req, res) => {
      if (req.url?.startsWith('/sb/collect') && this.relayDown) return void req.socket.destroy();
      if (req.url?.startsWith('/sb/')) {
        req.url = req.url.slice(3);
        return void relayHandler(req, res);
      }
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (isThemePage(path)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(THEME_PAGE);
      }
      const attributes = PAGES[path];
      if (attributes !== undefined) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(
          SHOP_PAGE.replace('data-endpoint="/sb/collect"', `data-endpoint="/sb/collect"${attributes}`),
        );
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await this.relay.shopbeacon.close();
    await this.mock.close();
  }
}
