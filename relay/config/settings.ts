import type { RelayConfig } from './relay-config.js';

/** One setting: its environment variable, its flag, how to read it, and its default. */
export interface Setting {
  key: keyof RelayConfig;
  env: string;
  flag: string;
  help: string;
  parse: (text: string) => unknown;
  fallback?: unknown;
}

const wholeNumber = (min = 0) => (text: string) => {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`must be a whole number ≥ ${min}`);
  return Number(text);
};
const oneOf = (...values: string[]) => (text: string) => {
  if (!values.includes(text)) throw new Error(`must be ${values.map((v) => `"${v}"`).join(' or ')}`);
  return text;
};
const text = (text: string) => text;
const port = (value: string) => {
  const n = wholeNumber()(value);
  if (n > 65_535) throw new Error('must be a port number (0-65535)');
  return n;
};

/** `value` as a URL of one of `protocols` (without the colon), or an error saying which were expected. */
function urlOf(value: string, protocols: string[]): URL {
  const expected = `must be an absolute ${protocols.join(' or ')} URL`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(expected);
  }
  if (!protocols.includes(url.protocol.slice(0, -1))) throw new Error(expected);
  return url;
}

function httpUrl(value: string): string {
  const url = urlOf(value, ['http', 'https']);
  if (url.username || url.password || url.search || url.hash) throw new Error('must not carry credentials, a query or a fragment');
  return value.replace(/\/+$/, '');
}

function origins(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((origin) => {
    // A sandboxed iframe's opaque origin, as its requests carry it: Shopify's custom pixel runs in one.
    if (origin === 'null') return origin;
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== origin) throw new Error(`"${origin}" is not an origin such as https://shop.example`);
    return origin;
  });
}

function token(value: string): string {
  if (!value.trim() || /\s/.test(value)) throw new Error('must be a non-empty token without spaces');
  return value;
}

/** Hosts a platform URL may reach over plain `http://`: a local stand-in, never a real shop. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** A shop platform's address: `https://`, or `http://` on a loopback host only (the API key travels in it). */
export function platformUrl(value: string): string {
  const url = urlOf(value, ['http', 'https']);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) throw new Error('must be an https:// URL (http:// only for a loopback host such as 127.0.0.1)');
  return httpUrl(value);
}

/** A Shopify store: `x.myshopify.com`, or a platform URL (a stand-in on loopback). */
function shopifyShop(value: string): string {
  if (/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(value)) return value.toLowerCase();
  if (!value.includes('://')) throw new Error('must be the store\'s x.myshopify.com domain');
  return platformUrl(value);
}

/** `30s`, `10m`, `1h`, or `0` (off; `0s`, `0m` too), in milliseconds. */
function interval(value: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(value);
  if (!match && value !== '0') throw new Error('must be a duration such as 30s, 10m or 1h, or 0 for off');
  const ms = match ? Number(match[1]) * { s: 1000, m: 60_000, h: 3600_000 }[match[2] as 's' | 'm' | 'h'] : 0;
  if (ms === 0) return 0;
  return ms;
}

/** A PrestaShop Webservice key: 32 characters, as the Webservice refuses any other length (401, code 18). */
function prestashopKey(value: string): string {
  if (!/^[A-Za-z0-9]{32}$/.test(value)) throw new Error('must be the 32-character Webservice key (Advanced Parameters → Webservice)');
  return value;
}

function redisUrl(value: string): string {
  urlOf(value, ['redis', 'rediss']);
  return value;
}

/** `host:port,host:port`: Redis Sentinels. */
function hostPorts(value: string): { host: string; port: number }[] {
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('must list at least one sentinel as host:port');
  return list.map((item) => {
    const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(item);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535) throw new Error(`"${item}" is not host:port`);
    return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port: Number(match[2]) };
  });
}

const hours = (value: string) => wholeNumber(1)(value) * 3600_000;

function currencyCode(value: string): string {
  if (!/^[A-Za-z]{3}$/.test(value)) throw new Error('must be a three-letter ISO 4217 code such as EUR');
  return value.toUpperCase();
}

