import type { Platform } from '../platforms/platform.js';

/**
 * Whether webhook deliveries are being refused because the outbox cannot take them (`/readyz`
 * says so). For WooCommerce that is data lost: it never retries a failed delivery, and it disables
 * the webhook after more than five failures in a row (`WC_Webhook::failed_delivery()`).
 */
export class WebhookHealth {
  private readonly refused = new Map<Platform, { since: number; count: number }>();
  private readonly ended = new Map<Platform, { at: number; message: string }>();

  /**
   * The platform said the relay's access ended (an app uninstalled); forgotten once a delivery
   * signed by it is taken again.
   */
  accessEnded(platform: Platform, message: string, now = Date.now()): void {
    this.ended.set(platform, { at: now, message });
  }

  refusedDelivery(platform: Platform, now = Date.now()): number {
    const entry = this.refused.get(platform) ?? { since: now, count: 0 };
    entry.count += 1;
    this.refused.set(platform, entry);
    return entry.count;
  }

  tookDelivery(platform: Platform): void {
    this.refused.delete(platform);
    this.ended.delete(platform);
  }

  /** One sentence per platform whose deliveries are refused, for `/readyz`. */
  /**
   * One sentence per platform whose access ended, for `/readyz`'s `degraded`: the browser's events
   * and the other platforms still flow.
   */
  degradations(): string[] {
    return [...this.ended].map(
      ([platform, { at, message }]) => `${platform.label} (${new Date(at).toISOString()}): ${message}`,
    );
  }

  problems(): string[] {
    return [...this.refused].map(([platform, { since, count }]) =>
      platform.retriesDeliveries
        ? `${platform.source} webhook deliveries are refused: ${count} since ${new Date(since).toISOString()} (the platform retries)`
        : `${platform.label} webhook deliveries are being LOST: ${count} refused since ${new Date(since).toISOString()} (${platform.label} does not retry, and disables the webhook after 5 failures)`,
    );
  }
}
