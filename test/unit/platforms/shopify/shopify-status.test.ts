import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopifyStatus } from '../../../../relay/platforms/shopify/shopify-status.js';

describe('shopifyStatus(order)', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ cancelled_at: '2026-11-21T13:01:19-04:00', financial_status: 'paid' }, 'cancelled'],
    [{ financial_status: 'voided' }, 'cancelled'],
    [{ financial_status: 'refunded', fulfillment_status: 'fulfilled' }, 'refunded'],
    [{ financial_status: 'paid', fulfillment_status: 'fulfilled' }, 'completed'],
    [{ financial_status: 'paid', fulfillment_status: null }, 'processing'],
    [{ financial_status: 'partially_refunded', fulfillment_status: 'partial' }, 'processing'],
    [{ financial_status: 'authorized' }, 'pending'],
    [{ financial_status: 'pending' }, 'pending'],
  ];
  for (const [order, status] of cases) {
    it(`is ${status} for ${JSON.stringify(order)}`, () => assert.equal(shopifyStatus(order), status));
  }
});
