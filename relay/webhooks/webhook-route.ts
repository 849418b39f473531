import type { Context } from 'koa';
import type { Logger } from 'pino';
import { KINDS } from '../contract/kinds.js';
import { HttpError } from '../http/http-error.js';
import { readRawBody } from '../http/read-json-body.js';
import { LogThrottle } from '../shared/log-throttle.js';
import type { Accept } from '../pipeline/accept.js';
import type { Park } from '../pipeline/park.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import { StorageError } from '../shared/storage-error.js';
import { parseExactJson } from '../shared/exact-json.js';
import { mappedToRecord, type MappedRecord as Mapped } from '../platforms/mapped-record.js';
import { fields, platformTime, withdrawnId, type CatalogSettings } from '../platforms/mapping.js';
import type { Platform } from '../platforms/platform.js';
import type { WebhookHealth } from './webhook-health.js';
import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time-equal.js';

/**
 * Whether `header` is the base64 HMAC-SHA256 of the exact bytes received (what WooCommerce's
 * `X-WC-Webhook-Signature` and Shopify's `X-Shopify-Hmac-Sha256` carry). Checked before anything
 * parses the body: a body re-serialized on the way (whitespace changed) does not match.
 */
export function signatureMatches(raw: Buffer, header: string, secret: string): boolean {
  if (header === '') return false;
  const expected = createHmac('sha256', secret).update(raw).digest('base64');
  return constantTimeEqual(header.trim(), expected);
}

export interface WebhookDeps {
  secret: string;
  /** The shop deliveries must name in the platform's `shopHeader` (Shopify: the store of `SHOPBEACON_SHOPIFY_SHOP`). */
  shop?: string;
  settings: CatalogSettings;
  accept: Accept;
  park: Park;
  events: RecordEvents;
  logger: Logger;
  health: WebhookHealth;
  /** The positions of the versions older than one already taken (platform-state/record-versions.ts): not sent. */
  older?: (kind: 'order' | 'product', versions: { key: string; modifiedAt: number }[]) => Promise<Set<number>>;
  /** Told of a product not sent because it is no longer for sale; resolves with the log lines that are news. */
  withdrawn?: (platform: string, found: { productId: string; reason: string }[]) => Promise<string[]>;
}

/**
 * Read before the signature is computed, so it bounds what an unsigned sender costs (8 MB
 * were read and hashed for anyone). 1 MiB is over 150 times the largest order the fixtures hold: their orders,
 * WooCommerce's and Shopify's, are 2.7 to 6.1 KB each.
 */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** One platform's webhook endpoint: its steps as methods, so each stays short. */
class WebhookReceiver {
  private readonly throttle = new LogThrottle();

  constructor(
    private readonly platform: Platform,
    private readonly deps: WebhookDeps,
  ) {}

  private get origin() {
    return { source: 'webhook' as const, platform: this.platform.source };
  }

  /** A delivery that stores nothing, announced as a step (the metrics and the debugger listen). */
  private dropped(kind: 'order' | 'product', result: string, detail: string): void {
    this.deps.events.emit({ state: 'dropped', ...this.origin, kind, result, detail });
  }

  /** WooCommerce's and Shopify's check that the endpoint answers, when a webhook is created. */
  ping(ctx: Context): void {
    this.dropped('order', 'ping', 'a ping: the platform checking that this endpoint answers');
    ctx.body = { ok: true, ping: true };
  }

  /** 401, and one log line per 10 s at most, naming neither the secret nor the body. */
  refuseUnsigned(ctx: Context): never {
    const reason = ctx.get(this.platform.signatureHeader) ? 'does not match the secret' : 'is missing';
    const kind = this.platform.topics[ctx.get(this.platform.topicHeader)] ?? 'order';
    this.dropped(kind, 'unauthorized', `refused (401): the ${this.platform.signatureHeader} signature ${reason}`);
    const suppressed = this.throttle.pass('unauthorized');
    if (suppressed !== undefined)
      this.deps.logger.warn(
        { platform: this.platform.source, suppressedSinceLast: suppressed },
        `webhook refused: the signature ${reason}`,
      );
    throw new HttpError(401, 'invalid_signature', `the ${this.platform.signatureHeader} signature ${reason}`);
  }

