import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Platform payloads in the shapes the platforms document, `<platform>/<file>` from the connector's
 * own folder (test/connectors/<platform>/fixtures/): read as text, so a Shopify id above 2^53 keeps
 * its digits up to the relay's own parser.
 */
export function fixtureText(name: string): string {
  const [platform, ...file] = name.split('/');
  return readFileSync(new URL(`../connectors/${platform}/fixtures/${file.join('/')}`, import.meta.url), 'utf8');
}

/**
 * The fixture with its dates (captured in 2026-11) moved into the month before the current one,
 * keeping day, time and their order, so the service's 2-year window never ages a fixture out and
 * no date lands later than now: moved into the current month, a time later today was a future
 * date the service refuses. Days past 28 become 28, which every month has.
 */
export function freshFixture(name: string, now = new Date()): string {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${previous.getUTCFullYear()}-${String(previous.getUTCMonth() + 1).padStart(2, '0')}`;
  return fixtureText(name).replace(
    /\b2026-11-(\d\d)/g,
    (_, d: string) => `${month}-${String(Math.min(Number(d), 28)).padStart(2, '0')}`,
  );
}

/** What WooCommerce and Shopify put in their signature headers: base64 HMAC-SHA256 of the exact bytes. */
export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
