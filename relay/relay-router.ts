import Router from '@koa/router';
import type { SyncStatus } from './sync/sync-status.js';
import type { RelayConfig } from './config/relay-config.js';
import { LogThrottle } from './shared/log-throttle.js';
import type { RelayParts } from './relay-parts.js';
import { addDebugRoutes } from './debug/debug-routes.js';
import { addDemoRoutes } from './demo/demo-routes.js';
import { adminAuth } from './http/admin-auth.js';
import { KeyFailures } from './http/key-failures.js';
import type { NewVisitors } from './collect/new-visitors.js';
import { visitorDoor, type DoorSettings } from './visitor-door.js';
import { CustomerProof } from './collect/customer-proof.js';
import { OrderProof } from './collect/order-proof.js';
import { collectRoute } from './collect/collect-route.js';
import { originPolicy } from './collect/origin-policy.js';
import { RateLimits } from './collect/rate-limits.js';
import { addMirrorRoutes } from './mirror/mirror-routes.js';
import { addWebhookRoutes, type WebhookSettings } from './webhooks/webhook-routes.js';
import { CONNECTORS } from './platforms/connectors.js';
import { withdrawnMessage } from './platform-state/withdrawn-products.js';
import { healthz, readyz } from './operations/health-routes.js';
import { metricsRoute } from './operations/metrics-route.js';
import { scriptRoute } from './collect/script-route.js';
import { statsRoute } from './operations/stats-route.js';
import { COVERAGE_WINDOW_DAYS, coverageSince } from './observability/order-coverage.js';
import { monthVisitors } from './observability/coverage-report.js';
import type { CoverageWire } from './debug/debug-wire.js';

/**
 * `read`'s value, read again only once `ms` have passed: a page polled each second need not recount
 * a month each time.
 */
export function cachedFor<T>(ms: number, read: () => T, now: () => number = Date.now): () => T {
  let at = Number.NEGATIVE_INFINITY;
  let value: T;
  return () => {
    if (now() - at >= ms) {
      value = read();
      at = now();
    }
    return value;
  };
}

interface RouterFiles {
  scriptFile: string;
  shopifyScriptFile: string;
  assetDir: string | undefined;
}

type Parts = Omit<RelayParts, 'close'>;

/** What the routes read of the settings, by the rows' own names (as the core's factories and the syncs do). */
type RouterSettings = WebhookSettings &
  DoorSettings &
  Pick<
    RelayConfig,
    | 'allowedOrigins'
    | 'token'
    | 'rateLimitIp'
    | 'rateLimitUser'
    | 'bots'
    | 'cookieDomain'
    | 'adminKey'
    | 'ingestKey'
    | 'identitySecret'
    | 'demo'
    | 'baseUrl'
  >;

/** What several routes share: the wrong-key counter, the door, the syncs' and visitors' state. */
interface Shared {
  failures: KeyFailures;
  newVisitors: NewVisitors;
  syncStatuses: () => SyncStatus[];
  visitorsByMonth: () => Promise<Record<string, number>>;
}

/**
 * Customer ids without the shop's proof: an attempt to post as a customer, or a shop that does not
 * make the proof yet.
 */
function unprovenAlarm(parts: Parts): (count: number, client: string) => void {
  const throttle = new LogThrottle(60_000);
  return (count, client) => {
    parts.metrics.unprovenCustomers.inc(count);
    const held = throttle.pass(client);
    if (held === undefined) return;
    parts.logger.warn(
      { address: client, unprovenSinceLast: held },
      `customer ids without the shop's proof from ${client}: their events carry an anonymous id in their place (SHOPBEACON_IDENTITY_SECRET; the shop's backend sets the _sb_idp cookie, docs/snippet.md)`,
    );
  };
}

function sharedState(config: RouterSettings, parts: Parts): Shared {
  return {
    failures: new KeyFailures(),
    newVisitors: visitorDoor(config, parts),
    syncStatuses: () => parts.syncs.map((sync) => sync.status),
    visitorsByMonth: async () => parts.visitors.byMonth(),
  };
}

/** The browser's door: `/collect` and the script. */
function addBrowserRoutes(
  router: Router,
  config: RouterSettings,
  parts: Parts,
  state: Shared,
  files: RouterFiles,
): void {
  const origins = originPolicy({ allowedOrigins: config.allowedOrigins });
  const collect = collectRoute({
    accept: parts.accept,
    events: parts.events,
    newVisitors: state.newVisitors,
    rateLimits: new RateLimits({
      perIp: config.rateLimitIp,
      perUser: config.rateLimitUser,
      ...(parts.shared ? { redis: parts.shared.turns } : {}),
    }),
    keepBots: config.bots === 'keep',
    cookieDomain: config.cookieDomain,
    now: () => parts.clock.now(),
    untilTimeKnown: () => parts.clock.untilKnown(),
    ...(config.identitySecret
      ? {
          customerProof: new CustomerProof(config.identitySecret),
          unproven: unprovenAlarm(parts),
          orderProof: new OrderProof(config.identitySecret),
        }
      : {}),
  });
  router.post('/collect', origins, collect);
  router.options('/collect', origins);
  router.get('/shopbeacon.js', scriptRoute({ file: files.scriptFile }));
  router.get(
    '/shopbeacon-shopify.js',
    scriptRoute({ file: files.shopifyScriptFile, what: 'the Shopify storefront companion' }),
  );
}

