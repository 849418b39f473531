import type { RecordKind } from '../contract/kinds.js';

type ByKind = Record<RecordKind, number>;
const zero = (): ByKind => ({ event: 0, order: 0, product: 0 });

/**
 * What the outbox holds, by kind and state, kept in memory and changed with every write, so
 * capacity checks, `/metrics` and progress cost nothing at millions of rows. Rebuilt from the
 * table at open, after purges, and whenever another connection committed (SQLite's data_version).
 */
export class OutboxTally {
  queued = zero();
  dead = zero();
  bytes = 0;

  get records(): number {
    const sum = (r: ByKind) => r.event + r.order + r.product;
    return sum(this.queued) + sum(this.dead);
  }

  rebuild(rows: { kind: RecordKind; state: string; n: number; bytes: number }[]): void {
    this.queued = zero();
    this.dead = zero();
    this.bytes = 0;
    for (const row of rows) {
      (row.state === 'dead' ? this.dead : this.queued)[row.kind] += row.n;
      this.bytes += row.bytes;
    }
  }

  added(kind: RecordKind, bytes: number): void {
    this.queued[kind] += 1;
    this.bytes += bytes;
  }

  resized(bytesDelta: number): void {
    this.bytes += bytesDelta;
  }

  removed(kind: RecordKind, bytes: number): void {
    this.queued[kind] -= 1;
    this.bytes -= bytes;
  }

  movedToDead(kind: RecordKind): void {
    this.queued[kind] -= 1;
    this.dead[kind] += 1;
  }

  movedToQueue(kind: RecordKind): void {
    this.dead[kind] -= 1;
    this.queued[kind] += 1;
  }
}
