import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import { HttpError } from '../http/http-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { DeadLetterAdmin, OutboxStatus } from '../outbox/outbox.js';
import { sendPage } from '../pages/send-page.js';
import { webAssets } from '../pages/web-assets.js';
import { debugAuth } from './debug-auth.js';
import type { KeyFailures } from '../http/key-failures.js';
import { debugPage } from './debug-page.js';
import { debugSnapshot } from './debug-snapshot.js';
import { debugStream } from './debug-stream.js';
import type { RecordFeed } from './record-feed.js';
import type { SyncStatus } from '../sync/sync-status.js';
import type { CoverageWire } from './debug-wire.js';

export interface DebugOptions {
  feed: RecordFeed;
  /** The counts for the cards, and the dead letters with their retry button: the roles the debugger uses. */
  outbox: OutboxStatus & DeadLetterAdmin;
  worker: DeliveryWorker;
  adminKey: string | undefined;
  /** The relay's count of wrong keys per client. */
  failures: KeyFailures;
  /** Demo mode opens the debugger without a key. */
  demo: boolean;
  serviceUrl: string;
  visitorsByMonth: () => Promise<Record<string, number>>;
  /** The syncs' statuses, for the sync card. */
  syncStatuses?: () => SyncStatus[];
  /** The orders joined to a visitor, for the coverage card. */
  coverage?: () => CoverageWire[];
  assetDir?: string;
}

/** A state-changing call must come from the debugger itself: JSON (no form can send it) and no foreign Origin. */
async function sameOriginOnly(ctx: Context, next: Next): Promise<void> {
  const origin = ctx.get('origin');
  if (origin && origin !== `${ctx.protocol}://${ctx.host}`)
    throw new HttpError(403, 'forbidden_origin', `origin ${origin} may not change the relay`);
  await next();
}

function retryRoute(outbox: Pick<DeadLetterAdmin, 'requeueDead'>) {
  return async function retryDeadLetters(ctx: Context): Promise<void> {
    const body = (await readJsonBody(ctx, { limit: 16 * 1024, types: ['application/json'] })) as { ids?: unknown };
    const ids = body?.ids;
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id)))) {
      throw new HttpError(400, 'invalid_ids', '`ids` must be an array of dead-letter ids (or absent for all)');
    }
    ctx.body = { requeued: await outbox.requeueDead(ids as number[] | undefined) };
  };
}

/** `/_debug`: the live view of records moving through the relay, behind the admin key. */
export function addDebugRoutes(router: Router, options: DebugOptions): void {
  const auth = debugAuth({ adminKey: options.adminKey, open: options.demo, failures: options.failures });
  const snapshot = () => debugSnapshot(options);
  // The page links its assets relatively (it works under any mount path), so it must be seen at `_debug/`.
  router.get(['/_debug', '/_debug/'], auth, (ctx) => {
    if (!ctx.path.endsWith('/')) {
      ctx.status = 308;
      return ctx.set('Location', '_debug/');
    }
    sendPage(ctx, debugPage({ demo: options.demo }));
  });
  router.get('/_debug/assets/:file', auth, webAssets(['debugger.js', 'debugger.css', 'icon.svg'], options.assetDir));
  router.get('/_debug/stream', auth, debugStream({ feed: options.feed, snapshot }));
  router.get('/_debug/snapshot', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await snapshot();
  });
  router.post('/_debug/dead-letters/retry', auth, sameOriginOnly, retryRoute(options.outbox));
}
