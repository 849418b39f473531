import type Router from '@koa/router';
import type { Context } from 'koa';
import { KINDS, type KindInfo } from '../contract/kinds.js';
import { adminAuth, byAdminKey } from '../http/admin-auth.js';
import type { KeyFailures } from '../http/key-failures.js';
import { HttpError } from '../http/http-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { IngestDeps, RecordCheck } from '../pipeline/accept.js';
import type { RecordOrigin } from '../pipeline/record-step.js';
import { stepLabels } from '../pipeline/step-labels.js';
import { mirrorRecord } from './mirror-event-id.js';
import { shopperBots } from './shopper-agent.js';
import { judgeShopperVisitors } from './shopper-visitors.js';
import type { NewVisitors } from '../collect/new-visitors.js';

export const MAX_RECORDS_PER_CALL = 500;
/** 500 orders with their line items fit well inside 8 MB. */
const MIRROR_BODY_LIMIT = 8 * 1024 * 1024;

export interface MirrorOptions extends IngestDeps {
  adminKey: string | undefined;
  /** `SHOPBEACON_INGEST_KEY`: taken on `/v1/track` alone (the plugins' key), never on orders or products. */
  ingestKey: string | undefined;
  failures: KeyFailures;
  /** The door: visitors not yet billed this month, against their shopper's address's budgets and the shop's ceiling. */
  newVisitors: NewVisitors;
  keepBots: boolean;
  /** The relay's trusted time (`shared/service-clock.ts`). */
  now: () => number;
}

type RecordResult =
  | { index: number; status: 'queued' | 'coalesced' | 'unchanged' | 'duplicate' | 'dropped' }
  | { index: number; status: 'rejected'; errors: unknown[] };

/** Ways in that post through the mirror and may say so (`Shopbeacon-Source`), for the debugger. */
const NAMED_SOURCES = ['import', 'backfill'] as const;

/** The way in the records came by: the mirror, or an import or a platform's backfill naming itself. */
function originOf(ctx: Context): RecordOrigin {
  const source = ctx.get('shopbeacon-source');
  const platform = ctx.get('shopbeacon-platform');
  if (!source) return { source: 'mirror' };
  if (!(NAMED_SOURCES as readonly string[]).includes(source))
    throw new HttpError(400, 'bad_header', `Shopbeacon-Source must be ${NAMED_SOURCES.join(' or ')}`);
  if (platform && !/^[a-z0-9-]{1,32}$/.test(platform))
    throw new HttpError(400, 'bad_header', 'Shopbeacon-Platform must be a platform name such as woocommerce');
  return { source: source as (typeof NAMED_SOURCES)[number], ...(platform ? { platform } : {}) };
}

async function enqueueChecked(
  ctx: Context,
  info: KindInfo,
  bodies: unknown[],
  options: MirrorOptions,
): Promise<RecordResult[]> {
  const origin = originOf(ctx);
  const bots = info.kind === 'event' && !options.keepBots ? shopperBots(bodies) : new Set<number>();
  for (const index of bots)
    options.events.emit({
      state: 'dropped',
      source: origin.source,
      ...stepLabels('event', bodies[index]),
      detail: 'bot',
      body: bodies[index],
    });
  const kept = bodies.flatMap((body, index) => (bots.has(index) ? [] : [{ body, index }]));
  const refused = info.kind === 'event' ? await doorRefusals(ctx, kept, options) : new Map<unknown, RecordCheck>();
  const verdicts =
    kept.length === 0
      ? []
      : await options.accept(
          origin,
          info.kind,
          kept.map((k) => k.body),
          (body, now) => refused.get(body) ?? mirrorRecord(info, body, now),
        );
  const results: RecordResult[] = [...bots].map((index) => ({ index, status: 'dropped' }));
  kept.forEach(({ index }, i) => {
    const verdict = verdicts[i];
    if (verdict)
      results.push(
        verdict.status === 'rejected'
          ? { index, status: 'rejected', errors: verdict.errors }
          : { index, status: verdict.status },
      );
  });
  return results.sort((a, b) => a.index - b.index);
}

/** The events whose visitor the door refused (`shopper-visitors.ts`), by body, with why. */
async function doorRefusals(
  ctx: Context,
  kept: readonly { body: unknown }[],
  options: MirrorOptions,
): Promise<Map<unknown, RecordCheck>> {
  const bodies = kept.map((k) => k.body);
  const poster = { ip: ctx.ip, admin: byAdminKey(ctx) };
  const errors = await judgeShopperVisitors(bodies, options.newVisitors, poster, options.now());
  return new Map(bodies.flatMap((body, i) => (errors[i] ? [[body, { ok: false as const, errors: errors[i] }]] : [])));
}

/**
 * The answer to one record: 202 once durable (or delivered before with this very body: nothing to
 * send again), 400 naming the fields.
 */
function answerOne(ctx: Context, info: KindInfo, only: RecordResult | undefined): void {
  if (only?.status === 'rejected')
    throw new HttpError(400, 'invalid_record', `${info.kind} failed validation`, only.errors as never);
  ctx.status = 202;
  const status = only?.status;
  ctx.body =
    status === 'unchanged' || status === 'duplicate' || status === 'dropped'
      ? { queued: 0, [status]: 1 }
      : { queued: 1 };
}

function mirrorRoute(info: KindInfo, options: MirrorOptions) {
  return async function mirror(ctx: Context): Promise<void> {
    // Order and product ids are 64-bit on Shopify: read past 2^53 exactly, never rounded.
    const body = await readJsonBody(ctx, {
      limit: MIRROR_BODY_LIMIT,
      types: ['application/json'],
      exactIntegers: info.kind !== 'event',
    });
    const many = Array.isArray(body);
    if (many && (body.length === 0 || body.length > MAX_RECORDS_PER_CALL)) {
      throw new HttpError(
        many && body.length > 0 ? 413 : 400,
        'bad_batch',
        `an array must hold 1 to ${MAX_RECORDS_PER_CALL} records`,
      );
    }
    const results = await enqueueChecked(ctx, info, many ? body : [body], options);
    const rejected = results.filter((r) => r.status === 'rejected');
    const dropped = results.filter((r) => r.status === 'dropped').length;
    const queued = results.length - rejected.length - dropped;
    if (!many) return answerOne(ctx, info, results[0]);
    ctx.status = rejected.length < results.length ? 202 : 400;
    const refusal =
      rejected.length < results.length
        ? {}
        : { error: 'invalid_records', message: 'every record was refused: see results[].errors' };
    ctx.body = { ...refusal, queued, rejected: rejected.length, ...(dropped > 0 ? { dropped } : {}), results };
  };
}

/**
 * `POST /v1/orders`, `/v1/products/catalog`, `/v1/track` on the relay: the service's own bodies
 * from the shop's backend, behind the relay's admin key (the service token never leaves the
 * relay). 202 once durable; the worker delivers, one record per call.
 */
export function addMirrorRoutes(router: Router, options: MirrorOptions): void {
  const { adminKey, ingestKey, failures } = options;
  for (const info of Object.values(KINDS)) {
    router.post(
      info.path,
      adminAuth({ adminKey, failures, ...(info.kind === 'event' ? { alsoKey: ingestKey } : {}) }),
      mirrorRoute(info, options),
    );
  }
}
