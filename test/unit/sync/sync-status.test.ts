import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyStatus, syncProblem } from '../../../relay/sync/sync-status.js';

const MINUTE = 60_000;
const SINCE = Date.UTC(2026, 10, 26, 12);

describe('emptyStatus(platform, intervalMs, webhooks)', () => {
  it('starts with nothing done, and counts what the webhooks missed only where the relay takes them', () => {
    const withWebhooks = emptyStatus('woocommerce', 10 * MINUTE, true);
    assert.deepEqual(withWebhooks, {
      platform: 'woocommerce',
      intervalMs: 10 * MINUTE,
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
      missedByWebhooks: 0,
      skipped: 0,
      invalid: 0,
      webhooksRepaired: 0,
      webhookNote: null,
      notes: [],
    });
    assert.equal(emptyStatus('prestashop', 10 * MINUTE, false).missedByWebhooks, null, 'PrestaShop has no webhooks');
  });

  it('gives each sync a status of its own', () => {
    const first = emptyStatus('shopify', MINUTE, true);
    const second = emptyStatus('shopify', MINUTE, true);
    first.cursor.order = SINCE;
    first.notes.push('a note');
    assert.deepEqual([second.cursor.order, second.notes], [null, []]);
  });
});

describe('syncProblem(status, now)', () => {
  const failing = { ...emptyStatus('woocommerce', 10 * MINUTE, true), failingSince: SINCE };

  it('says nothing while sweeps succeed, nor while they have failed for three intervals or less', () => {
    assert.equal(syncProblem(emptyStatus('woocommerce', 10 * MINUTE, true), SINCE + 24 * 60 * MINUTE), undefined);
    assert.equal(syncProblem({ ...failing, lastError: 'down' }, SINCE + 30 * MINUTE), undefined);
  });

  it('names the platform, since when its sweeps fail and the last failure, once they have failed for longer', () => {
    assert.equal(
      syncProblem(
        { ...failing, lastError: 'WooCommerce answered 404 for https://shop.example/wp-json/wc/v3/orders' },
        SINCE + 30 * MINUTE + 1,
      ),
      'the woocommerce sync has failed since 2026-11-26T12:00:00.000Z: WooCommerce answered 404 for https://shop.example/wp-json/wc/v3/orders',
    );
  });
});
