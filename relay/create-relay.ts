import { join } from 'node:path';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { RelayConfig } from './config/relay-config.js';
import { RecordFeed } from './debug/record-feed.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { requestLog } from './http/request-log.js';
import { forwardedHeaders } from './http/forwarded-headers.js';
import { createLogger } from './observability/logger.js';
import { createMetrics } from './observability/metrics.js';
import { recordMetrics } from './observability/record-metrics.js';
import { WebhookHealth } from './webhooks/webhook-health.js';
import { relayRouter } from './relay-router.js';
import { packageRoot } from './shared/package-root.js';
import { countVisitors } from './visitors/count-visitors.js';
import { createSyncs } from './sync/create-syncs.js';
import { syncMetrics } from './observability/sync-metrics.js';
import { requestMetrics } from './observability/request-metrics.js';
import { RequestEvents } from './http/request-events.js';
import { SyncEvents } from './pipeline/sync-report.js';
import { RedisVisitors } from './visitors/redis-visitors.js';
import { SqliteVisitors } from './visitors/sqlite-visitors.js';
import { RedisVisitorLedger } from './collect/redis-visitor-ledger.js';
import { SqliteVisitorLedger } from './collect/sqlite-visitor-ledger.js';
import type { VisitorLedger } from './collect/visitor-ledger.js';
import { noteCoverage } from './observability/order-coverage.js';
import { SqliteCoverageLog } from './observability/sqlite-coverage-log.js';
import { MemoryCoverageLog } from './observability/memory-coverage-log.js';
import type { RelayParts } from './relay-parts.js';
import { createRelayCore, type RelayCore } from './relay-core.js';
import { coreSettingsOf, type CoreSettings } from './core-settings.js';
import type { Context, Next } from 'koa';

/** `nosniff` on every answer (the JSON and the script must not be reinterpreted); no framing of JSON. */
export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  await next();
}

/** Codes of a client that went away mid-answer (a debugger tab closed, a browser left the page). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Whether a connection's error is the client leaving: its doing, not the relay's, so no warning. */
export function isClientGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && CLIENT_GONE.has(String((error as { code?: unknown }).code));
}

/** The relay as a Koa app: `app.callback()` mounts it in any Node server; `app.shopbeacon` runs its lifecycle. */
export type Relay = Koa & { shopbeacon: RelayParts };
export type { RelayParts } from './relay-parts.js';

export interface RelayDeps {
  logger?: Logger;
  /** The built snippet to serve. @default dist/shopbeacon.js of this package */
  scriptFile?: string;
  /** The built Shopify storefront companion to serve. @default dist/shopbeacon-shopify.js of this package */
  shopifyScriptFile?: string;
  /** The built debugger and storefront assets. @default dist/web of this package */
  assetDir?: string;
}

/** The door's ledger, where the visitor count is: with Redis shared, budgets and the ceiling hold across relays. */
function ledgerOf(config: RelayConfig, shared: RelayCore['shared'], logger: Logger): VisitorLedger {
  if (shared) return new RedisVisitorLedger(shared.redis);
  return new SqliteVisitorLedger(config.dataDir, (err) =>
    logger.warn(
      { err },
      "the visitor ledger could not be written: this turn's visitors are counted again when they return",
    ),
  );
}

/** The core and its listeners: ingest and delivery emit, the feed, the metrics and the visitor count listen. */
function createParts(
  config: RelayConfig,
  settings: CoreSettings,
  logger: Logger,
): Omit<RelayParts, 'close'> & { core: RelayCore } {
  const core = createRelayCore(settings, { logger });
  const { events, shared } = core;
  const metrics = createMetrics();
  const feed = new RecordFeed();
  events.subscribe((step) => feed.publish(step));
  recordMetrics(events, metrics);
  const visitors = shared
    ? new RedisVisitors(shared.redis)
    : new SqliteVisitors(config.dataDir, (err) =>
        logger.warn({ err }, 'the visitor count could not be written (kept in memory, written again each second)'),
      );
  countVisitors(events, visitors, logger);
  const visitorLedger = ledgerOf(config, shared, logger);
  // With Redis the data directory holds nothing (the compose file's is a tmpfs the relay may not
  // write): coverage per relay, in memory.
  const coverage = shared
    ? new MemoryCoverageLog()
    : new SqliteCoverageLog(config.dataDir, (err) =>
        logger.warn({ err }, 'the order coverage could not be written (kept in memory, written again each second)'),
      );
  noteCoverage(events, coverage, logger);
  const syncEvents = new SyncEvents();
  syncMetrics(syncEvents, metrics);
  const syncs = createSyncs(config, {
    accept: core.accept,
    park: core.park,
    state: core.platformState,
    withdrawn: core.withdrawn,
    versions: core.versions,
    queued: core.queued,
    logger,
    events: syncEvents,
  });
  const { outbox, worker, accept, park, platformState } = core;
  return {
    core,
    outbox,
    worker,
    metrics,
    logger,
    events,
    accept,
    clock: core.clock,
    park,
    withdrawn: core.withdrawn,
    versions: core.versions,
    webhooks: new WebhookHealth(),
    feed,
    visitors,
    visitorLedger,
    coverage,
    shared,
    syncs,
    platformState,
  };
}

/** Builds the relay: validated config in, a Koa app out, delivery already draining what a previous run left. */
export function createRelay(config: RelayConfig, deps: RelayDeps = {}): Relay {
  const settings = coreSettingsOf(config);
  const { core, ...parts } = createParts(config, settings, deps.logger ?? createLogger(config.logLevel));
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy }) as Relay;
  const router = relayRouter(config, parts, {
    scriptFile: deps.scriptFile ?? join(packageRoot(), 'dist', 'shopbeacon.js'),
    shopifyScriptFile: deps.shopifyScriptFile ?? join(packageRoot(), 'dist', 'shopbeacon-shopify.js'),
    assetDir: deps.assetDir,
  });
  const requests = new RequestEvents();
  requestMetrics(requests, parts.metrics);
  app
    .use(forwardedHeaders({ trustProxy: config.trustProxy, trustedProxies: config.trustedProxies }))
    .use(securityHeaders)
    .use(requestLog({ logger: parts.logger, events: requests }))
    .use(errorHandler({ logger: parts.logger }));
  app.use(router.routes()).use(router.allowedMethods()).use(notFound);
  // A client leaving mid-answer (a closed debugger tab) is not the relay's problem: debug, not a warning.
  app.on('error', (error: unknown) =>
    parts.logger[isClientGone(error) ? 'debug' : 'warn']({ err: error }, 'connection error'),
  );
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      parts.feed.close();
      await Promise.all(parts.syncs.map((sync) => sync.stop()));
      // The leases go after delivery stopped and before the platform state closes (closeEach's order).
      await core.close(config.shutdownGraceMs, async () => {
        parts.coverage.close();
        await parts.visitors.close();
        await parts.visitorLedger.close();
        await Promise.all(parts.syncs.map((sync) => sync.releaseLease()));
      });
    })());
  app.shopbeacon = { ...parts, close };
  void Promise.resolve(parts.outbox.notePause(undefined)).catch(() => undefined);
  parts.worker.start();
  for (const sync of parts.syncs) sync.start();
  return app;
}
