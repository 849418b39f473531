/**
 * Whether the relay answers at a webhook delivery URL as WooCommerce reaches it: the ping
 * WooCommerce itself posts when a webhook is saved (`webhook_id=<id>`, unsigned), which the relay
 * answers `{"ok":true,"ping":true}`. Undefined when it does; else what the merchant must fix.
 * Connecting while the relay is away created six webhooks whose pings got 502, and said nothing
 *: WooCommerce then disables each after five failed deliveries in a row.
 */
export async function webhookUnreachable(deliveryUrl: string, timeoutMs = 5_000): Promise<string | undefined> {
  let answer: Response;
  try {
    answer = await fetch(deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=0',
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    return `${deliveryUrl} cannot be reached from here (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
  }
  const body = (await answer.json().catch(() => undefined)) as { ping?: unknown } | undefined;
  if (answer.status === 200 && body?.ping === true) return undefined;
  if (answer.status === 404)
    return `${deliveryUrl} answered 404: the relay takes WooCommerce's webhooks only with SHOPBEACON_WOOCOMMERCE_SECRET set (or the proxy does not pass /webhooks/)`;
  return `${deliveryUrl} answered ${answer.status}${answer.status === 502 || answer.status === 504 ? ': the proxy does not reach the relay (is it running?)' : ', not as the relay'}`;
}
