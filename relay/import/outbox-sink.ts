import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliveryWorker } from '../delivery/delivery-worker.js';
import { countAll, type QueueCounts, type QueueStatus } from '../pipeline/pipeline-record.js';
import type { Accept } from '../pipeline/accept.js';
import type { RecordEvents } from '../pipeline/record-events.js';
import type { RecordOrigin, RecordStep } from '../pipeline/record-step.js';
import type { ImportRecord, ImportSink, SinkCounts } from './import-sink.js';
import type { ImportState } from './import-state.js';

/** What the sink delivers through: the relay's own core (`createRelayCore`), built by the CLI. */
interface DeliveringCore {
  outbox: Pick<QueueStatus, 'counts'>;
  events: RecordEvents;
  accept: Accept;
  worker: Pick<DeliveryWorker, 'start'>;
  close(graceMs: number, closeListeners?: () => Promise<void>): Promise<void>;
}

interface OutboxSinkOptions {
  core: DeliveringCore;
  /** How the records came: `import`, or a platform's `backfill`. */
  origin: RecordOrigin;
  state: ImportState;
}

/**
 * Delivers through the relay's own machinery, in this process: a durable outbox (so an interrupted
 * import keeps what it had queued) and the delivery worker, with its retries and dead letters.
 */
export class OutboxSink implements ImportSink {
  private readonly core: DeliveringCore;
  private delivered = 0;
  private unchanged = 0;
  /** The outbox's counts as last read (the progress bar reads them often; the outbox may be asked asynchronously). */
  private latest: QueueCounts;
  private readonly deadAtStart: number;
  private closed = false;

  private constructor(
    private readonly options: OutboxSinkOptions,
    counts: QueueCounts,
  ) {
    this.core = options.core;
    this.latest = counts;
    this.deadAtStart = countAll(counts.dead);
    this.core.events.subscribe((step) => step.state === 'delivered' && this.markDelivered(step));
  }

  static async open(options: OutboxSinkOptions): Promise<OutboxSink> {
    return new OutboxSink(options, await options.core.outbox.counts());
  }

  private markDelivered(step: RecordStep): void {
    this.delivered += 1;
    this.options.state.markDelivered(step.kind, step.key ?? '', String(step.body));
  }

  /** The records were checked against the contract as they were read (`checkRecord`); here they are stored once. */
  async send(batch: ImportRecord[]) {
    const kind = batch[0]?.kind ?? 'order';
    const verdicts = await this.core.accept(this.options.origin, kind, batch, (item) => {
      const { key, body } = item as ImportRecord;
      return { ok: true, value: { kind, key, body } };
    });
    // Delivered before with this very body (by the relay, a webhook or an earlier run): not sent again.
    this.unchanged += verdicts.filter((v) => v.status === 'unchanged').length;
    return [];
  }

  /**
   * Delivery starts here, once the whole file was read. Started earlier, it could deliver a record
   * a previous run left queued between this run's check of that record and its enqueue, and the
   * enqueue would then add it again. An abort leaves the rest queued for the next run.
   */
  async drain(signal?: AbortSignal) {
    this.core.worker.start();
    while ((await this.refresh()).pending > 0 && !signal?.aborted) await sleep(100);
    return [];
  }

  private async refresh(): Promise<SinkCounts> {
    if (!this.closed) this.latest = await this.core.outbox.counts();
    return this.counts();
  }

  counts(): SinkCounts {
    return {
      pending: countAll(this.latest.queued),
      delivered: this.delivered,
      failed: countAll(this.latest.dead) - this.deadAtStart,
      unchanged: this.unchanged,
    };
  }

  /** Calls in flight at an interrupt finish during close: they are counted. */
  async close(): Promise<void> {
    await this.core.close(5_000, async () => void (await this.refresh()));
    this.closed = true;
  }
}