  /**
   * 403 for a delivery signed by the app but naming another store: an app's client secret signs
   * every store's webhooks alike, so a store the app is installed on could post orders as this one.
   */
  refuseOtherShop(ctx: Context): void {
    const header = this.platform.shopHeader;
    if (!header || !this.deps.shop) return;
    const named = ctx.get(header).trim().toLowerCase();
    if (named === this.deps.shop) return;
    const kind = this.platform.topics[ctx.get(this.platform.topicHeader)] ?? 'order';
    this.dropped(kind, 'unauthorized', `refused (403): ${header} names ${named || 'no store'}, not ${this.deps.shop}`);
    throw new HttpError(
      403,
      'other_shop',
      `${header} must name ${this.deps.shop} (SHOPBEACON_SHOPIFY_SHOP); this delivery names ${named || 'none'}`,
    );
  }

  /**
   * A signed delivery: its topic, its payload, its mapping, then the accept pipeline
   * (`ctx.state.accessEnded` when it said the relay's access ended).
   */
  async take(ctx: Context, raw: Buffer): Promise<void> {
    const topic = ctx.get(this.platform.topicHeader);
    if (this.platform.productDeletions?.includes(topic)) return this.takeDeletion(ctx, raw);
    const ended = this.platform.accessEnded?.[topic];
    if (ended) return this.takeAccessEnded(ctx, ended);
    const kind = this.platform.topics[topic];
    if (!kind)
      return this.drop(
        ctx,
        topic.startsWith('product') ? 'product' : 'order',
        `topic ${topic || '(none)'} is not forwarded`,
        'ignored',
      );
    let payload: unknown;
    try {
      payload = parseExactJson(raw.toString('utf8'));
    } catch {
      this.dropped(kind, 'unreadable', 'refused (400): the signed body is not valid JSON');
      throw new HttpError(400, 'invalid_json', 'the signed body is not valid JSON');
    }
    const mapped = this.platform.map(kind, payload, this.deps.settings);
    if ('skip' in mapped) {
      if (mapped.withdrawn) await this.noticeWithdrawn(mapped.withdrawn, mapped.skip);
      return this.drop(ctx, kind, mapped.skip, 'skipped');
    }
    const stale = await this.olderThanTaken(mapped, payload);
    if (stale) return this.drop(ctx, kind, stale, 'stale');
    await this.store(ctx, mapped);
  }

  /**
   * Why this version is not sent, if it is older than one already taken: a replay, or a delivery
   * overtaken by a newer one.
   */
  private async olderThanTaken(mapped: Mapped, payload: unknown): Promise<string | undefined> {
    const body = mapped.body;
    const modified =
      mapped.kind === 'order'
        ? body['date_modified_gmt']
        : (fields(payload)['date_modified_gmt'] ?? fields(payload)['updated_at']);
    const modifiedAt = platformTime(modified);
    const key = body[KINDS[mapped.kind].identity as string];
    if (modifiedAt === undefined || key === undefined || !this.deps.older) return undefined;
    const older = await this.deps.older(mapped.kind, [{ key: String(key), modifiedAt }]);
    return older.size > 0
      ? `older than the version already taken (this one modified ${new Date(modifiedAt).toISOString()}): a replay, or overtaken by a newer delivery`
      : undefined;
  }

