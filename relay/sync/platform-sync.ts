import type { Logger } from 'pino';
import { historyStartOf } from '../contract/window.js';
import type { Awaitable } from '../shared/awaitable.js';
import type { Accept } from '../pipeline/accept.js';
import type { RecordOrigin } from '../pipeline/record-step.js';
import type { Park } from '../pipeline/park.js';
import type { ChangedPayload, Connector, PlatformApi, PlatformKind } from '../platforms/connector.js';
import type { CatalogSettings } from '../platforms/mapping.js';
import { PlatformApiError } from '../platforms/platform-api-error.js';
import { fillShopCurrency } from '../platforms/shop-currency.js';
import type { PlatformState } from '../platform-state/platform-state.js';
import { withdrawnMessage, type WithdrawnProducts } from '../platform-state/withdrawn-products.js';
import type { RecordVersions } from '../platform-state/record-versions.js';
import type { SweepCounts, SyncEvents } from '../pipeline/sync-report.js';
import { sweepBatch, type SweepBatchDeps } from './sweep-batch.js';
import { emptyStatus, type SyncStatus } from './sync-status.js';

export interface PlatformSyncOptions {
  accept: Accept;
  park: Park;
  state: PlatformState;
  /** Products withdrawn from sale after they were sent: told to the merchant in the log and `/stats`. */
  withdrawn?: WithdrawnProducts;
  /** The newest version taken of each order and product: an older one is not sent. */
  versions?: RecordVersions;
  /** Records waiting in the outbox: a sweep waits while delivery has more than `backlog` to do. */
  queued: () => Awaitable<number>;
  logger: Logger;
  intervalMs: number;
  /**
   * Whether this relay takes the platform's webhooks (their secret is set): only then is what a
   * sweep finds counted as missed by them.
   */
  webhooks: boolean;
  /** This relay, for the lease. */
  owner: string;
  /**
   * Where the sync announces each committed page, each sweep that succeeded and repaired webhooks
   * (the metrics listen).
   */
  events?: SyncEvents;
  /** @default 5_000 */
  backlog?: number;
  /** @default 100 */
  batchSize?: number;
  now?: () => number;
}

/** Platforms commit out of order: a change saved a little before the cursor can become visible after it. */
export const SWEEP_OVERLAP_MS = 5 * 60_000;

/**
 * How late a webhook may arrive and still not count as missed: WooCommerce delivers from Action
 * Scheduler's queue, run by WP-Cron about once a minute and later on a busy or quiet shop (seen on
 * a real 9.2.5: 30 s, and minutes after a burst), so a sweep that reaches a change first has not
 * shown the webhook missed it.
 */
const WEBHOOK_DELAY_MS = 15 * 60_000;

/** A sweep lost its lease (it stalled past it, and another relay took over): it stops where it is. */
class LeaseLost extends Error {}

/**
 * The sync of one platform: every interval, the orders and products changed since its cursor
 * (less an overlap), through the accept pipeline; the cursor moves only once a page is committed.
 * With no cursor yet, the first sweep is the history: two years, products first, paced by delivery.
 */
