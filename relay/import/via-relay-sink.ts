import type { FieldError } from '../contract/field-error.js';
import { KINDS } from '../contract/kinds.js';
import { createClient, type ClientOptions, type ShopbeaconClient } from '../client/create-client.js';
import type { ImportRecord, ImportSink, SinkCounts } from './import-sink.js';
import type { ImportState } from './import-state.js';

type Refusal = { row: number; errors: FieldError[] };
type BatchResult = { results?: { index: number; status: string; errors?: FieldError[] }[] };

/**
 * Posts batches of up to 500 records to a running relay's `/v1` mirror, `concurrency` batches at a
 * time. A record is done once the relay holds it durably (202); the relay delivers it.
 */
export class ViaRelaySink implements ImportSink {
  private readonly client: ShopbeaconClient;
  private readonly inFlight = new Set<Promise<void>>();
  private refusals: Refusal[] = [];
  private tally = { pending: 0, delivered: 0, failed: 0, unchanged: 0 };

  constructor(
    via: string,
    adminKey: string,
    private readonly concurrency: number,
    private readonly state: ImportState,
    origin?: ClientOptions['origin'],
  ) {
    this.client = createClient({ baseUrl: via, token: adminKey, ...(origin ? { origin } : {}) });
  }

  async send(batch: ImportRecord[]): Promise<Refusal[]> {
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
    const task = this.post(batch).finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
    return this.takeRefusals();
  }

  private async post(batch: ImportRecord[]): Promise<void> {
    this.tally.pending += batch.length;
    const settleAll = (results: NonNullable<BatchResult['results']>) =>
      results.forEach((r) => batch[r.index] && this.settle(batch[r.index] as ImportRecord, r.status, r.errors));
    try {
      const answer = await this.client.postBatch(
        KINDS[batch[0]?.kind ?? 'order'].path,
        batch.map((r) => r.body),
      );
      settleAll((answer.body as BatchResult).results ?? []);
    } catch (error) {
      // A 400 to an array means every record was refused; its body still lists why, per record.
      const body = (error as { status?: number; body?: string }).status === 400 ? (error as { body: string }).body : '';
      const results = (JSON.parse(body || '{}') as BatchResult).results ?? [];
      if (results.length > 0) settleAll(results);
      else
        for (const record of batch) this.settle(record, 'rejected', [{ path: '', message: (error as Error).message }]);
    } finally {
      this.tally.pending -= batch.length;
    }
  }

  private settle(record: ImportRecord, status: string, errors: FieldError[] = []): void {
    // Refusals are reported with their rows (and counted as invalid by the import), not as failures here.
    if (status === 'rejected') {
      this.refusals.push({ row: record.row, errors });
      return;
    }
    // The relay delivered this very body before (its digests): nothing was sent, and nothing is owed.
    if (status === 'unchanged') this.tally.unchanged += 1;
    else this.tally.delivered += 1;
    this.state.markDelivered(record.kind, record.key, record.text);
  }

  private takeRefusals(): Refusal[] {
    const taken = this.refusals;
    this.refusals = [];
    return taken;
  }

  async drain(): Promise<Refusal[]> {
    await Promise.all(this.inFlight);
    return this.takeRefusals();
  }

  counts(): SinkCounts {
    return { ...this.tally };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
