import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { signatureMatches } from '../../../relay/webhooks/webhook-signature.js';
import { WebhookHealth } from '../../../relay/webhooks/webhook-health.js';
import type { Platform } from '../../../relay/platforms/platform.js';

const SECRET = 'wc-secret-5b1d7e';
const body = Buffer.from('{"id":1001,"status":"processing"}');
const signed = createHmac('sha256', SECRET).update(body).digest('base64');

describe('webhook signatures', () => {
  it('match the base64 HMAC-SHA256 of the exact bytes received', () => {
    assert.equal(signatureMatches(body, signed, SECRET), true);
    assert.equal(signatureMatches(body, ` ${signed}\n`, SECRET), true, 'around the header: whitespace a proxy may add');
  });

  it('fail for another secret, the same JSON with other whitespace, or no signature', () => {
    assert.equal(signatureMatches(body, signed, 'another-secret'), false);
    assert.equal(signatureMatches(Buffer.from('{"id": 1001, "status": "processing"}'), signed, SECRET), false);
    assert.equal(signatureMatches(body, '', SECRET), false);
  });
});

describe('WebhookHealth', () => {
  const woo = { label: 'WooCommerce', source: 'WooCommerce', retriesDeliveries: false } as unknown as Platform;
  const shopify = { label: 'Shopify', source: 'Shopify', retriesDeliveries: true } as unknown as Platform;

  it('says a platform that does not retry is losing deliveries, and one that retries only that they are refused', () => {
    const health = new WebhookHealth();
    health.refusedDelivery(woo, Date.UTC(2026, 10, 27));
    assert.equal(health.refusedDelivery(woo, Date.UTC(2026, 10, 27, 1)), 2);
    health.refusedDelivery(shopify, Date.UTC(2026, 10, 27));
    assert.deepEqual(health.problems(), [
      'WooCommerce webhook deliveries are being LOST: 2 refused since 2026-11-27T00:00:00.000Z (WooCommerce does not retry, and disables the webhook after 5 failures)',
      'Shopify webhook deliveries are refused: 1 since 2026-11-27T00:00:00.000Z (the platform retries)',
    ]);
  });

  it('forgets a platform once a delivery is taken again', () => {
    const health = new WebhookHealth();
    health.refusedDelivery(woo);
    health.tookDelivery(woo);
    assert.deepEqual(health.problems(), []);
  });
});
