import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { KINDS } from '../../../relay/contract/kinds.js';
import { checkCheckout, orderFor } from '../../../relay/demo/demo-order.js';
import { checkRecord } from '../../../relay/pipeline/check-record.js';

const customer = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  city: 'London',
  zip_code: 'N1',
  country: 'GB',
};

describe("the demo shop's checkout", () => {
  it('makes a valid order at the catalog prices, whatever the browser said they were', () => {
    const checked = checkCheckout({ lines: [{ product_id: 101, quantity: 2, price: 0.01 }], customer });
    assert.ok(checked.ok);
    const now = Date.UTC(2026, 10, 27, 12);
    const order = orderFor(checked.value, now);
    assert.equal(order.line_items[0]?.line_item_price !== 0.01, true);
    assert.equal(order.order_value, Math.round((order.line_items[0]?.line_item_price ?? 0) * 2 * 100) / 100);
    assert.ok(checkRecord(KINDS.order, order, now).ok, 'valid by the contract');
  });

  it('names every field a checkout gets wrong', () => {
    const checked = checkCheckout({ lines: [{ product_id: 999, quantity: 0 }], customer: { ...customer, email: ' ' } });
    assert.ok(!checked.ok);
    assert.deepEqual(
      checked.errors.map((e) => e.path),
      ['lines[0].product_id', 'lines[0].quantity', 'customer.email'],
    );
  });
});
