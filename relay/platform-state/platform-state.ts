import type { RecordKind } from '../contract/kinds.js';
import type { Awaitable } from '../shared/awaitable.js';

/**
 * What the relay remembers of the shop platforms beside its outbox: each sweep's cursor, which
 * relay sweeps (a lease, when several share Redis), and a digest of the body last delivered for
 * each order and product, so a record that did not change is not sent (and billed) again, and the
 * few facts a sweep must not forget (`recall`).
 */
export interface PlatformState {
  /** The newest change (epoch ms) a sweep of `platform`'s `kind` has put in the outbox, if any. */
  cursor(platform: string, kind: string): Awaitable<number | undefined>;
  /** Called only once the records up to `at` are committed to the outbox. */
  moveCursor(platform: string, kind: string, at: number): Awaitable<void>;
  /** Takes or renews the right to sweep `platform` for `ttlMs`; false while another relay holds it. */
  claimLease(platform: string, owner: string, ttlMs: number): Awaitable<boolean>;
  /** Gives up the right to sweep `platform`, once the bodies noted delivered are written. */
  releaseLease(platform: string, owner: string): Awaitable<void>;
  /** For each record, whether its body is the one last delivered for its kind and key. */
  unchanged(records: readonly { kind: RecordKind; key: string; text: string }[]): Awaitable<boolean[]>;
  /**
   * Which of `keys` of `kind` had a body delivered (a product withdrawn from sale is then still in
   * the service's catalog).
   */
  delivered(kind: RecordKind, keys: readonly string[]): Awaitable<Set<string>>;
  /**
   * Notes a delivered body (written on the next loop turn: a crash forgets at most the last
   * acknowledgement batch, which only costs a resend).
   */
  rememberDelivered(kind: RecordKind, key: string, text: string): void;
  /**
   * Small facts kept by scope, each a value under a key: the digest of a body already kept as a
   * dead letter (`refused:order`), the webhooks this relay made (`webhooks:shopify`). All of the
   * scope's, or just `keys`.
   */
  recall(scope: string, keys?: readonly string[]): Awaitable<Map<string, string>>;
  remember(scope: string, entries: ReadonlyMap<string, string>): Awaitable<void>;
  close(): Awaitable<void>;
}
