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
 * The fixture with its dates moved into the current month (keeping day and time), so the
 * service's 2-year window never ages a fixture out. Days past 28 become 28.
 */
export function freshFixture(name: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const day = Math.min(now.getUTCDate(), 28);
  return fixtureText(name).replace(/\b2026-11-(\d\d)/g, (_, d: string) => `${month}-${String(Math.min(Number(d), day)).padStart(2, '0')}`);
}

/** What WooCommerce and Shopify put in their signature headers: base64 HMAC-SHA256 of the exact bytes. */
export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
