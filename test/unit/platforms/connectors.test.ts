import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONNECTORS, connectorNamed } from '../../../relay/platforms/connectors.js';

describe('connectors', () => {
  it('lists every platform once, in name order', () => {
    const names = CONNECTORS.map((c) => c.name);
    assert.deepEqual(names, ['prestashop', 'shopify', 'woocommerce']);
    assert.deepEqual([...names].sort(), names);
  });

  it('finds a connector by its name', () => {
    for (const connector of CONNECTORS) assert.equal(connectorNamed(connector.name), connector);
  });
});
