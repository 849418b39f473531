import type Router from '@koa/router';
import { serviceOpenApi } from '../contract/openapi.js';
import { HttpError } from '../http/http-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import { stringifyBody } from '../shared/exact-json.js';
import type { CallLog } from './call-log.js';
import { checkFaults, type Faults } from './faults.js';
import type { MockCollection, MockStore } from './mock-store.js';

interface InspectionDeps {
  store: MockStore;
  calls: CallLog;
  faults: () => Faults;
  setFaults: (update: Record<string, unknown>) => void;
  onChange: () => void;
}

const COLLECTIONS: readonly MockCollection[] = ['orders', 'products', 'events'];

/** `/_mock/*` and `/openapi.json`: what tests and demos look at; not part of the real service. */
export function addInspectionRoutes(router: Router, deps: InspectionDeps): void {
  router.get('/openapi.json', (ctx) => {
    ctx.body = serviceOpenApi(`${ctx.protocol}://${ctx.host}`);
  });
  router.get('/_mock/records', (ctx) => {
    const kind = String(ctx.query['kind'] ?? '');
    if (!COLLECTIONS.includes(kind as MockCollection)) {
      throw new HttpError(400, 'bad_kind', 'kind must be orders, products or events', [
        { path: 'query.kind', message: 'must be orders, products or events' },
      ]);
    }
    ctx.type = 'application/json';
    ctx.body = stringifyBody(deps.store.records(kind as MockCollection));
  });
  router.post('/_mock/events/take', (ctx) => {
    const taken = deps.store.takeEvents();
    if (taken.length > 0) deps.onChange();
    ctx.type = 'application/json';
    ctx.body = stringifyBody(taken);
  });
  router.get('/_mock/stats', (ctx) => {
    ctx.body = { ...deps.store.stats(), calls: deps.calls.totals };
  });
  router.get('/_mock/calls', (ctx) => {
    ctx.body = deps.calls.list();
  });
  router.post('/_mock/reset', (ctx) => {
    deps.store.reset();
    deps.calls.reset();
    deps.onChange();
    ctx.body = { ok: true };
  });
  router.get('/_mock/faults', (ctx) => {
    ctx.body = deps.faults();
  });
  router.post('/_mock/faults', async (ctx) => {
    const update = await readJsonBody(ctx, { limit: 4096, types: ['application/json'] });
    const errors = checkFaults(update);
    if (errors.length > 0) throw new HttpError(400, 'invalid_faults', 'fault settings refused', errors);
    deps.setFaults(update as Record<string, unknown>);
    ctx.body = deps.faults();
  });
}