export const SETTINGS: Setting[] = [
  { key: 'baseUrl', env: 'SHOPBEACON_BASE_URL', flag: '--base-url', help: "the service's base URL; unset = demo mode with an embedded mock service", parse: httpUrl },
  { key: 'token', env: 'SHOPBEACON_TOKEN', flag: '--token', help: "the service's bearer token (required with --base-url; never logged)", parse: token },
  { key: 'port', env: 'PORT', flag: '--port', help: 'port to listen on', parse: port, fallback: 8787 },
  { key: 'host', env: 'HOST', flag: '--host', help: 'interface to listen on', parse: text, fallback: '127.0.0.1' },
  { key: 'allowedOrigins', env: 'SHOPBEACON_ALLOWED_ORIGINS', flag: '--allowed-origins', help: 'comma-separated origins allowed to post besides the relay\'s own (empty = same-origin only); `null` admits sandboxed frames such as the Shopify custom pixel', parse: origins, fallback: [] },
  { key: 'dataDir', env: 'SHOPBEACON_DATA_DIR', flag: '--data-dir', help: 'folder of the durable outbox', parse: text, fallback: './.shopbeacon' },
  { key: 'adminKey', env: 'SHOPBEACON_ADMIN_KEY', flag: '--admin-key', help: 'key for /v1/* mirror, /stats and /_debug (they answer 404 without one)', parse: token },
  { key: 'cookieDomain', env: 'SHOPBEACON_COOKIE_DOMAIN', flag: '--cookie-domain', help: 'domain of the identity cookies (default: the request host)', parse: text },
  { key: 'trustProxy', env: 'SHOPBEACON_TRUST_PROXY', flag: '--trust-proxy', help: 'reverse-proxy hops whose X-Forwarded-* headers are trusted', parse: wholeNumber(), fallback: 0 },
  { key: 'bots', env: 'SHOPBEACON_BOTS', flag: '--bots', help: '"drop" bot traffic before the outbox, or "keep" it', parse: oneOf('drop', 'keep'), fallback: 'drop' },
  { key: 'rateLimitIp', env: 'SHOPBEACON_RATE_LIMIT_IP', flag: '--rate-limit-ip', help: 'events per minute per client IP (0 = off)', parse: wholeNumber(), fallback: 600 },
  { key: 'rateLimitUser', env: 'SHOPBEACON_RATE_LIMIT_USER', flag: '--rate-limit-user', help: 'events per minute per user_id (0 = off)', parse: wholeNumber(), fallback: 120 },
  { key: 'redisUrl', env: 'SHOPBEACON_REDIS_URL', flag: '--redis-url', help: 'Redis shared by several relays: event ids, rate limits, visitor counts (unset = this process only); with sentinels, only its password and database are used', parse: redisUrl },
  { key: 'redisSentinels', env: 'SHOPBEACON_REDIS_SENTINELS', flag: '--redis-sentinels', help: 'host:port,host:port of Redis Sentinels: the relay asks them for the primary and follows a failover by itself', parse: hostPorts },
  { key: 'redisSentinelName', env: 'SHOPBEACON_REDIS_SENTINEL_NAME', flag: '--redis-sentinel-name', help: 'the primary\'s name the sentinels monitor (required with --redis-sentinels)', parse: token },
  { key: 'redisWaitReplicas', env: 'SHOPBEACON_REDIS_WAIT_REPLICAS', flag: '--redis-wait-replicas', help: 'with the Redis outbox: acknowledge a batch only once this many replicas hold it (one WAIT per batch), else 503', parse: wholeNumber(), fallback: 0 },
  { key: 'redisWaitTimeoutMs', env: 'SHOPBEACON_REDIS_WAIT_TIMEOUT_MS', flag: '--redis-wait-timeout-ms', help: 'how long a batch waits for its replicas before the 503', parse: wholeNumber(1), fallback: 500 },
  { key: 'woocommerceSecret', env: 'SHOPBEACON_WOOCOMMERCE_SECRET', flag: '--woocommerce-secret', help: "the WooCommerce webhook's secret: enables POST /webhooks/woocommerce (never logged)", parse: token },
  { key: 'shopifySecret', env: 'SHOPBEACON_SHOPIFY_SECRET', flag: '--shopify-secret', help: "the Shopify app's client secret or the store's webhook signing secret: enables POST /webhooks/shopify (never logged)", parse: token },
  { key: 'shopCurrency', env: 'SHOPBEACON_SHOP_CURRENCY', flag: '--shop-currency', help: "the catalog's currency, e.g. EUR (required with a webhook secret: products carry none)", parse: currencyCode },
  { key: 'shopUrl', env: 'SHOPBEACON_SHOP_URL', flag: '--shop-url', help: 'the storefront, e.g. https://shop.example (required with the Shopify secret: product links)', parse: httpUrl },
  { key: 'woocommerceUrl', env: 'SHOPBEACON_WOOCOMMERCE_URL', flag: '--woocommerce-url', help: 'the WooCommerce shop, e.g. https://shop.example: with the consumer key and secret, the sync pulls its orders and products', parse: platformUrl },
  { key: 'woocommerceConsumerKey', env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY', flag: '--woocommerce-consumer-key', help: 'WooCommerce REST API consumer key, Read (never logged; prefer the variable)', parse: token },
  { key: 'woocommerceConsumerSecret', env: 'SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET', flag: '--woocommerce-consumer-secret', help: 'WooCommerce REST API consumer secret (never logged; prefer the variable)', parse: token },
  { key: 'shopifyShop', env: 'SHOPBEACON_SHOPIFY_SHOP', flag: '--shopify-shop', help: 'the Shopify store, x.myshopify.com: with the admin token, the sync pulls its orders and products', parse: shopifyShop },
  { key: 'shopifyAdminToken', env: 'SHOPBEACON_SHOPIFY_ADMIN_TOKEN', flag: '--shopify-admin-token', help: "a custom app's Admin API token, read_orders and read_products (never logged; prefer the variable)", parse: token },
  { key: 'prestashopUrl', env: 'SHOPBEACON_PRESTASHOP_URL', flag: '--prestashop-url', help: 'the PrestaShop shop, e.g. https://shop.example: with the Webservice key, the sync pulls its orders and products', parse: platformUrl },
  { key: 'prestashopKey', env: 'SHOPBEACON_PRESTASHOP_KEY', flag: '--prestashop-key', help: 'PrestaShop Webservice key (never logged; prefer the variable)', parse: prestashopKey },
  { key: 'publicUrl', env: 'SHOPBEACON_PUBLIC_URL', flag: '--public-url', help: 'the relay as the shop platforms reach it, e.g. https://shop.example/sb: the sync creates Shopify webhook subscriptions that went missing again', parse: httpUrl },
  { key: 'syncIntervalMs', env: 'SHOPBEACON_SYNC_INTERVAL', flag: '--sync-interval', help: 'how often the sync sweeps each platform whose API settings are set (30s, 10m; 0 = off)', parse: interval, fallback: 600_000 },
  { key: 'outbox', env: 'SHOPBEACON_OUTBOX', flag: '--outbox', help: '"sqlite" (a file in --data-dir) or "redis" (Streams in --redis-url, shared by every relay)', parse: oneOf('sqlite', 'redis'), fallback: 'sqlite' },
  { key: 'outboxMaxRecords', env: 'SHOPBEACON_OUTBOX_MAX_RECORDS', flag: '--outbox-max-records', help: 'records the outbox holds before it refuses with 503', parse: wholeNumber(1), fallback: 1_000_000 },
  { key: 'outboxMaxBytes', env: 'SHOPBEACON_OUTBOX_MAX_BYTES', flag: '--outbox-max-bytes', help: 'bytes the outbox holds before it refuses with 503', parse: wholeNumber(1), fallback: 1_073_741_824 },
  { key: 'outboxSync', env: 'SHOPBEACON_OUTBOX_SYNC', flag: '--outbox-sync', help: '"full": acknowledged survives power loss; "normal": survives a crash only', parse: oneOf('full', 'normal'), fallback: 'full' },
  { key: 'deliveryConcurrency', env: 'SHOPBEACON_DELIVERY_CONCURRENCY', flag: '--delivery-concurrency', help: 'the most service calls in flight; delivery adapts below it to the service', parse: wholeNumber(1), fallback: 512 },
  { key: 'deliveryTimeoutMs', env: 'SHOPBEACON_DELIVERY_TIMEOUT_MS', flag: '--delivery-timeout-ms', help: 'per-call timeout to the service', parse: wholeNumber(1), fallback: 10_000 },
  { key: 'maxAgeMs', env: 'SHOPBEACON_MAX_AGE_HOURS', flag: '--max-age-hours', help: 'hours after which an undeliverable record becomes a dead letter', parse: hours, fallback: 72 * 3600_000 },
  { key: 'requestTimeoutMs', env: 'SHOPBEACON_REQUEST_TIMEOUT_MS', flag: '--request-timeout-ms', help: 'time a client has to send a whole request (slow clients are cut off with 408)', parse: wholeNumber(100), fallback: 15_000 },
  { key: 'shutdownGraceMs', env: 'SHOPBEACON_SHUTDOWN_GRACE_MS', flag: '--shutdown-grace-ms', help: 'how long shutdown waits for calls in flight', parse: wholeNumber(), fallback: 10_000 },
  { key: 'logLevel', env: 'SHOPBEACON_LOG_LEVEL', flag: '--log-level', help: 'fatal, error, warn, info, debug or trace', parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), fallback: 'info' },
];
