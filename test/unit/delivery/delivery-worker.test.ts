import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { DeliveryWorker } from '../../../relay/delivery/delivery-worker.js';
import type { UpstreamAnswer, UpstreamClient } from '../../../relay/delivery/upstream-client.js';
import type { ClaimLease, DueRecord, OutboxQueue } from '../../../relay/outbox/outbox.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';

/** An in-memory queue with the outbox's delivery side: due records not in flight, removed once delivered. */
class MemoryQueue {
  readonly records = new Map<number, DueRecord & { dueAt: number }>();
  readonly dead: number[] = [];
  /** Each `retryLater`: the record, and whether it spent an attempt. */
  readonly retried: { id: number; countAttempt: boolean }[] = [];
  failReads = 0;
  /** Set as the Streams outbox sets it: a claim another relay may take over after `ms`. */
  lease: ClaimLease | undefined;
  /** Each record handed back, unattempted. */
  readonly handedBack: number[] = [];
  /** The ids of each renewal, in order. */
  readonly renewals: number[][] = [];
  /** Records another relay has claimed: their renewal fails, and one handed back is that relay's. */
  readonly takenOver = new Set<number>();

  /** A lease renewed whenever asked, but for the records `takenOver`. */
  leaseOf(ms: number | undefined): void {
    const handBack = async (records: DueRecord[], now: number) => this.handBack(records, now);
    const renew = async (records: DueRecord[]) => {
      this.renewals.push(records.map((record) => record.id));
      return records.filter((record) => this.takenOver.has(record.id));
    };
    const heldFor = (record: DueRecord) => (this.takenOver.has(record.id) ? Infinity : 0);
    this.lease = ms === undefined ? undefined : { ms, handBack, renew, heldFor };
  }

  private handBack(records: DueRecord[], now: number): void {
    for (const record of records) {
      this.handedBack.push(record.id);
      const kept = this.records.get(record.id);
      if (kept && this.takenOver.has(record.id)) this.records.delete(record.id);
      else if (kept) kept.dueAt = now;
    }
  }

  constructor(count: number) {
    for (let id = 1; id <= count; id++)
      this.records.set(id, {
        id,
        kind: 'event',
        key: `e-${id}`,
        body: `{"seq":${id}}`,
        attempts: 0,
        version: 1,
        createdAt: Date.now(),
        dueAt: 0,
      });
  }

  due(now: number, limit: number, exclude: ReadonlySet<number>): DueRecord[] {
    if (this.failReads > 0 && this.failReads--) throw new Error('SQLITE_IOERR: disk I/O error');
    return [...this.records.values()].filter((r) => r.dueAt <= now && !exclude.has(r.id)).slice(0, limit);
  }
  nextDueAt(): number | undefined {
    return Math.min(...[...this.records.values()].map((r) => r.dueAt)) || undefined;
  }
  delivered(record: DueRecord): void {
    this.records.delete(record.id);
  }
  retryLater(record: DueRecord, at: number, _error: string, countAttempt: boolean): void {
    this.retried.push({ id: record.id, countAttempt });
    const kept = this.records.get(record.id);
    if (kept) kept.dueAt = at;
  }
  deadLetter(ids: number[]): void {
    for (const id of ids) {
      this.records.delete(id);
      this.dead.push(id);
    }
  }
  requeueDead(): number {
    return 0;
  }
  notePause(): void {}
}

/** The service as the worker calls it: each call held until answered, counting how many were in flight at most. */
class FakeService {
  readonly bodies: string[] = [];
  inFlight = 0;
  mostInFlight = 0;
  destroyed = false;
  private readonly waiting: (() => void)[] = [];
  /** Answers given first, in order (then 202). */
  readonly answers: UpstreamAnswer[] = [];
  /** While held, calls wait for `release`; otherwise they are answered on the next turn. */
  held = false;

  readonly client = {
    post: async (_path: string, body: string): Promise<UpstreamAnswer> => {
      this.bodies.push(body);
      this.mostInFlight = Math.max(this.mostInFlight, ++this.inFlight);
      await new Promise<void>((resolve) => (this.held ? this.waiting.push(resolve) : setImmediate(resolve)));
      this.inFlight--;
      return this.answers.shift() ?? { status: 202, body: '{}', retryAfter: undefined };
    },
    destroy: async () => {
      this.destroyed = true;
    },
  } as unknown as UpstreamClient;

  release(): void {
    this.held = false;
    this.waiting.splice(0).forEach((resolve) => resolve());
  }
}

function worker(queue: MemoryQueue, service: FakeService, concurrency: number, now?: () => number) {
  const events = new RecordEvents();
  const delivered: RecordStep[] = [];
  events.subscribe((step) => step.state === 'delivered' && delivered.push(step));
  const warnings: { msg: string; lost?: string[] }[] = [];
  const w = new DeliveryWorker({
    outbox: queue as unknown as OutboxQueue,
    client: service.client,
    logger: pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line) as { msg: string }) }),
    events,
    deliveryConcurrency: concurrency,
    ...(now ? { now } : {}),
  });
  return {
    w,
    delivered,
    warnings,
    allDelivered: (n: number) =>
      new Promise<void>((resolve) => events.subscribe(() => delivered.length >= n && resolve())),
  };
}

