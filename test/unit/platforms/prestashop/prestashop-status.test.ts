import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { prestaShopStatus } from '../../../../relay/platforms/prestashop/prestashop-status.js';

describe('PrestaShop order states', () => {
  it('maps the order states to one vocabulary by id and flags', () => {
    assert.deepEqual(
      ['6', '7', '5', '4', '2', '1', '8'].map((id) =>
        prestaShopStatus(id, { 4: { shipped: '1', paid: '1' }, 2: { paid: '1' } }[id] ?? {}),
      ),
      ['cancelled', 'refunded', 'completed', 'completed', 'processing', 'pending', 'pending'],
    );
  });
});
