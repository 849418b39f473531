// The PrestaShop module's test harness: one PHP process per shop request
// (integrations/prestashop/tests/run-scenario.php) against PrestaShop stand-ins, and a relay
// stand-in on loopback that records what the module posts.
import { spawn } from 'node:child_process';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { phpUnavailable } from './woocommerce-plugin.js';
import { unmetRequirement } from './requirement.js';
import { freePort } from './redis-server.js';

export const HERE = resolve('integrations/prestashop/tests');
export const MODULE = resolve('integrations/prestashop/shopbeacon');
export const PHP = process.env['PHP'] ?? 'php';
export const KEY = 'ps-test-admin-key-5d2e';
/** The User-Agent run-scenario.php gives the shopper's request unless a scenario names another. */
export const SHOPPER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const ANONYMOUS = { _sb_uid: 'v1sitor-abcdefghij', _sb_sid: 'sess-0123456789.1764000000000.1764000000000' };
export const STUB_JS = resolve('snippet/stub.js');
export const skip = unmetRequirement('the PrestaShop module tests', phpUnavailable());

export interface TrackEvent {
  user_id: string;
  event_name: string;
  event: Record<string, unknown> & { product_id: number; quantity?: number };
  datetime: string;
  event_id?: string;
  session_id?: string;
  visitor_agent?: string;
}

export interface RelayRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: TrackEvent[];
}

/** What run-scenario.php prints of one shop request, with its output and wall time. */
export interface Outcome {
  head: string;
  /** A listing scenario's search variables once `filterProductSearch` ran, and the end of its page (null: an AJAX answer). */
  listing?: Record<string, unknown>;
  body_end?: string | null;
  admin: string;
  results: boolean[];
  log: { message: string }[];
  queue: TrackEvent[];
  /** The shop of each queued event, in the queue's order. */
  queue_shops: number[];
  /** The request's shop's RETRY_AT. */
  retry_at: number;
  /** What each psgdpr call answered (an export's rows). */
  gdpr?: unknown[];
  shutdown_ms: number;
  /** Whether PHP's session was still open once the module had talked to the relay. */
  session_open: boolean;
  installed?: boolean;
  uninstalled?: boolean;
  upgraded?: boolean;
  /** The module's table of what led to each cart line, once the request is over. */
  attribution?: Record<string, string>[];
  /** An `html` scenario's page once `actionOutputHTMLBefore` ran. */
  html?: string;
  hooks: string[];
  tables_created: string[];
  config_keys: string[];
  stderr: string;
  stdout: string;
  ms: number;
}

export interface FakeRelay {
  url: string;
  requests: RelayRequest[];
  setStatus(status: number): void;
  close(): Promise<void>;
}

/** A relay stand-in: records each POST; answers `status` (202 by default) like the mirror. */
export async function fakeRelay(): Promise<FakeRelay> {
  const requests: RelayRequest[] = [];
  let status = 202;
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(body) as TrackEvent[] });
      const code = req.headers.authorization === `Bearer ${KEY}` ? status : 401;
      res
        .writeHead(code, { 'content-type': 'application/json' })
        .end(JSON.stringify(code === 202 ? { queued: 1, rejected: 0 } : { error: 'x' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setStatus: (s) => (status = s),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** One shop request; resolves with the scenario's JSON, stderr and the wall time of the PHP process. */
export function request(scenario: Record<string, unknown>): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(PHP, [join(HERE, 'run-scenario.php'), JSON.stringify(scenario)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done, fail) =>
    child.once('close', (code) => {
      if (code !== 0) return fail(new Error(`php exited with ${code}: ${stderr}${stdout}`));
      try {
        done({ ...(JSON.parse(stdout) as Outcome), stderr, stdout, ms: performance.now() - started });
      } catch {
        fail(new Error(`not JSON: ${stdout} ${stderr}`));
      }
    }),
  );
}

/** PHP's own web server running scenarios (tests/http-scenario.php): each answer's real headers too. */
export interface ScenarioServer {
  request(scenario: Record<string, unknown>): Promise<{ outcome: Outcome; setCookies: string[] }>;
  close(): Promise<void>;
}

export async function scenarioServer(): Promise<ScenarioServer> {
  // `php -S` takes no port 0.
  const port = await freePort();
  const child = spawn(PHP, ['-S', `127.0.0.1:${port}`, join(HERE, 'http-scenario.php')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // php -S says it has started on stderr once it listens.
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => c.toString().includes('started') && resolve());
    child.once('exit', (code) => reject(new Error(`php -S exited with ${code}`)));
  });
  return {
    request: async (scenario) => {
      const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify(scenario) });
      const text = await answer.text();
      return { outcome: JSON.parse(text) as Outcome, setCookies: answer.headers.getSetCookie() };
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** The state file a scenario leaves, changed between two requests (the shop's retry made due). */
export function makeRetryDue(state: string, at: string, shop = 1): void {
  const saved = JSON.parse(readFileSync(state, 'utf8')) as {
    config: Record<string, string>;
    config_shop?: Record<string, Record<string, string>> | [];
  };
  const shops = Array.isArray(saved.config_shop) ? {} : (saved.config_shop ?? {});
  shops[String(shop)] = { ...shops[String(shop)], SHOPBEACON_RETRY_AT: at };
  saved.config_shop = shops;
  writeFileSync(state, JSON.stringify(saved));
}

/** The module's settings as a scenario gives them (Configuration), pointing at `url`. */
export const settings = (url: string, extra: Record<string, string> = {}) => ({
  SHOPBEACON_PUBLIC_PATH: '/sb/',
  SHOPBEACON_LOCAL_URL: url,
  SHOPBEACON_ADMIN_KEY: KEY,
  ...extra,
});
/** Every event the relay stand-in was sent, in order. */
export const events = (relay: FakeRelay) => relay.requests.flatMap((r) => r.body);
/** The stand-ins' products as the module's fields name them (prices with tax). */
export const TEE_LARGE = {
  product_id: 50,
  name: 'Tee',
  product_type: 'Shirts',
  price: 20.4,
  currency: 'EUR',
  url: 'https://shop.example/50-tee.html',
  image_url: 'https://shop.example/902-large_default/tee.jpg',
};
export const TEAPOT = {
  product_id: 42,
  name: 'Teapot',
  product_type: 'Kitchen',
  price: 29.4,
  currency: 'EUR',
  url: 'https://shop.example/42-teapot.html',
  image_url: 'https://shop.example/900-large_default/teapot.jpg',
};
