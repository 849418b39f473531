import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time-equal.js';

/**
 * Whether `header` is the base64 HMAC-SHA256 of the exact bytes received (what WooCommerce's
 * `X-WC-Webhook-Signature` and Shopify's `X-Shopify-Hmac-Sha256` carry). Checked before anything
 * parses the body: a body re-serialized on the way (whitespace changed) does not match.
 */
export function signatureMatches(raw: Buffer, header: string, secret: string): boolean {
  if (header === '') return false;
  const expected = createHmac('sha256', secret).update(raw).digest('base64');
  return constantTimeEqual(header.trim(), expected);
}
