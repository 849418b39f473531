import type { Platform } from '../platforms/platform.js';

/**
 * Whether webhook deliveries are being refused because the outbox cannot take them (`/readyz`
 * says so). For WooCommerce that is data lost: it never retries a failed delivery, and it disables
 * the webhook after more than five failures in a row (`WC_Webhook::failed_delivery()`).
 */
export class WebhookHealth {
  private readonly refused = new Map<Platform, { since: number; count: number }>();

  refusedDelivery(platform: Platform, now = Date.now()): number {
    const entry = this.refused.get(platform) ?? { since: now, count: 0 };
    entry.count += 1;
    this.refused.set(platform, entry);
    return entry.count;
  }

  tookDelivery(platform: Platform): void {
    this.refused.delete(platform);
  }

  /** One sentence per platform whose deliveries are refused, for `/readyz`. */
  problems(): string[] {
    return [...this.refused].map(([platform, { since, count }]) =>
      platform.retriesDeliveries
        ? `${platform.source} webhook deliveries are refused: ${count} since ${new Date(since).toISOString()} (the platform retries)`
        : `${platform.label} webhook deliveries are being LOST: ${count} refused since ${new Date(since).toISOString()} (${platform.label} does not retry, and disables the webhook after 5 failures)`,
    );
  }
}
