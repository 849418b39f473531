import type { PlatformKind } from '../platforms/connector.js';

/** What one platform's sync has done, for `/stats` (`sync.<platform>`), `/readyz` and the debugger. */
export interface SyncStatus {
  platform: string;
  intervalMs: number;
  lastStartedAt: number | null;
  lastEndedAt: number | null;
  lastSuccessAt: number | null;
  /** The last sweep's failure, until a sweep succeeds. */
  lastError: string | null;
  /** Since when sweeps fail (null while they succeed). */
  failingSince: number | null;
  /** Another relay holds the lease and sweeps (several relays on one Redis). */
  leaseHeldElsewhere: boolean;
  /** The newest change put in the outbox, per kind (epoch ms). */
  cursor: Record<PlatformKind, number | null>;
  /** Counts since the relay started. */
  found: number;
  /** Queued or coalesced with a queued record: sent to the service. */
  sent: number;
  /** Delivered before with the same body: not sent again. */
  unchanged: number;
  /**
   * Sent by a sweep after the first: no webhook had brought that body. Null where this relay takes
   * no webhooks of the platform (PrestaShop has none).
   */
  missedByWebhooks: number | null;
  /** Drafts, variations, orders older than two years: not for the service. */
  skipped: number;
  /** Kept as dead letters: the payload maps to no valid record. */
  invalid: number;
  /** Webhooks this relay set active again after the platform disabled them. */
  webhooksRepaired: number;
  /** Why webhooks are not checked (a read-only key), or the last check's failure; null when fine. */
  webhookNote: string | null;
  /**
   * What the platform's API said in the last sweep that needs the merchant (fields withheld, an API
   * version not served).
   */
  notes: string[];
}

export function emptyStatus(platform: string, intervalMs: number, webhooks: boolean): SyncStatus {
  return {
    platform,
    intervalMs,
    lastStartedAt: null,
    lastEndedAt: null,
    lastSuccessAt: null,
    lastError: null,
    failingSince: null,
    leaseHeldElsewhere: false,
    cursor: { order: null, product: null },
    found: 0,
    sent: 0,
    unchanged: 0,
    missedByWebhooks: webhooks ? 0 : null,
    skipped: 0,
    invalid: 0,
    webhooksRepaired: 0,
    webhookNote: null,
    notes: [],
  };
}

/** A sentence for `/readyz` when sweeps have failed for longer than three intervals. */
export function syncProblem(status: SyncStatus, now: number): string | undefined {
  if (status.failingSince === null || now - status.failingSince <= 3 * status.intervalMs) return undefined;
  return `the ${status.platform} sync has failed since ${new Date(status.failingSince).toISOString()}: ${status.lastError ?? ''}`.trim();
}