/** The debugger's coverage card: each platform's last 7 days, its first unjoined orders. */
function coverageCard(parts: Parts): CoverageWire[] {
  const report = coverageSince(
    parts.coverage,
    Date.now() - COVERAGE_WINDOW_DAYS * 86_400_000,
    connectedPlatforms(parts),
  );
  return Object.entries(report.platforms).map(([platform, c]) => ({
    platform,
    storefrontOrders: c.storefrontOrders,
    joined: c.joined,
    joinedShare: c.joinedShare,
    unjoined: c.unjoined.slice(0, 5).map((id) => {
      const cause = c.unjoinedCauses[String(id)];
      return cause ? { id, cause } : { id };
    }),
    claimed: c.claimed,
    madeElsewhere: c.madeElsewhere,
    duplicated: c.duplicatedCount,
    unmatched: c.unmatchedCount,
  }));
}

/** The platforms whose orders the relay takes: those it syncs. */
const connectedPlatforms = (parts: Parts) => parts.syncs.map((sync) => sync.status.platform);

/** The operator's routes: health, readiness, metrics, stats. */
function addOperatorRoutes(router: Router, config: RouterSettings, parts: Parts, state: Shared): void {
  const { outbox, worker, metrics, shared } = parts;
  const { failures, syncStatuses, visitorsByMonth, newVisitors } = state;
  router.get('/healthz', healthz);
  router.get(
    '/readyz',
    readyz({ adminKey: config.adminKey, failures, outbox, worker, shared, webhooks: parts.webhooks, syncStatuses }),
  );
  // Behind the admin key, as Prometheus' `authorization` sends it: the counts say how the shop trades.
  router.get('/metrics', adminAuth({ adminKey: config.adminKey, failures }), metricsRoute({ metrics, outbox, worker }));
  router.get(
    '/stats',
    adminAuth({ adminKey: config.adminKey, failures }),
    statsRoute({
      outbox,
      worker,
      visitorsByMonth,
      syncStatuses,
      withdrawnProducts: () => parts.withdrawn.recent(),
      newVisitors: () => newVisitors.report(),
      coverage: async () => ({
        ...coverageSince(parts.coverage, Date.now() - COVERAGE_WINDOW_DAYS * 86_400_000, connectedPlatforms(parts)),
        visitors: monthVisitors(
          await visitorsByMonth(),
          parts.coverage.identifiedLater(),
          parts.coverage.sessionsNotKept(),
        ),
      }),
    }),
  );
}

/** The shop's routes: the `/v1` mirror for its backend and plugins, and the platforms' webhooks. */
function addShopRoutes(router: Router, config: RouterSettings, parts: Parts, state: Shared): void {
  const { accept, events } = parts;
  const { failures, newVisitors } = state;
  addMirrorRoutes(router, {
    accept,
    events,
    adminKey: config.adminKey,
    ingestKey: config.ingestKey,
    failures,
    newVisitors,
    keepBots: config.bots === 'keep',
    now: () => parts.clock.now(),
  });
  const withdrawn = async (platform: string, found: { productId: string; reason: string }[]) => {
    const label = CONNECTORS.find((c) => c.name === platform)?.label ?? platform;
    return (await parts.withdrawn.notice(platform, found)).map((w) => withdrawnMessage(w, label));
  };
  addWebhookRoutes(router, config, {
    accept,
    events,
    park: parts.park,
    logger: parts.logger,
    health: parts.webhooks,
    withdrawn,
    older: (kind, versions) => parts.versions.older(kind, versions),
  });
}

/** Every route of the relay; the demo storefront only in demo mode. */
export function relayRouter(config: RouterSettings, parts: Parts, files: RouterFiles): Router {
  const router = new Router();
  const state = sharedState(config, parts);
  addBrowserRoutes(router, config, parts, state, files);
  addOperatorRoutes(router, config, parts, state);
  addShopRoutes(router, config, parts, state);
  const demo = config.demo === true;
  const { feed, outbox, worker, logger } = parts;
  const { syncStatuses, visitorsByMonth, failures } = state;
  addDebugRoutes(router, {
    feed,
    outbox,
    worker,
    visitorsByMonth,
    syncStatuses,
    adminKey: config.adminKey,
    failures,
    demo,
    serviceUrl: config.baseUrl ?? '',
    assetDir: files.assetDir,
    coverage: cachedFor(10_000, () => coverageCard(parts)),
  });
  if (demo && config.adminKey) addDemoRoutes(router, { adminKey: config.adminKey, logger, assetDir: files.assetDir });
  return router;
}
