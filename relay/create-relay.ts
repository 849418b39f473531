import { join } from 'node:path';
import Koa from 'koa';
import type { Logger } from 'pino';
import { ConfigError } from './config/config-error.js';
import type { RelayConfig } from './config/relay-config.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { UpstreamClient } from './delivery/upstream-client.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { createLogger } from './observability/logger.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import type { Outbox } from './outbox/outbox.js';
import { createOutbox } from './outbox/create-outbox.js';
import { SqliteOutbox } from './outbox/sqlite-outbox.js';
import { packageRoot } from './shared/package-root.js';
import { RecordFeed } from './debug/record-feed.js';
import { relayRouter } from './relay-router.js';
import { countVisitor } from './shared-state/count-visitor.js';
import { createSharedState, type SharedState } from './shared-state/shared-state.js';

export interface RelayParts {
  outbox: Outbox;
  worker: DeliveryWorker;
  metrics: Metrics;
  logger: Logger;
  /** Each record's steps, for `/_debug`. */
  feed: RecordFeed;
  /** What this relay shares with others through Redis (`SHOPBEACON_REDIS_URL`), if it does. */
  shared: SharedState | undefined;
  /** Stops delivery (waiting up to the grace period for calls in flight) and closes the outbox. */
  close(): Promise<void>;
}

/** The relay as a Koa app: `app.callback()` mounts it in any Node server; `app.shopbeacon` runs its lifecycle. */
export type Relay = Koa & { shopbeacon: RelayParts };

export interface RelayDeps {
  logger?: Logger;
  /** The built snippet to serve. @default dist/shopbeacon.js of this package */
  scriptFile?: string;
  /** The built debugger and storefront assets. @default dist/web of this package */
  assetDir?: string;
}

/** Builds the relay: validated config in, a Koa app out, delivery already draining what a previous run left. */
export function createRelay(config: RelayConfig, deps: RelayDeps = {}): Relay {
  if (!config.baseUrl || !config.token) throw new ConfigError(['SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required (the CLI runs demo mode without them)']);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const metrics = createMetrics();
  const client = new UpstreamClient({ baseUrl: config.baseUrl, token: config.token, connections: config.deliveryConcurrency, timeoutMs: config.deliveryTimeoutMs });
  const feed = new RecordFeed();
  const shared = config.redisUrl ? createSharedState(config.redisUrl) : undefined;
  const outbox = createOutbox(config, shared);
  const worker = new DeliveryWorker({
    outbox, client, logger, metrics, feed, concurrency: config.deliveryConcurrency, maxAgeMs: config.maxAgeMs,
    ...(shared ? { onDelivered: countVisitor(shared, logger) } : {}),
  });
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy }) as Relay;
  const router = relayRouter(config, { outbox, worker, metrics, logger, feed, shared }, { scriptFile: deps.scriptFile ?? join(packageRoot(), 'dist', 'shopbeacon.js'), assetDir: deps.assetDir });
  app.use(securityHeaders).use(requestLog({ logger, metrics })).use(errorHandler({ logger }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'connection error'));
  const maintenance = setInterval(() => outbox instanceof SqliteOutbox && outbox.purgeSeenEvents(), 60_000).unref();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(maintenance);
      feed.close();
      await worker.stop(config.shutdownGraceMs);
      await client.destroy();
      await outbox.close();
      await shared?.close();
    })());
  app.shopbeacon = { outbox, worker, metrics, logger, feed, shared, close };
  void Promise.resolve(outbox.notePause(undefined)).catch(() => undefined);
  worker.start();
  return app;
}
