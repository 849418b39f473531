import Router from '@koa/router';
import type { RelayConfig } from './config/relay-config.js';
import type { RelayParts } from './relay-parts.js';
import { addDebugRoutes } from './debug/debug-routes.js';
import { addDemoRoutes } from './demo/demo-routes.js';
import { adminAuth } from './http/admin-auth.js';
import { KeyFailures } from './http/key-failures.js';
import { NewVisitors } from './collect/new-visitors.js';
import { VisitorVouchers } from './collect/visitor-voucher.js';
import { collectRoute } from './collect/collect-route.js';
import { originPolicy } from './collect/origin-policy.js';
import { RateLimits } from './collect/rate-limits.js';
import { addMirrorRoutes } from './mirror/mirror-routes.js';
import { addWebhookRoutes } from './webhooks/webhook-routes.js';
import { CONNECTORS } from './platforms/connectors.js';
import { withdrawnMessage } from './platform-state/withdrawn-products.js';
import { healthz, readyz } from './operations/health-routes.js';
import { metricsRoute } from './operations/metrics-route.js';
import { scriptRoute } from './collect/script-route.js';
import { statsRoute } from './operations/stats-route.js';

export interface RouterFiles {
  scriptFile: string;
  assetDir: string | undefined;
}

/** Every route of the relay; the demo storefront only in demo mode. */
export function relayRouter(config: RelayConfig, parts: Omit<RelayParts, 'close'>, files: RouterFiles): Router {
  const { outbox, worker, metrics, feed, logger, shared, accept, events } = parts;
  const visitorsByMonth = async () => parts.visitors.byMonth();
  const router = new Router();
  const failures = new KeyFailures();
  const origins = originPolicy({ allowedOrigins: config.allowedOrigins });
  const newVisitors = new NewVisitors(config.newVisitorsPerHour, shared?.turns, (result, n) => metrics.newVisitors.inc({ result }, n));
  const vouchers = new VisitorVouchers(config.token ?? '');
  const collect = collectRoute({
    accept,
    events,
    newVisitors,
    vouchers,
    rateLimits: new RateLimits({ perIp: config.rateLimitIp, perUser: config.rateLimitUser, ...(shared ? { redis: shared.turns } : {}) }),
    keepBots: config.bots === 'keep',
    cookieDomain: config.cookieDomain,
  });
  router.post('/collect', origins, collect);
  router.options('/collect', origins);
  router.get('/shopbeacon.js', scriptRoute({ file: files.scriptFile }));
  router.get('/healthz', healthz);
  const syncStatuses = () => parts.syncs.map((sync) => sync.status);
  router.get('/readyz', readyz({ adminKey: config.adminKey, failures, outbox, worker, shared, webhooks: parts.webhooks, syncStatuses }));
  router.get('/metrics', metricsRoute({ metrics, outbox, worker }));
  router.get('/stats', adminAuth({ adminKey: config.adminKey, failures }), statsRoute({ outbox, worker, visitorsByMonth, syncStatuses, withdrawnProducts: () => parts.withdrawn.recent(), newVisitors: () => newVisitors.report() }));
  addMirrorRoutes(router, { accept, events, adminKey: config.adminKey, ingestKey: config.ingestKey, failures, newVisitors, vouchers, keepBots: config.bots === 'keep' });
  const withdrawn = async (platform: string, found: { productId: string; reason: string }[]) => {
    const label = CONNECTORS.find((c) => c.name === platform)?.label ?? platform;
    return (await parts.withdrawn.notice(platform, found)).map((w) => withdrawnMessage(w, label));
  };
  addWebhookRoutes(router, config, { accept, events, park: parts.park, logger, health: parts.webhooks, withdrawn, older: (kind, versions) => parts.versions.older(kind, versions) });
  const demo = config.demo === true;
  addDebugRoutes(router, { feed, outbox, worker, visitorsByMonth, syncStatuses, adminKey: config.adminKey, failures, demo, serviceUrl: config.baseUrl ?? '', assetDir: files.assetDir });
  if (demo && config.adminKey) addDemoRoutes(router, { adminKey: config.adminKey, logger, assetDir: files.assetDir });
  return router;
}
