import type { Context } from 'koa';
import type { FieldError, Validation } from '../contract/field-error.js';
import { readJsonBody } from '../http/read-json-body.js';
import { stepLabels } from '../pipeline/step-labels.js';
import type { PipelineRecord } from '../pipeline/pipeline-record.js';
import type { Verdict } from '../pipeline/accept.js';
import { CUSTOMER_ID_PATTERN, MAX_COLLECT_BYTES, USER_COOKIE } from '../../snippet/protocol.js';
import type { IngestDeps } from '../pipeline/accept.js';
import { isBotRequest } from './bot-filter.js';
import { parseCollectBody } from './collect-body.js';
import { collectEventToRecord, type CollectContext } from './collect-event.js';
import { doctorAnswer, isDoctorProbe } from './doctor-probe.js';
import { clockSkew } from './event-time.js';
import { resolveIdentity, writeBotCookie, writeIdentityCookies, type Identity } from './identity-cookies.js';
import { PROOF_COOKIE, type CustomerProof } from './customer-proof.js';
import type { OrderProof } from './order-proof.js';
import { admitVisitors, beyondBatchError, eventUserId } from './visitor-admission.js';
import { judgeEventVisitors } from './event-visitors.js';
import { shopperCookies } from './shopper-cookies.js';
import type { NewVisitors } from './new-visitors.js';
import type { RateLimits } from './rate-limits.js';
import { isPlainObject } from '../shared/is-plain-object.js';

export interface CollectOptions extends IngestDeps {
  rateLimits: RateLimits;
  /** The door: visitors not yet billed this month, against their address's budgets and the shop's ceiling. */
  newVisitors: NewVisitors;
  keepBots: boolean;
  cookieDomain: string | undefined;
  /** The relay's trusted time (`shared/service-clock.ts`): a page's skew is measured against it. */
  now: () => number;
  /** While the service's time is being asked at start, what measuring a skew waits for. */
  untilTimeKnown?: () => Promise<void> | undefined;
  /** With `SHOPBEACON_IDENTITY_SECRET`: customer ids need the shop's proof. */
  customerProof?: CustomerProof;
  /** Told of each batch's events whose customer id had no proof, with the client's address. */
  unproven?: (count: number, client: string) => void;
  /** With `SHOPBEACON_IDENTITY_SECRET`: a browser's `Order Completed` takes its order's key only with the shop's proof. */
  orderProof?: OrderProof;
}

interface ShopperIds {
  cookies: ReadonlyMap<string, string>;
  identity: Identity;
  events: unknown[];
}

/** The request's visitor and its events, every id among them proven where the shop proves them. */
function shopperIds(ctx: Context, events: unknown[], options: CollectOptions): ShopperIds {
  const sent = shopperCookies(ctx.get('cookie'));
  const proof = options.customerProof;
  const newest = newestField(events, 'user_id');
  const session = newestField(events, 'session_id');
  if (!proof) return { cookies: sent, identity: resolveIdentity(sent, newest, session), events };
  const proofCookie = sent.get(PROOF_COOKIE);
  const cookies = proof.provenCookies(sent);
  const identity = resolveIdentity(cookies, proof.provenClaim(newest, proofCookie), session);
  const checked = events.map((raw) => proof.provenEvent(raw, identity.userId, proofCookie));
  const unproven = unprovenCount(sent, cookies, events, checked);
  if (unproven > 0) options.unproven?.(unproven, ctx.ip);
  return { cookies, identity, events: checked.map(({ event }) => event) };
}

/**
 * Customer ids without their proof: events whose own was replaced by its stand-in, and those an
 * unproven identified cookie (`~id`) speaks for. An anonymous-shaped id replaced is not: it is most
 * often the visitor's own, a snippet's id of before the relay's first answer or from before a login.
 */
function unprovenCount(
  sent: ReadonlyMap<string, string>,
  proven: ReadonlyMap<string, string>,
  events: unknown[],
  checked: { replaced: false | 'by the visitor' | 'by its stand-in' }[],
): number {
  const user = sent.get(USER_COOKIE);
  const forgedCookie = user?.startsWith('~') === true && proven.get(USER_COOKIE) !== user;
  const speaksForCookie = (raw: unknown) => forgedCookie && !(isPlainObject(raw) && raw['user_id'] !== undefined);
  return checked.filter((c, i) => c.replaced === 'by its stand-in' || speaksForCookie(events[i])).length;
}

function newestField(events: unknown[], field: string): unknown {
  const newest = events.at(-1);
  return isPlainObject(newest) ? newest[field] : undefined;
}

