import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { epochToShopTime, shopTimeToEpoch } from '../../../../relay/platforms/prestashop/shop-time.js';

describe("the PrestaShop shop's wall clock", () => {
  it("reads the shop's wall clock in its time zone and writes the range filter in the same shape", () => {
    const at = shopTimeToEpoch('2026-11-24 10:00:00', 'Europe/Paris');
    assert.equal(new Date(at).toISOString(), '2026-11-24T09:00:00.000Z');
    assert.equal(epochToShopTime(at, 'Europe/Paris'), '2026-11-24 10:00:00');
    assert.ok(Number.isNaN(shopTimeToEpoch('0000-00-00 00:00:00', 'Europe/Paris')));
  });
});
