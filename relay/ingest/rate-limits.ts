import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/http-error.js';

export interface RateLimitOptions {
  /** Events per minute per client IP; 0 turns the limit off. */
  perIp: number;
  /** Events per minute per `user_id`; 0 turns the limit off. */
  perUser: number;
}

/** Token buckets per IP and per `user_id`, counted in events (a batch of 10 takes 10). */
export class RateLimits {
  private readonly ip: RateLimiterMemory | undefined;
  private readonly user: RateLimiterMemory | undefined;

  constructor(options: RateLimitOptions) {
    this.ip = options.perIp > 0 ? new RateLimiterMemory({ points: options.perIp, duration: 60 }) : undefined;
    this.user = options.perUser > 0 ? new RateLimiterMemory({ points: options.perUser, duration: 60 }) : undefined;
  }

  /** Takes a request's events from its IP's bucket, before any work is done on them. */
  takeIp(ip: string, events: number): Promise<void> {
    return this.take(async () => void (this.ip && (await this.ip.consume(ip, events))));
  }

  /** Takes each visitor's events from that visitor's bucket. */
  takeUsers(eventsByUser: Map<string, number>): Promise<void> {
    return this.take(async () => {
      if (this.user) for (const [user, n] of eventsByUser) await this.user.consume(user, n);
    });
  }

  /** Runs the consumption, turning an empty bucket into 429 with `Retry-After`. */
  private async take(consume: () => Promise<void>): Promise<void> {
    try {
      await consume();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new HttpError(429, 'rate_limited', 'too many events; slow down', undefined, { 'Retry-After': String(seconds) });
    }
  }
}