  /**
   * A product deleted in the shop: the service's catalog still lists it if it was sent, so the
   * merchant is told, as of one taken off sale.
   */
  private async takeDeletion(ctx: Context, raw: Buffer): Promise<void> {
    let id: string | undefined;
    try {
      id = withdrawnId(fields(parseExactJson(raw.toString('utf8')))['id']);
    } catch {
      id = undefined;
    }
    if (id) await this.noticeWithdrawn(id, 'deleted in the shop');
    return this.drop(
      ctx,
      'product',
      id ? `product ${id} deleted in the shop` : 'a deletion naming no product id',
      'skipped',
    );
  }

  /** The shop ended the relay's access: said in the log and on `/readyz` until the access works again. */
  private takeAccessEnded(ctx: Context, message: string): void {
    ctx.state['accessEnded'] = true;
    this.deps.health.accessEnded(this.platform, message);
    this.deps.logger.warn({ platform: this.platform.source }, `${this.platform.label}: ${message}`);
    return this.drop(ctx, 'order', message, 'skipped');
  }

  private async noticeWithdrawn(productId: string, reason: string): Promise<void> {
    for (const line of (await this.deps.withdrawn?.(this.platform.source, [{ productId, reason }])) ?? [])
      this.deps.logger.warn({ platform: this.platform.source, productId }, line);
  }

  private drop(ctx: Context, kind: 'order' | 'product', detail: string, result: 'ignored' | 'skipped' | 'stale'): void {
    this.dropped(kind, result, detail);
    ctx.body = { ok: true, [result]: detail };
  }

  private async store(ctx: Context, mapped: Mapped): Promise<void> {
    const [verdict] = await this.deps.accept(
      this.origin,
      mapped.kind,
      [mapped.body],
      mappedToRecord([mapped], this.platform.dedupeId(ctx)),
    );
    if (verdict?.status === 'rejected') {
      const kept = verdict.record
        ? await this.deps.park(this.origin, [{ record: verdict.record, errors: verdict.errors }])
        : 0;
      // The same body again (a save that changed nothing we map) is the dead letter already kept.
      ctx.body = {
        ok: true,
        status: 'dead_letter',
        errors: verdict.errors,
        ...(kept === 0 ? { unchanged: true } : {}),
      };
      return;
    }
    ctx.body = { ok: true, status: verdict?.status };
  }

  /** The outbox could not take a delivery: 503 (Shopify retries), and loudly for WooCommerce, which does not. */
  refused(error: StorageError): void {
    const inARow = this.deps.health.refusedDelivery(this.platform);
    const lost = this.platform.retriesDeliveries
      ? 'the platform will retry'
      : `${this.platform.label} does not retry: this delivery is LOST unless the sync sweeps it`;
    this.deps.logger.error(
      { platform: this.platform.source, code: error.code, refusedInARow: inARow },
      `webhook refused with 503 (${error.code}); ${lost}`,
    );
  }
}

/**
 * `POST /webhooks/<platform>`: the signature over the exact bytes first, then the topic, the
 * mapping and the one accept pipeline. A payload that maps to no valid record is still a 200 (a
 * platform would retry it for hours or disable the webhook) and is kept as a dead letter.
 */
export function webhookRoute(platform: Platform, deps: WebhookDeps) {
  const receiver = new WebhookReceiver(platform, deps);
  const secrets = platform.signingSecrets?.(deps.secret) ?? [deps.secret];
  return async function webhook(ctx: Context): Promise<void> {
    const raw = await readRawBody(ctx, WEBHOOK_BODY_LIMIT);
    if (platform.isPing(ctx, raw)) return receiver.ping(ctx);
    const signature = ctx.get(platform.signatureHeader);
    if (!secrets.some((secret) => signatureMatches(raw, signature, secret))) receiver.refuseUnsigned(ctx);
    receiver.refuseOtherShop(ctx);
    try {
      await receiver.take(ctx, raw);
      if (ctx.state['accessEnded'] !== true) deps.health.tookDelivery(platform);
    } catch (error) {
      if (error instanceof StorageError) receiver.refused(error);
      throw error;
    }
  };
}
