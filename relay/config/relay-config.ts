/**
 * The relay's settings, each from an environment variable or a CLI flag (see `shopbeacon relay --help`).
 * Their defaults are the settings rows' own (`config/*-settings.ts`, docs/settings.md), stated once
 * there: lint refuses an `@default` here.
 * Each platform's connector adds its own fields (`relay/platforms/<name>/<name>-config.ts`).
 */
export interface RelayConfig {
  /** The service's base URL; unset runs the relay in demo mode against an embedded mock. */
  baseUrl: string | undefined;
  /** The service's bearer token; required with `baseUrl`, never logged or sent anywhere else. */
  token: string | undefined;
  port: number;
  host: string;
  /** Origins allowed to post from the browser besides the relay's own; empty means same-origin only. */
  allowedOrigins: string[];
  dataDir: string;
  /** The relay's own key for `/v1/*`, `/stats` and `/_debug`; those answer 404 without one. */
  adminKey: string | undefined;
  /** `SHOPBEACON_INGEST_KEY`: accepted on `/v1/track` alone. */
  ingestKey: string | undefined;
  /** `SHOPBEACON_IDENTITY_SECRET`: with it, a browser's customer id needs the shop's proof (`collect/customer-proof.ts`). */
  identitySecret: string | undefined;
  /** Domain of the identity cookies; the request's host when unset. */
  cookieDomain: string | undefined;
  /** Reverse-proxy hops whose `X-Forwarded-*` headers are trusted. */
  trustProxy: number;
  /** New visitors a client address may bring an hour (0 = no limit). */
  newVisitorsPerHour: number;
  /** Proxies whose X-Forwarded-* headers are believed (addresses or CIDR ranges); loopback only when unset. */
  trustedProxies: string[] | undefined;
  /** `drop` bot traffic before the outbox (it would be billed), or `keep` it. */
  bots: 'drop' | 'keep';
  /** Events per minute per client IP; 0 turns the limit off. */
  rateLimitIp: number;
  /** Events per minute per `user_id`; 0 turns the limit off. */
  rateLimitUser: number;
  /** The catalog's currency (no platform puts it in a product); required with a webhook secret. */
  shopCurrency: string | undefined;
  /** The storefront's URL, for Shopify product links (`<url>/products/<handle>`); required with the Shopify secret. */
  shopUrl: string | undefined;
  /** The relay as the platforms reach it (`…/sb`): where missing Shopify subscriptions are pointed again. */
  publicUrl: string | undefined;
  /** How often the sync sweeps each platform with API settings; 0 turns it off. */
  syncIntervalMs: number;
  /** Redis shared by several relays (event ids, rate limits, visitors); per process when unset. */
  redisUrl: string | undefined;
  /** Redis Sentinels to ask for the primary (with `redisSentinelName`); the URL then gives only the password and database. */
  redisSentinels: { host: string; port: number }[] | undefined;
  /** The primary's name at the sentinels. */
  redisSentinelName: string | undefined;
  /** Some nodes of a Redis Cluster (the rest are learned); every key then carries one hash tag. */
  redisCluster: { host: string; port: number }[] | undefined;
  /** On a cluster, the relay group's hash tag: its keys' one slot. */
  redisGroup: string;
  /** With the Redis outbox: replicas that must hold a batch before it is acknowledged (`WAIT`). */
  redisWaitReplicas: number;
  /** How long a batch waits for them before the answer is 503. */
  redisWaitTimeoutMs: number;
  /** Where accepted records wait: `sqlite` in the data directory, `redis` in Streams shared by every relay. */
  outbox: 'sqlite' | 'redis';
  /** Most records the outbox holds. */
  outboxMaxRecords: number;
  /** Most bytes the outbox holds. */
  outboxMaxBytes: number;
  /** How long an `event_id` or a delivery id is remembered as seen: a repeat within it is a duplicate. */
  dedupeWindowMs: number;
  /** `full`: an acknowledged record survives power loss; `normal`: a process crash only. */
  outboxSync: 'full' | 'normal';
  /** Service calls in flight at most (the adaptive limit's ceiling). */
  deliveryConcurrency: number;
  /** Per-call timeout to the service. */
  deliveryTimeoutMs: number;
  /** A record still undelivered after this long becomes a dead letter. */
  maxAgeMs: number;
  /** Time a client has to send a whole request, headers and body; a slower one gets 408. */
  requestTimeoutMs: number;
  /** How long shutdown waits for calls in flight. */
  shutdownGraceMs: number;
  /** pino level. */
  logLevel: string;
  /**
   * Set by `shopbeacon relay` when it runs against its embedded mock (no base URL): serves the demo
   * storefront at `/` and opens `/_debug` without a key. Never set from the environment.
   */
  demo?: boolean;
}
