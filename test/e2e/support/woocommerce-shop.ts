import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMockUpstream,
  createRelay,
  parseRelayConfig,
  type MockUpstream,
  type Relay,
} from '../../../dist/relay/index.js';
import { freePort } from '../../helpers/redis-server.js';

const TOKEN = 'e2e-woo-token-3c8d';
export const WOO_ADMIN_KEY = 'e2e-woo-admin-key-19af-7c3e5a0d92b64f18';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/**
 * A WooCommerce shop as nginx would front it: the relay under `/sb/` and the rest from PHP
 * (`php -S` running integrations/woocommerce/tests/storefront.php with the plugin), one origin,
 * so the snippet's cookies reach PHP as they would reach WordPress.
 */
export class WooCommerceShop {
  mock!: MockUpstream;
  relay!: Relay;
  url = '';
  private php!: ChildProcess;
  private phpUrl = '';
  private server = createServer((req, res) => {
    const relayHandler = this.relay.callback();
    if (req.url?.startsWith('/sb/')) return void ((req.url = req.url.slice(3)), relayHandler(req, res));
    const upstream = request(`${this.phpUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  async start(): Promise<this> {
    this.mock = await createMockUpstream({ token: TOKEN });
    this.relay = createRelay(
      parseRelayConfig({
        baseUrl: this.mock.url,
        token: TOKEN,
        dataDir: mkdtempSync(join(tmpdir(), 'sb-woo-')),
        logLevel: 'warn',
        adminKey: WOO_ADMIN_KEY,
      }),
    );
    this.url = await listen(this.server);
    const port = await freePort();
    this.phpUrl = `http://127.0.0.1:${port}`;
    const options = {
      woocommerce_shopbeacon_settings: { public_path: '/sb/', local_url: `${this.url}/sb`, admin_key: WOO_ADMIN_KEY },
    };
    // php -S serves requests one at a time: the page's own shutdown call to the relay goes to this process, not to PHP.
    this.php = spawn('php', ['-S', `127.0.0.1:${port}`, 'integrations/woocommerce/tests/storefront.php'], {
      env: { ...process.env, SHOPBEACON_TEST_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      this.php.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
      this.php.once('exit', (code) => reject(new Error(`php -S exited with ${code}`)));
    });
    return this;
  }

  events(): Record<string, unknown>[] {
    return this.mock.records('events') as Record<string, unknown>[];
  }

  async stop(): Promise<void> {
    this.php.kill();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await this.relay.shopbeacon.close();
    await this.mock.close();
  }
}
