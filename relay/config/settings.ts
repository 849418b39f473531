import type { RelayConfig } from './relay-config.js';
import { accessKey, currencyCode, duration, groupName, hostPorts, hours, httpUrl, interval, oneOf, origins, platformUrl, port, proxyList, redisUrl, serviceUrl, text, token, wholeNumber } from './setting-parsers.js';

/** One setting: its environment variable, its flag, how to read it, and its default. */
export interface Setting {
  key: keyof RelayConfig;
  env: string;
  flag: string;
  help: string;
  parse: (text: string) => unknown;
  fallback?: unknown;
  /** The default as a user writes it, where `fallback` is stored otherwise (milliseconds, bytes, a list). */
  shown?: string;
  /** Its value never appears in a message, and giving it as a flag (seen in `ps`) is warned about. @default false */
  secret?: boolean;
}

/**
 * The relay's own settings. Each platform's (its webhook secret, its API) are in its connector's
 * folder (`relay/platforms/<name>/<name>-config.ts`); `relay-settings.ts` puts the two together.
 */
export const SETTINGS: Setting[] = [
  { key: 'baseUrl', env: 'SHOPBEACON_BASE_URL', flag: '--base-url', help: "the service's base URL, https:// (http:// only on loopback); unset = demo mode with an embedded mock service, on a loopback HOST only", parse: serviceUrl },
  { key: 'token', secret: true, env: 'SHOPBEACON_TOKEN', flag: '--token', help: "the service's bearer token (required with --base-url; never logged)", parse: token },
  { key: 'port', env: 'PORT', flag: '--port', help: 'port to listen on', parse: port, fallback: 8787 },
  { key: 'host', env: 'HOST', flag: '--host', help: 'interface to listen on', parse: text, fallback: '127.0.0.1' },
  { key: 'allowedOrigins', env: 'SHOPBEACON_ALLOWED_ORIGINS', flag: '--allowed-origins', help: 'comma-separated origins allowed to post besides the relay\'s own (empty = same-origin only); `null` admits sandboxed frames such as the Shopify custom pixel', parse: origins, fallback: [], shown: 'same-origin only' },
  { key: 'dataDir', env: 'SHOPBEACON_DATA_DIR', flag: '--data-dir', help: 'folder of the durable outbox', parse: text, fallback: './.shopbeacon' },
  { key: 'adminKey', secret: true, env: 'SHOPBEACON_ADMIN_KEY', flag: '--admin-key', help: 'key for /v1/* mirror, /stats and /_debug (they answer 404 without one); 32 characters at least', parse: accessKey },
  { key: 'ingestKey', secret: true, env: 'SHOPBEACON_INGEST_KEY', flag: '--ingest-key', help: "key that can only post events to /v1/track: the WooCommerce plugin's and the PrestaShop module's, so a leak opens nothing else; 32 characters at least", parse: accessKey },
  { key: 'cookieDomain', env: 'SHOPBEACON_COOKIE_DOMAIN', flag: '--cookie-domain', help: 'domain of the identity cookies', parse: text, shown: 'the request host' },
  { key: 'trustProxy', env: 'SHOPBEACON_TRUST_PROXY', flag: '--trust-proxy', help: 'reverse-proxy hops whose X-Forwarded-* headers are trusted, when they come from a trusted proxy', parse: wholeNumber(), fallback: 0 },
  { key: 'trustedProxies', env: 'SHOPBEACON_TRUSTED_PROXIES', flag: '--trusted-proxies', help: 'addresses or CIDR ranges of the proxies whose X-Forwarded-* headers are believed; required with --trust-proxy on a HOST other than loopback', parse: proxyList, shown: 'loopback' },
  { key: 'bots', env: 'SHOPBEACON_BOTS', flag: '--bots', help: '"drop" bot traffic before the outbox, or "keep" it', parse: oneOf('drop', 'keep'), fallback: 'drop' },
  { key: 'rateLimitIp', env: 'SHOPBEACON_RATE_LIMIT_IP', flag: '--rate-limit-ip', help: 'events per minute per client IP (0 = off)', parse: wholeNumber(), fallback: 600 },
  { key: 'newVisitorsPerHour', env: 'SHOPBEACON_NEW_VISITORS_PER_HOUR', flag: '--new-visitors-per-hour', help: 'new visitors (billed user_ids the relay has not seen from that browser) one client address (an IPv6 /64) may bring an hour; more are answered 429 and sent later (0 = off)', parse: wholeNumber(), fallback: 120 },
  { key: 'rateLimitUser', env: 'SHOPBEACON_RATE_LIMIT_USER', flag: '--rate-limit-user', help: 'events per minute per user_id (0 = off)', parse: wholeNumber(), fallback: 120 },
  { key: 'redisUrl', secret: true, env: 'SHOPBEACON_REDIS_URL', flag: '--redis-url', help: 'Redis shared by several relays: event ids, rate limits, visitor counts (unset = this process only); with sentinels, only its password and database are used', parse: redisUrl },
  { key: 'redisSentinels', env: 'SHOPBEACON_REDIS_SENTINELS', flag: '--redis-sentinels', help: 'host:port,host:port of Redis Sentinels: the relay asks them for the primary and follows a failover by itself', parse: hostPorts },
  { key: 'redisSentinelName', env: 'SHOPBEACON_REDIS_SENTINEL_NAME', flag: '--redis-sentinel-name', help: 'the primary\'s name the sentinels monitor (required with --redis-sentinels)', parse: token },
  { key: 'redisCluster', env: 'SHOPBEACON_REDIS_CLUSTER', flag: '--redis-cluster', help: 'host:port,host:port of some nodes of a Redis Cluster: the relay learns the rest and follows failovers; its keys share one hash tag, so a relay group uses one slot (the URL gives only the password)', parse: hostPorts },
  { key: 'redisGroup', env: 'SHOPBEACON_REDIS_GROUP', flag: '--redis-group', help: 'with --redis-cluster: the relay group\'s hash tag; relays of one shop share it, another shop on the same cluster takes its own (letters, digits, - and _)', parse: groupName, fallback: 'shopbeacon' },
  { key: 'redisWaitReplicas', env: 'SHOPBEACON_REDIS_WAIT_REPLICAS', flag: '--redis-wait-replicas', help: 'with the Redis outbox: acknowledge a batch only once this many replicas hold it (one WAIT per batch), else 503', parse: wholeNumber(), fallback: 0 },
  { key: 'redisWaitTimeoutMs', env: 'SHOPBEACON_REDIS_WAIT_TIMEOUT_MS', flag: '--redis-wait-timeout-ms', help: 'how long a batch waits for its replicas before the 503', parse: wholeNumber(1), fallback: 500 },
  { key: 'shopCurrency', env: 'SHOPBEACON_SHOP_CURRENCY', flag: '--shop-currency', help: "the catalog's currency, e.g. EUR (required with a webhook secret: products carry none)", parse: currencyCode },
  { key: 'shopUrl', env: 'SHOPBEACON_SHOP_URL', flag: '--shop-url', help: 'the storefront, e.g. https://shop.example (required with the Shopify secret: product links)', parse: httpUrl },
  { key: 'publicUrl', env: 'SHOPBEACON_PUBLIC_URL', flag: '--public-url', help: 'the relay as the shop platforms reach it, e.g. https://shop.example/sb (https://; http:// only on a loopback host): the sync re-enables or creates its webhooks there', parse: platformUrl },
  { key: 'syncIntervalMs', env: 'SHOPBEACON_SYNC_INTERVAL', flag: '--sync-interval', help: 'how often the sync sweeps each platform whose API settings are set (30s, 10m; 0 = off)', parse: interval, fallback: 600_000, shown: '10m' },
  { key: 'outbox', env: 'SHOPBEACON_OUTBOX', flag: '--outbox', help: '"sqlite" (a file in --data-dir) or "redis" (Streams in --redis-url, shared by every relay)', parse: oneOf('sqlite', 'redis'), fallback: 'sqlite' },
  { key: 'outboxMaxRecords', env: 'SHOPBEACON_OUTBOX_MAX_RECORDS', flag: '--outbox-max-records', help: 'records the outbox holds before it refuses with 503', parse: wholeNumber(1), fallback: 1_000_000 },
  { key: 'outboxMaxBytes', env: 'SHOPBEACON_OUTBOX_MAX_BYTES', flag: '--outbox-max-bytes', help: 'bytes the outbox holds before it refuses with 503', parse: wholeNumber(1), fallback: 1_073_741_824, shown: '1073741824 (1 GiB)' },
  { key: 'dedupeWindowMs', env: 'SHOPBEACON_DEDUPE_WINDOW', flag: '--dedupe-window', help: 'how long an event_id (or a webhook delivery id) is remembered: a repeat within it is a duplicate (1h to 7d; ~29 bytes of disk or ~21-31 of Redis memory per id, so a day at 100 events/s is ~250-310 MB)', parse: duration('1h', '7d'), fallback: 24 * 3600_000, shown: '24h' },
  { key: 'outboxSync', env: 'SHOPBEACON_OUTBOX_SYNC', flag: '--outbox-sync', help: '"full": acknowledged survives power loss; "normal": survives a crash only', parse: oneOf('full', 'normal'), fallback: 'full' },
  { key: 'deliveryConcurrency', env: 'SHOPBEACON_DELIVERY_CONCURRENCY', flag: '--delivery-concurrency', help: 'the most service calls in flight; delivery adapts below it to the service', parse: wholeNumber(1), fallback: 512 },
  { key: 'deliveryTimeoutMs', env: 'SHOPBEACON_DELIVERY_TIMEOUT_MS', flag: '--delivery-timeout-ms', help: 'per-call timeout to the service', parse: wholeNumber(1), fallback: 10_000 },
  { key: 'maxAgeMs', env: 'SHOPBEACON_MAX_AGE_HOURS', flag: '--max-age-hours', help: 'hours after which an undeliverable record becomes a dead letter', parse: hours, fallback: 72 * 3600_000, shown: '72' },
  { key: 'requestTimeoutMs', env: 'SHOPBEACON_REQUEST_TIMEOUT_MS', flag: '--request-timeout-ms', help: 'time a client has to send a whole request (slow clients are cut off with 408)', parse: wholeNumber(100), fallback: 15_000 },
  { key: 'shutdownGraceMs', env: 'SHOPBEACON_SHUTDOWN_GRACE_MS', flag: '--shutdown-grace-ms', help: 'how long shutdown waits for calls in flight', parse: wholeNumber(), fallback: 10_000 },
  { key: 'logLevel', env: 'SHOPBEACON_LOG_LEVEL', flag: '--log-level', help: 'fatal, error, warn, info, debug or trace', parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), fallback: 'info' },
];
