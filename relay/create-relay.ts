import { join } from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { ConfigError } from './config/config-error.js';
import type { RelayConfig } from './config/relay-config.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { UpstreamClient } from './delivery/upstream-client.js';
import { adminAuth } from './http/admin-auth.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { collectRoute } from './ingest/collect-route.js';
import { originPolicy } from './ingest/origin-policy.js';
import { addMirrorRoutes } from './mirror/mirror-routes.js';
import { RateLimits } from './ingest/rate-limits.js';
import { createLogger } from './observability/logger.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { SqliteOutbox } from './outbox/sqlite-outbox.js';
import { healthz, readyz } from './routes/health-routes.js';
import { metricsRoute } from './routes/metrics-route.js';
import { scriptRoute } from './routes/script-route.js';
import { statsRoute } from './routes/stats-route.js';
import { packageRoot } from './shared/package-root.js';

export interface RelayParts {
  outbox: SqliteOutbox;
  worker: DeliveryWorker;
  metrics: Metrics;
  logger: Logger;
  /** Stops delivery (waiting up to the grace period for calls in flight) and closes the outbox. */
  close(): Promise<void>;
}

/** The relay as a Koa app: `app.callback()` mounts it in any Node server; `app.shopbeacon` runs its lifecycle. */
export type Relay = Koa & { shopbeacon: RelayParts };

export interface RelayDeps {
  logger?: Logger;
  /** The built snippet to serve. @default dist/shopbeacon.js of this package */
  scriptFile?: string;
}

function routes(config: RelayConfig, parts: Omit<RelayParts, 'close'>, scriptFile: string): Router {
  const { outbox, worker, metrics } = parts;
  const router = new Router();
  const origins = originPolicy({ allowedOrigins: config.allowedOrigins });
  const collect = collectRoute({
    outbox,
    metrics,
    rateLimits: new RateLimits({ perIp: config.rateLimitIp, perUser: config.rateLimitUser }),
    keepBots: config.bots === 'keep',
    cookieDomain: config.cookieDomain,
    onEnqueued: () => worker.notify(),
  });
  router.post('/collect', origins, collect);
  router.options('/collect', origins);
  router.get('/shopbeacon.js', scriptRoute({ file: scriptFile }));
  router.get('/healthz', healthz);
  router.get('/readyz', readyz({ outbox, worker }));
  router.get('/metrics', metricsRoute({ metrics, outbox }));
  router.get('/stats', adminAuth({ adminKey: config.adminKey }), statsRoute({ outbox, worker }));
  addMirrorRoutes(router, { outbox, metrics, adminKey: config.adminKey, onEnqueued: () => worker.notify() });
  return router;
}

/** Builds the relay: validated config in, a Koa app out, delivery already draining what a previous run left. */
export function createRelay(config: RelayConfig, deps: RelayDeps = {}): Relay {
  if (!config.baseUrl || !config.token) throw new ConfigError(['SHOPBEACON_BASE_URL and SHOPBEACON_TOKEN are required (the CLI runs demo mode without them)']);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const metrics = createMetrics();
  const outbox = new SqliteOutbox({ dataDir: config.dataDir, maxRecords: config.outboxMaxRecords, maxBytes: config.outboxMaxBytes, synchronous: config.outboxSync });
  const client = new UpstreamClient({ baseUrl: config.baseUrl, token: config.token, connections: config.deliveryConcurrency, timeoutMs: config.deliveryTimeoutMs });
  const worker = new DeliveryWorker({ outbox, client, logger, metrics, concurrency: config.deliveryConcurrency, maxAgeMs: config.maxAgeMs });
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy }) as Relay;
  const router = routes(config, { outbox, worker, metrics, logger }, deps.scriptFile ?? join(packageRoot(), 'dist', 'shopbeacon.js'));
  app.use(securityHeaders).use(requestLog({ logger, metrics })).use(errorHandler({ logger }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'connection error'));
  const maintenance = setInterval(() => outbox.purgeSeenEvents(), 60_000).unref();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(maintenance);
      await worker.stop(config.shutdownGraceMs);
      await client.destroy();
      outbox.close();
    })());
  app.shopbeacon = { outbox, worker, metrics, logger, close };
  outbox.notePause(undefined);
  worker.start();
  return app;
}