export class PlatformSync {
  readonly status: SyncStatus;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(
    readonly connector: Connector,
    private readonly api: PlatformApi,
    private readonly options: PlatformSyncOptions,
    /** The catalog settings the API maps with: a currency not configured is asked of the shop. */
    private readonly catalog: CatalogSettings = { currency: '' },
  ) {
    this.status = emptyStatus(connector.name, options.intervalMs, options.webhooks);
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.sweeping = this.sweep().finally(() => {
        this.sweeping = undefined;
        this.schedule(this.options.intervalMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One sweep of both kinds; failures are kept in the status and logged, never thrown. */
  async sweep(): Promise<void> {
    const leaseMs = this.options.intervalMs + 60_000;
    if (!(await this.claim(leaseMs))) return;
    this.status.lastStartedAt = this.now();
    await this.repairWebhooks();
    try {
      const failure = await this.sweepKinds(leaseMs);
      this.takeNotes();
      // Stopped halfway is not a success: the next start goes on from the cursor.
      if (this.stopped) return;
      if (failure) return this.failed(failure);
      this.status.lastSuccessAt = this.now();
      this.options.events?.emit({ type: 'swept', platform: this.connector.name, at: this.status.lastSuccessAt });
      this.status.lastError = null;
      this.status.failingSince = null;
    } catch (error) {
      if (!(error instanceof LeaseLost)) this.failed(error);
    } finally {
      this.status.lastEndedAt = this.now();
    }
  }

  /**
   * Products, then orders, each on its own: products need the shop's currency, and a shop that
   * cannot tell it must not keep its orders from being swept. The first failure, if any.
   */
  private async sweepKinds(leaseMs: number): Promise<unknown> {
    let failure: unknown;
    for (const kind of ['product', 'order'] as const) {
      try {
        if (kind === 'product') await fillShopCurrency(this.catalog, this.api, this.connector.label);
        await this.sweepKind(kind, leaseMs);
      } catch (error) {
        if (error instanceof LeaseLost) throw error;
        failure ??= error;
      }
    }
    return failure;
  }

  private async claim(leaseMs: number): Promise<boolean> {
    try {
      const held = await this.options.state.claimLease(this.connector.name, this.options.owner, leaseMs);
      this.status.leaseHeldElsewhere = !held;
      // Another relay sweeps: what failed here before is not this relay's problem now (nor its /readyz's).
      if (!held) this.status.failingSince = this.status.lastError = null;
      return held;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /**
   * Webhooks the platform gave up on are set right before the sweep covers the gap; a read-only key
   * is reported, not a failure.
   */
  private async repairWebhooks(): Promise<void> {
    const webhook = this.connector.webhook;
    if (!webhook) return;
    if (!this.options.webhooks) {
      const variable = this.connector.settings.find((s) => s.key === webhook.secret)?.env ?? 'its secret';
      this.status.webhookNote = `${variable} is not set: this relay takes no ${this.connector.label} webhooks, so it leaves them as they are`;
      return;
    }
    if (!this.api.repairWebhooks) {
      this.status.webhookNote = this.api.webhookRepairOff ?? null;
      return;
    }
    try {
      const { state } = this.options;
      const scope = `webhooks:${this.connector.name}`;
      const repaired = await this.api.repairWebhooks({
        recall: async () => state.recall(scope),
        remember: async (webhooks) => state.remember(scope, webhooks),
      });
      this.status.webhookNote = null;
      if (repaired === 0) return;
      this.status.webhooksRepaired += repaired;
      this.options.events?.emit({ type: 'webhooks-repaired', platform: this.connector.name, count: repaired });
      this.options.logger.warn(
        { platform: this.connector.name, repaired },
        `${this.connector.label}: put ${repaired} webhook(s) right again (disabled or deleted by the platform); the sweep covers what they missed`,
      );
    } catch (error) {
      const refused = error instanceof PlatformApiError && error.refused;
      this.status.webhookNote = refused
        ? 'the API key cannot manage webhooks (read only): disabled webhooks are not re-enabled'
        : `webhooks not checked: ${(error as Error).message}`;
    }
  }

  /** The API's notes of this sweep: on `/stats` until the next, and each in the log once per sweep. */
  private takeNotes(): void {
    this.status.notes = this.api.notes?.() ?? [];
    for (const note of this.status.notes)
      this.options.logger.warn({ platform: this.connector.name }, `${this.connector.label}: ${note}`);
  }

  private failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.status.lastError = message;
    this.status.failingSince ??= this.now();
    this.options.logger.warn({ platform: this.connector.name }, `${this.connector.label} sync failed: ${message}`);
  }

  private async sweepKind(kind: PlatformKind, leaseMs: number): Promise<void> {
    const { state } = this.options;
    const cursor = await state.cursor(this.connector.name, kind);
    this.status.cursor[kind] = cursor ?? null;
    if (cursor === undefined && this.api.history) return this.sweepHistory(kind, leaseMs);
    const since = cursor === undefined ? historyStartOf(kind, this.now()) : cursor - SWEEP_OVERLAP_MS;
    await this.drain(
      kind,
      this.api.changed(kind, since),
      { afterHistory: cursor !== undefined, movesCursor: true },
      leaseMs,
    );
  }

  /** A history in any order (a bulk file): the cursor moves once all of it is in, to when it began. */
  private async sweepHistory(kind: PlatformKind, leaseMs: number): Promise<void> {
    const began = this.now();
    const history = (this.api.history as NonNullable<PlatformApi['history']>).call(
      this.api,
      kind,
      historyStartOf(kind, began),
    );
    if (!(await this.drain(kind, history, { afterHistory: false, movesCursor: false }, leaseMs))) return;
    await this.options.state.moveCursor(this.connector.name, kind, began);
    this.status.cursor[kind] = began;
  }

  /** Commits the payloads page by page; false when stopped before the end. */
  private async drain(
    kind: PlatformKind,
    items: AsyncIterable<ChangedPayload>,
    how: { afterHistory: boolean; movesCursor: boolean },
    leaseMs: number,
  ): Promise<boolean> {
    let batch: ChangedPayload[] = [];
    for await (const item of items) {
      if (this.stopped) return false;
      batch.push(item);
      if (batch.length < (this.options.batchSize ?? 100)) continue;
      await this.commit(kind, batch, how, leaseMs);
      batch = [];
    }
    await this.commit(kind, batch, how, leaseMs);
    return !this.stopped;
  }

  /**
   * What a page goes through: the accept pipeline, dead letters, the versions taken, and the
   * merchant told of withdrawn products.
   */
  private batchDeps(origin: RecordOrigin): SweepBatchDeps {
    const { accept, park, versions, withdrawn } = this.options;
    const notice = async (found: { productId: string; reason: string }[]) => {
      for (const w of (await withdrawn?.notice(this.connector.name, found)) ?? [])
        this.options.logger.warn(
          { platform: this.connector.name, productId: w.productId },
          withdrawnMessage(w, this.connector.label),
        );
    };
    return {
      accept,
      park,
      origin,
      withdrawn: notice,
      ...(versions ? { older: (kind, found) => versions.older(kind, found) } : {}),
    };
  }

  /** One page: wait for delivery to keep up, keep the lease, store, and only then move the cursor. */
  private async commit(
    kind: PlatformKind,
    batch: ChangedPayload[],
    how: { afterHistory: boolean; movesCursor: boolean },
    leaseMs: number,
  ): Promise<void> {
    if (batch.length === 0) return;
    await this.waitForDelivery();
    if (!(await this.options.state.claimLease(this.connector.name, this.options.owner, leaseMs))) throw new LeaseLost();
    const origin = { source: 'sync' as const, platform: this.connector.name };
    const missedBefore = how.afterHistory && this.options.webhooks ? this.now() - WEBHOOK_DELAY_MS : undefined;
    const counts = await sweepBatch(this.batchDeps(origin), this.api, kind, batch, missedBefore);
    for (const [name, n] of Object.entries(counts) as [keyof SweepCounts, number][])
      if (this.status[name] !== null) this.status[name] += n;
    this.options.events?.emit({ type: 'page', platform: this.connector.name, kind, counts });
    const newest = Math.max(...batch.map((b) => b.changedAt));
    if (how.movesCursor && newest > (this.status.cursor[kind] ?? 0)) {
      await this.options.state.moveCursor(this.connector.name, kind, newest);
      this.status.cursor[kind] = newest;
    }
  }

  /** The history arrives at the pace delivery takes it, not all at once into the outbox. */
  private async waitForDelivery(): Promise<void> {
    const backlog = this.options.backlog ?? 5_000;
    while (!this.stopped && (await this.options.queued()) > backlog)
      await new Promise((resolve) => setTimeout(resolve, 250));
  }

  /**
   * Stops sweeping: a sweep under way ends after its page (its cursor is where its last commit left
   * it); the lease is kept until `releaseLease`, once what the sweep queued is settled.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // A platform call may be waiting out a 429: shutdown does not wait for it (nothing uncommitted is lost).
    await Promise.race([this.sweeping, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }

  /**
   * Hands the platform to another relay: called after delivery stopped, so every order this relay
   * delivered is known as delivered to the one taking over (which sweeps the same overlap).
   */
  async releaseLease(): Promise<void> {
    await Promise.resolve(this.options.state.releaseLease(this.connector.name, this.options.owner)).catch(
      () => undefined,
    );
  }
}
