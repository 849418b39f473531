import type { SharedRedis } from '../redis/redis-connection.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import type { DueRecord } from './outbox.js';
import { RENEW, SETTLE } from './redis-outbox-scripts.js';
import { dueRecord, type StoredRecord } from './redis-stored-record.js';

const K = REDIS_KEYS.outbox;

/**
 * A claimed record: its stream entry, and since when (this process's monotonic clock, read before
 * the command that claimed or renewed it, so never later than Redis started its idle time) the
 * lease has run; `lost` once Redis said another relay may have it.
 */
export interface Claim {
  entry: string;
  stored: StoredRecord;
  leaseFrom: number;
  lost?: boolean;
}

/** What `RENEW` found of each claim: still this relay's, claimed by another, or settled. */
type Renewal = 'held' | 'taken' | 'gone';
/** The connection with the settle script defined on it (`defineCommand`: EVALSHA). */
type SettlingRedis = SharedRedis & { shopbeaconSettle(numKeys: number, ...args: string[]): Promise<number> };

/**
 * What one relay holds of the Streams outbox, by the worker's numeric handles, and for how long
 * each claim's lease has run. A claim is this relay's while its lease runs: from the claim or the
 * last renewal, until `leaseMs` later another relay's XAUTOCLAIM may take it. Renewing checks the
 * claim is still this relay's; settling one leaves all but a delivery to whoever holds it now.
 */
export class RedisClaims {
  private readonly claims = new Map<number, Claim>();
  private nextHandle = 1;

  constructor(
    private readonly redis: SharedRedis,
    private readonly consumer: string,
    private readonly leaseMs: number,
  ) {
    this.redis.defineCommand('shopbeaconSettle', { lua: SETTLE });
  }

  /** A claim taken now, under a new handle, as the worker gets it. */
  add(entry: string, stored: StoredRecord, leaseFrom: number): DueRecord {
    const id = this.nextHandle++;
    this.claims.set(id, { entry, stored, leaseFrom });
    return dueRecord(id, stored);
  }

  get(id: number): Claim | undefined {
    return this.claims.get(id);
  }

  delete(id: number): void {
    this.claims.delete(id);
  }

  clear(): void {
    this.claims.clear();
  }

  /** Each claimed entry's handle. */
  handles(): Map<string, number> {
    return new Map([...this.claims].map(([id, claim]) => [claim.entry, id]));
  }

  /**
   * Renews, in one round trip, the leases of claims; returns those this relay no longer holds (once
   * each): claimed by another relay after the lease ran out, or settled since by one, so the record
   * may reach the service twice. A claim gone within its lease was lost with a primary, not taken:
   * it stays this relay's to settle (a failed call queues it again).
   */
  async renew(records: DueRecord[]): Promise<DueRecord[]> {
    const held = records.flatMap((record) => {
      const claim = this.claims.get(record.id);
      return claim && !claim.lost ? [{ record, claim }] : [];
    });
    if (held.length === 0) return [];
    const from = performance.now();
    const entries = held.map(({ claim }) => claim.entry);
    const states = (await this.redis.eval(RENEW, 1, K.stream, K.group, this.consumer, ...entries)) as Renewal[];
    // A claim a renewal running beside this one found lost already is not told twice.
    const lost = held.filter(({ claim }, i) => {
      if (states[i] === 'held') claim.leaseFrom = from;
      else if (!claim.lost && (states[i] === 'taken' || this.lapsed(claim))) return (claim.lost = true);
      return false;
    });
    return lost.map(({ record }) => record);
  }

  /**
   * Acknowledges the entry, keeps its delayed or dead copy, and updates the counters: one script
   * (`SETTLE`), which leaves all but a delivery to the relay holding the entry.
   */
  async settle(
    claim: Claim,
    why: 'delivered' | 'coalesced-away' | 'dead' | 'delayed',
    copy?: StoredRecord,
    dueAt = 0,
  ): Promise<void> {
    const keys = [K.stream, K.counters, K.delayed, K.dead, K.deadSeq];
    await (this.redis as SettlingRedis).shopbeaconSettle(
      keys.length,
      ...keys,
      K.group,
      claim.entry,
      claim.stored.kind,
      String(claim.stored.bytes),
      why,
      copy ? JSON.stringify(copy) : '',
      String(dueAt),
      this.consumer,
      this.lapsed(claim) ? '1' : '0',
    );
  }

  /** Since when its lease has run (Infinity once another relay may hold it, or it is settled). */
  heldFor(claim: Claim | undefined): number {
    return claim === undefined || claim.lost === true ? Infinity : performance.now() - claim.leaseFrom;
  }

  /** Whether another relay may have claimed it: a lease's length has passed, by this process's clock. */
  lapsed(claim: Claim): boolean {
    return this.heldFor(claim) >= this.leaseMs;
  }
}
