import { clientAddress } from './client-address.js';
import { HttpError } from './http-error.js';

/** Failed attempts a client may make in a window before every attempt is refused until it ends. */
const LIMIT = 10;
const WINDOW_MS = 60_000;
/** Clients remembered at most: a flood of addresses forgets the oldest first. */
const REMEMBERED = 10_000;

/**
 * Failed key attempts per client address (an IPv6 /64 as one): after 10 in a minute, every key it
 * presents is answered 429 with `Retry-After` until the minute ends, right or wrong, so keys cannot
 * be tried at the speed of the network (200 wrong keys in a row, all answered at once).
 */
export class KeyFailures {
  private readonly byClient = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws the 429 while `ip`'s client is over its limit. */
  check(ip: string): void {
    const entry = this.byClient.get(clientAddress(ip));
    if (!entry || entry.count < LIMIT) return;
    const left = entry.since + WINDOW_MS - this.now();
    if (left <= 0) return void this.byClient.delete(clientAddress(ip));
    throw new HttpError(
      429,
      'too_many_failed_keys',
      `${LIMIT} wrong keys from this address within a minute: try again later`,
      undefined,
      {
        'Retry-After': String(Math.ceil(left / 1000)),
      },
    );
  }

  /** Counts a wrong key from `ip`'s client. */
  failed(ip: string): void {
    const key = clientAddress(ip);
    const now = this.now();
    const entry = this.byClient.get(key);
    if (entry && now - entry.since < WINDOW_MS) entry.count += 1;
    else {
      this.byClient.delete(key);
      this.byClient.set(key, { count: 1, since: now });
      if (this.byClient.size > REMEMBERED) this.byClient.delete(this.byClient.keys().next().value as string);
    }
  }
}
