import { clientAddress } from './client-address.js';
import { HttpError } from './http-error.js';

/** Wrong keys a client may present in a window before its wrong keys are answered 429 until it ends. */
const LIMIT = 10;
const WINDOW_MS = 60_000;
/** Clients remembered at most: a flood of addresses forgets the oldest first. */
const REMEMBERED = 10_000;

/**
 * Wrong keys per client address (an IPv6 /64 as one): after 10 in a minute, a wrong key from it is
 * answered 429 with `Retry-After` until the minute ends, so a script trying keys is told to stop.
 * Only a presented, wrong key counts, and the right key is always let through: an address is
 * shared (every local process is 127.0.0.1, a front end's addresses serve many clients), so
 * counting keyless requests, or refusing the right key for others' mistakes, let any neighbour
 * lock the shop's own plugin out. Keys are at least 32 random characters (`accessKey`), so the
 * count is not what keeps them from being guessed.
 */
export class KeyFailures {
  private readonly byClient = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a wrong key from `ip`'s client; throws the 429 once it is over its limit. */
  wrongKey(ip: string): void {
    const key = clientAddress(ip);
    const now = this.now();
    const entry = this.byClient.get(key);
    if (entry && now - entry.since < WINDOW_MS) {
      if (entry.count >= LIMIT) throw tooMany(entry.since + WINDOW_MS - now);
      entry.count += 1;
      return;
    }
    this.byClient.delete(key);
    this.byClient.set(key, { count: 1, since: now });
    if (this.byClient.size > REMEMBERED) this.byClient.delete(this.byClient.keys().next().value as string);
  }
}

function tooMany(leftMs: number): HttpError {
  return new HttpError(
    429,
    'too_many_failed_keys',
    `${LIMIT} wrong keys from this address within a minute: try again later`,
    undefined,
    { 'Retry-After': String(Math.ceil(leftMs / 1000)) },
  );
}
