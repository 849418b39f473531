import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientAddress, clientSite } from '../http/client-address.js';
import { HttpError } from '../http/http-error.js';
import { REDIS_KEYS } from '../redis/redis-keyspace.js';
import type { RedisTurnBatch } from '../redis/turn-batch.js';

const HOUR_MS = 3_600_000;
/**
 * An IPv6 /48's budget, in /64 budgets: a site with a few subnets (an office, a household an ISP
 * gave a /56) keeps room for several, while one rotating its 65,536 /64s mints 4 budgets, not 65,536
 * (a review minted 9,584 visitors in 62 s from 16 /64s of one /48).
 */
export const SITE_BUDGETS = 4;

/** Visitors remembered as taken, at most: a flood of made-up ones forgets the oldest first. */
const REMEMBERED = 100_000;

/** What became of the new visitors browsers and plugins named, this clock hour and the last. */
export interface NewVisitorCounts {
  hour: string;
  taken: number;
  /** Visitors named beyond those a batch may bring: their events refused. */
  refusedInBatch: number;
  /** Over a client address's hourly budget: answered 429, taken later. */
  refusedForAddress: number;
}

function hourOf(now: number): string {
  return new Date(now).toISOString().slice(0, 13);
}

/**
 * New visitors (a `user_id` the relay has not vouched for) per client address (an IPv6 /64 as
 * one) and hour: over the budget a batch is answered 429 with `Retry-After`, so a real browser's
 * queue sends it later and nothing real is lost, while an attacker mints at most the budget.
 */
export class NewVisitors {
  private readonly memory: RateLimiterMemory | undefined;
  private readonly siteMemory: RateLimiterMemory | undefined;
  /**
   * The visitors taken in the last hour, by address: a shopper whose first cart actions come from
   * the shop's server, before the browser holds its voucher, is taken once, not once per action
   * (seen on a real WooCommerce 11: three adds from a listing took three). Kept by this instance.
   */
  private readonly takenAt = new Map<string, number>();
  private current: NewVisitorCounts;
  /** When the current clock hour ends (epoch ms): the hour is named anew only then, not on every call. */
  private hourEnds = 0;
  private previous: NewVisitorCounts | undefined;

  constructor(
    private readonly perHour: number,
    private readonly redis?: RedisTurnBatch,
    /** Told of each count, with the client (its /64 for IPv6; a refusal by its /48 names that). */
    private readonly onCount: (
      result: 'taken' | 'refused_in_batch' | 'refused_for_address',
      n: number,
      client?: string,
    ) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.memory =
      perHour > 0 && !redis ? new RateLimiterMemory({ points: perHour, duration: HOUR_MS / 1000 }) : undefined;
    this.siteMemory =
      perHour > 0 && !redis
        ? new RateLimiterMemory({ points: perHour * SITE_BUDGETS, duration: HOUR_MS / 1000 })
        : undefined;
    this.current = { hour: hourOf(now()), taken: 0, refusedInBatch: 0, refusedForAddress: 0 };
  }

  private counts(): NewVisitorCounts {
    const now = this.now();
    if (now < this.hourEnds) return this.current;
    this.hourEnds = (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;
    const hour = hourOf(now);
    if (hour !== this.current.hour)
      [this.previous, this.current] = [this.current, { hour, taken: 0, refusedInBatch: 0, refusedForAddress: 0 }];
    return this.current;
  }

  /** Takes visitor `userId` from `ip`'s client's budget, once an hour, or throws the 429. */
  async take(ip: string, userId: string): Promise<void> {
    const counts = this.counts();
    const client = clientAddress(ip);
    const visitor = `${client}|${userId}`;
    const since = this.takenAt.get(visitor);
    if (since !== undefined && this.now() - since < HOUR_MS) return;
    const site = clientSite(ip);
    const waitMs = await this.wait(client, this.perHour, this.memory);
    const siteWaitMs =
      waitMs < 0 && site !== undefined
        ? await this.wait(`site:${site}`, this.perHour * SITE_BUDGETS, this.siteMemory)
        : -1;
    if (waitMs >= 0 || siteWaitMs >= 0) {
      counts.refusedForAddress += 1;
      this.onCount('refused_for_address', 1, waitMs >= 0 ? client : site);
      const over =
        waitMs >= 0
          ? `${this.perHour} new visitors from this address`
          : `${this.perHour * SITE_BUDGETS} new visitors from this network (its /48)`;
      throw new HttpError(
        429,
        'too_many_new_visitors',
        `more than ${over} within an hour: sent again later, they are taken`,
        undefined,
        {
          'Retry-After': String(Math.max(1, Math.ceil(Math.max(waitMs, siteWaitMs) / 1000))),
        },
      );
    }
    counts.taken += 1;
    this.onCount('taken', 1, client);
    this.takenAt.delete(visitor);
    this.takenAt.set(visitor, this.now());
    if (this.takenAt.size > REMEMBERED) this.takenAt.delete(this.takenAt.keys().next().value as string);
  }

  /** Milliseconds until the bucket may mint another, or -1 when it may now. */
  private async wait(bucket: string, points: number, memory: RateLimiterMemory | undefined): Promise<number> {
    if (this.perHour <= 0) return -1;
    if (this.redis) return this.redis.take(`${REDIS_KEYS.rateLimit('new-visitors')}:${bucket}`, 1, points, HOUR_MS);
    try {
      await memory?.consume(bucket, 1);
      return -1;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.msBeforeNext;
      throw error;
    }
  }

  /** Counts the visitors a batch named beyond those it may bring (their events are refused). */
  refusedInBatch(visitors: number): void {
    this.counts().refusedInBatch += visitors;
    this.onCount('refused_in_batch', visitors);
  }

  /** This hour's and the last's, for `/stats`. */
  report(): { thisHour: NewVisitorCounts; lastHour: NewVisitorCounts | null; perHourPerAddress: number } {
    return {
      thisHour: { ...this.counts() },
      lastHour: this.previous ? { ...this.previous } : null,
      perHourPerAddress: this.perHour,
    };
  }
}
