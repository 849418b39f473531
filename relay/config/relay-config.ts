/**
 * The relay's settings, each from an environment variable or a CLI flag (see `shopbeacon relay --help`).
 * Each platform's connector adds its own fields (`relay/platforms/<name>/<name>-config.ts`).
 */
export interface RelayConfig {
  /** The service's base URL; unset runs the relay in demo mode against an embedded mock. */
  baseUrl: string | undefined;
  /** The service's bearer token; required with `baseUrl`, never logged or sent anywhere else. */
  token: string | undefined;
  /** @default 8787 */
  port: number;
  /** @default '127.0.0.1' */
  host: string;
  /** Origins allowed to post from the browser besides the relay's own; empty means same-origin only. */
  allowedOrigins: string[];
  /** @default './.shopbeacon' */
  dataDir: string;
  /** The relay's own key for `/v1/*`, `/stats` and `/_debug`; those answer 404 without one. */
  adminKey: string | undefined;
  /** `SHOPBEACON_INGEST_KEY`: accepted on `/v1/track` alone. */
  ingestKey: string | undefined;
  /** `SHOPBEACON_IDENTITY_SECRET`: with it, a browser's customer id needs the shop's proof (`collect/customer-proof.ts`). */
  identitySecret: string | undefined;
  /** Domain of the identity cookies; the request's host when unset. */
  cookieDomain: string | undefined;
  /** Reverse-proxy hops whose `X-Forwarded-*` headers are trusted. @default 0 */
  trustProxy: number;
  /** New visitors a client address may bring an hour (0 = no limit). */
  newVisitorsPerHour: number;
  /** Proxies whose X-Forwarded-* headers are believed (addresses or CIDR ranges); loopback only when unset. */
  trustedProxies: string[] | undefined;
  /** `drop` bot traffic before the outbox (it would be billed), or `keep` it. @default 'drop' */
  bots: 'drop' | 'keep';
  /** Events per minute per client IP; 0 turns the limit off. @default 600 */
  rateLimitIp: number;
  /** Events per minute per `user_id`; 0 turns the limit off. @default 120 */
  rateLimitUser: number;
  /** The catalog's currency (no platform puts it in a product); required with a webhook secret. */
  shopCurrency: string | undefined;
  /** The storefront's URL, for Shopify product links (`<url>/products/<handle>`); required with the Shopify secret. */
  shopUrl: string | undefined;
  /** The relay as the platforms reach it (`…/sb`): where missing Shopify subscriptions are pointed again. */
  publicUrl: string | undefined;
  /** How often the sync sweeps each platform with API settings; 0 turns it off. @default 600_000 (10 minutes) */
  syncIntervalMs: number;
  /** Redis shared by several relays (event ids, rate limits, visitors); per process when unset. */
  redisUrl: string | undefined;
  /** Redis Sentinels to ask for the primary (with `redisSentinelName`); the URL then gives only the password and database. */
  redisSentinels: { host: string; port: number }[] | undefined;
  /** The primary's name at the sentinels. */
  redisSentinelName: string | undefined;
  /** Some nodes of a Redis Cluster (the rest are learned); every key then carries one hash tag. */
  redisCluster: { host: string; port: number }[] | undefined;
  /** On a cluster, the relay group's hash tag: its keys' one slot. @default 'shopbeacon' */
  redisGroup: string;
  /** With the Redis outbox: replicas that must hold a batch before it is acknowledged (`WAIT`). @default 0 */
  redisWaitReplicas: number;
  /** How long a batch waits for them before the answer is 503. @default 500 */
  redisWaitTimeoutMs: number;
  /** Where accepted records wait: `sqlite` in the data directory, `redis` in Streams shared by every relay. @default 'sqlite' */
  outbox: 'sqlite' | 'redis';
  /** Most records the outbox holds. @default 1_000_000 */
  outboxMaxRecords: number;
  /** Most bytes the outbox holds. @default 1 GiB */
  outboxMaxBytes: number;
  /** How long an `event_id` or a delivery id is remembered as seen: a repeat within it is a duplicate. @default DEFAULT_DEDUPE_WINDOW_MS */
  dedupeWindowMs: number;
  /** `full`: an acknowledged record survives power loss; `normal`: a process crash only. @default 'full' */
  outboxSync: 'full' | 'normal';
  /** Service calls in flight at most (the adaptive limit's ceiling). @default 512 */
  deliveryConcurrency: number;
  /** Per-call timeout to the service. @default 10_000 */
  deliveryTimeoutMs: number;
  /** A record still undelivered after this long becomes a dead letter. @default 72 hours */
  maxAgeMs: number;
  /** Time a client has to send a whole request, headers and body; a slower one gets 408. @default 15_000 */
  requestTimeoutMs: number;
  /** How long shutdown waits for calls in flight. @default 10_000 */
  shutdownGraceMs: number;
  /** pino level. @default 'info' */
  logLevel: string;
  /**
   * Set by `shopbeacon relay` when it runs against its embedded mock (no base URL): serves the demo
   * storefront at `/` and opens `/_debug` without a key. Never set from the environment.
   * @default false
   */
  demo?: boolean;
}