/**
 * Each visitor's events in the batch, by the `user_id` each will carry; ids no event may carry are
 * refused later, not counted.
 */
function countByUser(userIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of userIds) if (CUSTOMER_ID_PATTERN.test(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * Each event as its record, or why not: its visitor one too many for a batch, its contract errors,
 * or the door's refusal of its visitor (a month already settled, the shop's ceiling). An address
 * over its budget throws the 429.
 */
async function admittedRecords(
  ip: string,
  events: unknown[],
  userIds: readonly string[],
  requestUser: string,
  context: CollectContext,
  options: CollectOptions,
): Promise<Map<unknown, Validation<PipelineRecord>>> {
  const batch = admitVisitors(userIds, requestUser);
  if (batch.beyond.size > 0) options.newVisitors.refusedInBatch(batch.beyond.size);
  const now = options.now();
  const checks: Validation<PipelineRecord>[] = events.map((raw, i) =>
    batch.beyond.has(userIds[i] as string)
      ? { ok: false, errors: [beyondBatchError] }
      : collectEventToRecord(raw, context, now),
  );
  const refusals = await judgeEventVisitors(
    options.newVisitors,
    checks.map((check, i) =>
      check.ok ? { userId: userIds[i] as string, datetime: check.value.body['datetime'], ip } : undefined,
    ),
    now,
    'refused',
  );
  return new Map(
    events.map((raw, i) => {
      const errors = refusals[i];
      return [raw, errors === undefined ? (checks[i] as Validation<PipelineRecord>) : { ok: false, errors }];
    }),
  );
}

/** `{accepted, duplicates, dropped, rejected}`: what the snippet reads back. */
function summarize(verdicts: Verdict[]) {
  const rejected: { index: number; errors: FieldError[] }[] = [];
  verdicts.forEach((v, index) => v.status === 'rejected' && rejected.push({ index, errors: v.errors }));
  const accepted = verdicts.filter((v) => v.status === 'queued').length;
  return { accepted, duplicates: verdicts.length - accepted - rejected.length, dropped: 0, rejected };
}

/**
 * `POST /collect`: browser events in, an answer only after the accepted ones are on disk (the
 * doctor's probe: checked, never stored).
 */
export function collectRoute(options: CollectOptions) {
  return async function collect(ctx: Context): Promise<void> {
    const body = parseCollectBody(
      await readJsonBody(ctx, { limit: MAX_COLLECT_BYTES, types: ['text/plain', 'application/json'] }),
    );
    if (!options.keepBots && isBotRequest(ctx.get('user-agent'), body.webdriver)) {
      // With its body: a bot's `Order Completed` is why its order goes unjoined (order-coverage.ts).
      for (const raw of body.events)
        options.events.emit({
          state: 'dropped',
          source: 'collect',
          ...stepLabels('event', raw),
          detail: 'bot',
          body: raw,
        });
      writeBotCookie(ctx, { domain: options.cookieDomain, secure: ctx.secure });
      ctx.body = { accepted: 0, duplicates: 0, dropped: body.events.length, rejected: [] };
      return;
    }
    const { identity, events } = shopperIds(ctx, body.events, options);
    const userIds = events.map((raw) => eventUserId(raw, identity.userId));
    await options.rateLimits.take(ctx.ip, events.length, countByUser(userIds));
    const asking = options.untilTimeKnown?.();
    if (asking) await asking;
    const context = { identity, skewMs: clockSkew(body.sentAt, options.now()), orderProof: options.orderProof };
    const cookieOptions = { domain: options.cookieDomain, secure: ctx.secure };
    if (isDoctorProbe(ctx)) {
      writeIdentityCookies(ctx, identity, cookieOptions);
      ctx.body = doctorAnswer(
        ctx,
        events,
        events.map((raw) => collectEventToRecord(raw, context, options.now())),
        options.events,
      );
      return;
    }
    const checks = await admittedRecords(ctx.ip, events, userIds, identity.userId, context, options);
    const verdicts = await options.accept(
      'collect',
      'event',
      events,
      (raw) => checks.get(raw) as Validation<PipelineRecord>,
    );
    writeIdentityCookies(ctx, identity, cookieOptions);
    const answer = summarize(verdicts);
    // Nothing taken: a 400, so no client mistakes a refusal for a success; a partial batch stays 200.
    if (answer.rejected.length === verdicts.length) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_events', message: 'every event was refused: see rejected[].errors', ...answer };
      return;
    }
    ctx.body = answer;
  };
}
