import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { DeliveryWorker } from '../delivery/delivery-worker.js';
import { UpstreamClient } from '../delivery/upstream-client.js';
import { enqueueInOutbox } from '../outbox/enqueue-once.js';
import { SqliteOutbox } from '../outbox/sqlite-outbox.js';
import { createAccept, type Accept } from '../pipeline/accept.js';
import { RecordEvents } from '../pipeline/record-events.js';
import type { RecordStep } from '../pipeline/record-step.js';
import type { ImportRecord, ImportSink, SinkCounts } from './import-sink.js';
import type { ImportState } from './import-state.js';

export interface OutboxSinkOptions {
  dataDir: string;
  baseUrl: string;
  token: string;
  concurrency: number;
  state: ImportState;
  logger: Logger;
}

/**
 * Delivers through the relay's own machinery, in this process: a durable outbox (so an interrupted
 * import keeps what it had queued) and the delivery worker, with its retries and dead letters.
 */
export class OutboxSink implements ImportSink {
  private readonly outbox: SqliteOutbox;
  private readonly worker: DeliveryWorker;
  private readonly client: UpstreamClient;
  private readonly accept: Accept;
  private readonly deadAtStart: number;
  private delivered = 0;
  /** The counts once closed (the outbox can no longer be asked). */
  private final: SinkCounts | undefined;

  constructor(private readonly options: OutboxSinkOptions) {
    this.outbox = new SqliteOutbox({ dataDir: options.dataDir, synchronous: 'normal', groupCommitMs: 0 });
    this.client = new UpstreamClient({ baseUrl: options.baseUrl, token: options.token, connections: options.concurrency, timeoutMs: 30_000 });
    this.deadAtStart = this.deadCount();
    const events = new RecordEvents();
    events.subscribe((step) => step.state === 'delivered' && this.markDelivered(step));
    this.worker = new DeliveryWorker({ outbox: this.outbox, client: this.client, logger: options.logger, concurrency: options.concurrency, events });
    this.accept = createAccept({ enqueueOnce: enqueueInOutbox(this.outbox), events, onEnqueued: () => this.worker.notify() });
  }

  private markDelivered(step: RecordStep): void {
    this.delivered += 1;
    this.options.state.markDelivered(step.kind, step.key ?? '', String(step.body));
  }

  private deadCount(): number {
    const { dead } = this.outbox.counts();
    return dead.event + dead.order + dead.product;
  }

  /** The records were checked against the contract as they were read (`checkRecord`); here they are stored once. */
  async send(batch: ImportRecord[]) {
    const kind = batch[0]?.kind ?? 'order';
    await this.accept('import', kind, batch, (item) => {
      const { key, body } = item as ImportRecord;
      return { ok: true, value: { kind, key, body } };
    });
    return [];
  }

  /**
   * Delivery starts here, once the whole file was read. Started earlier, it could deliver a record
   * a previous run left queued between this run's check of that record and its enqueue, and the
   * enqueue would then add it again. An abort leaves the rest queued for the next run.
   */
  async drain(signal?: AbortSignal) {
    this.worker.start();
    while (this.counts().pending > 0 && !signal?.aborted) await sleep(100);
    return [];
  }

  counts(): SinkCounts {
    if (this.final) return this.final;
    const { queued } = this.outbox.counts();
    return { pending: queued.event + queued.order + queued.product, delivered: this.delivered, failed: this.deadCount() - this.deadAtStart };
  }

  async close(): Promise<void> {
    await this.worker.stop(5_000);
    await this.client.destroy();
    this.final = this.counts();
    this.outbox.close();
  }
}
