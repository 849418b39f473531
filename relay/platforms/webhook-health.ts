/**
 * Whether webhook deliveries are being refused because the outbox cannot take them (`/readyz`
 * says so). For WooCommerce that is data lost: it never retries a failed delivery, and it disables
 * the webhook after more than five failures in a row (`WC_Webhook::failed_delivery()`).
 */
export class WebhookHealth {
  private readonly refused = new Map<string, { since: number; count: number }>();

  refusedDelivery(source: string, now = Date.now()): number {
    const entry = this.refused.get(source) ?? { since: now, count: 0 };
    entry.count += 1;
    this.refused.set(source, entry);
    return entry.count;
  }

  tookDelivery(source: string): void {
    this.refused.delete(source);
  }

  /** One sentence per platform whose deliveries are refused, for `/readyz`. */
  problems(): string[] {
    return [...this.refused].map(([source, { since, count }]) =>
      source === 'woocommerce'
        ? `WooCommerce webhook deliveries are being LOST: ${count} refused since ${new Date(since).toISOString()} (WooCommerce does not retry, and disables the webhook after 5 failures)`
        : `${source} webhook deliveries are refused: ${count} since ${new Date(since).toISOString()} (the platform retries)`,
    );
  }
}