describe('DeliveryWorker, the outbox drained to the service (relay/delivery/delivery-worker.ts)', () => {
  it('delivers every due record once, never with more calls in flight than its limit', async () => {
    const queue = new MemoryQueue(300);
    const service = new FakeService();
    const { w, delivered, allDelivered } = worker(queue, service, 8);
    const done = allDelivered(300);
    w.start();
    await done;
    await w.stop(1_000);
    assert.equal(queue.records.size, 0);
    assert.equal(new Set(service.bodies).size, 300);
    assert.equal(service.bodies.length, 300, 'no record sent twice');
    assert.ok(service.mostInFlight <= 8, `${service.mostInFlight} calls in flight`);
    assert.equal(delivered.length, 300);
  });

  it('keeps going when the outbox cannot be read, and delivers once it can', async () => {
    const queue = new MemoryQueue(3);
    queue.failReads = 1;
    const service = new FakeService();
    const { w, allDelivered } = worker(queue, service, 4);
    const done = allDelivered(3);
    w.start();
    await done;
    await w.stop(1_000);
    assert.equal(queue.records.size, 0);
  });

  it('on stop waits for the calls in flight up to the grace, then ends the connections and leaves their records queued', async () => {
    const queue = new MemoryQueue(1);
    const service = new FakeService();
    service.held = true;
    const { w } = worker(queue, service, 4);
    w.start();
    await new Promise<void>((resolve) => {
      const look = () => (service.inFlight === 1 ? resolve() : setImmediate(look));
      look();
    });
    await w.stop(50);
    assert.equal(service.destroyed, true);
    assert.equal(queue.records.size, 1, 'nothing was acknowledged, so the record stays queued');
    service.release();
  });

  it('hands back unsent claims older than half the outbox lease, unattempted, instead of sending them after another relay may have taken them', async () => {
    const { handedBack, retried, sent } = await firstCallSlow(1_000, 600);
    assert.deepEqual(handedBack, [2], 'the record behind the slow call went back to the queue');
    assert.deepEqual(retried, [], 'no attempt counted, no error written');
    assert.equal(sent, 3, 'each record sent once');
  });

  it(
    'hands back unsent claims when a Retry-After holds delivery, which it would sleep through past the lease',
    { timeout: 5_000 },
    async () => {
      const queue = new MemoryQueue(3);
      queue.leaseOf(30_000);
      const service = new FakeService();
      service.answers.push({ status: 429, body: '', retryAfter: '60' });
      const { w } = worker(queue, service, 1);
      w.start();
      await until(() => queue.handedBack.includes(2));
      await w.stop(0);
      assert.deepEqual(queue.retried, [{ id: 1, countAttempt: true }], 'the refused call spent its attempt');
      assert.deepEqual(queue.handedBack, [2], 'the record behind it was handed back');
    },
  );

  it(
    'renews the leases of its calls while they are out, and logs a record another relay took over meanwhile',
    { timeout: 5_000 },
    async () => {
      const queue = new MemoryQueue(1);
      queue.leaseOf(30);
      const service = new FakeService();
      service.held = true;
      const { w, warnings } = worker(queue, service, 1);
      w.start();
      await until(() => service.inFlight === 1 && queue.renewals.length >= 2);
      queue.takenOver.add(1);
      await until(() => warnings.length > 0);
      service.release();
      await w.stop(1_000);
      assert.deepEqual([new Set(queue.renewals.flat()), warnings[0]?.lost], [new Set([1]), ['e-1']]);
    },
  );

  it(
    'sends no claim another relay took over before its call: it goes back unsent, for that relay',
    { timeout: 5_000 },
    async () => {
      const queue = new MemoryQueue(2);
      queue.leaseOf(60_000);
      queue.takenOver.add(2);
      const service = new FakeService();
      const { w, allDelivered } = worker(queue, service, 1);
      const done = allDelivered(1);
      w.start();
      await done;
      await until(() => queue.records.size === 0);
      await w.stop(1_000);
      assert.deepEqual([service.bodies, queue.handedBack], [['{"seq":1}'], [2]]);
    },
  );

  it('keeps its unsent claims when the outbox has no lease (one process per SQLite file)', async () => {
    const { handedBack, retried } = await firstCallSlow(undefined, 60_000);
    assert.deepEqual([handedBack, retried], [[], []]);
  });
});

/**
 * Three records at a limit of 1 (slow start claims a slice of 2: one call in flight, one record
 * waiting behind it); the first call answers `slowMs` later. What went back to the queue, and how
 * many calls were made.
 */
async function firstCallSlow(claimLeaseMs: number | undefined, slowMs: number) {
  const queue = new MemoryQueue(3);
  queue.leaseOf(claimLeaseMs);
  const service = new FakeService();
  service.held = true;
  let clock = 1_000_000;
  const { w, allDelivered } = worker(queue, service, 1, () => clock);
  const done = allDelivered(3);
  w.start();
  await until(() => service.inFlight === 1);
  clock += slowMs;
  service.release();
  await done;
  await w.stop(1_000);
  return { handedBack: queue.handedBack, retried: queue.retried, sent: service.bodies.length };
}

/** Resolves once `condition` holds, looking again each turn of the loop. */
function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (condition() ? resolve() : setImmediate(look));
    look();
  });
}
