import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { CustomerProof } from '../../../relay/collect/customer-proof.js';
import { OrderProof, takeOrderProof } from '../../../relay/collect/order-proof.js';

const SECRET = 'identity-secret-for-unit-tests-0123456789';
const proof = new OrderProof(SECRET);

describe('OrderProof', () => {
  it("takes the shop backend's hex HMAC-SHA256 of `order <id>`, in either case, for that order only", () => {
    const made = createHmac('sha256', SECRET).update('order 7010').digest('hex');
    assert.equal(proof.proofOf('7010'), made);
    assert.ok(proof.proves('7010', made) && proof.proves('7010', made.toUpperCase()));
    assert.ok(!proof.proves('7011', made), "another order's proof");
    assert.ok(!proof.proves(undefined, made), 'no order named');
    assert.ok(!proof.proves('7010', undefined) && !proof.proves('7010', made.slice(1)) && !proof.proves('7010', 7010));
    assert.ok(!new OrderProof(`${SECRET}x`).proves('7010', made), 'another secret');
  });

  it("is never a customer's proof: a logged-in customer 7010's cookie proves no order 7010", () => {
    const customers = new CustomerProof(SECRET);
    assert.notEqual(customers.proofOf('7010'), proof.proofOf('7010'));
    assert.ok(!proof.proves('7010', customers.proofOf('7010')));
  });
});

describe('takeOrderProof(event)', () => {
  it('takes the proof off the event object, so the service never gets it, and leaves any other event as it is', () => {
    assert.deepEqual(takeOrderProof({ order_id: 7, order_proof: 'ab' }), { event: { order_id: 7 }, proof: 'ab' });
    const plain = { order_id: 7 };
    assert.equal(takeOrderProof(plain).event, plain);
    assert.deepEqual(takeOrderProof('x'), { event: 'x', proof: undefined });
  });
});
