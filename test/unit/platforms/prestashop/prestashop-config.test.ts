import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRESTASHOP_API_GROUPS,
  PRESTASHOP_SETTINGS,
} from '../../../../relay/platforms/prestashop/prestashop-config.js';

type Key = (typeof PRESTASHOP_SETTINGS)[number]['key'];

/** What one of PrestaShop's rows makes of `value`: the value it keeps, or its refusal. */
function parsed(key: Key, value: string): string {
  const row = PRESTASHOP_SETTINGS.find((s) => s.key === key);
  assert.ok(row, key);
  try {
    return row.parse(value);
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

describe("PrestaShop's rows in the relay's settings", () => {
  it('takes a Webservice key of exactly 32 letters and digits, and refuses any other saying where the key is', () => {
    assert.equal(parsed('prestashopKey', 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE'), 'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE');
    assert.equal(parsed('prestashopKey', 'hd9bn1fw8qeqz9i3zks5fd1rv8s7z3ye'), 'hd9bn1fw8qeqz9i3zks5fd1rv8s7z3ye');
    const refused = 'refused: must be the 32-character Webservice key (Advanced Parameters → Webservice)';
    for (const key of [
      'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3Y',
      'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3YE1',
      'HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3-E',
      ' HD9BN1FW8QEQZ9I3ZKS5FD1RV8S7Z3Y',
      '',
    ])
      assert.equal(parsed('prestashopKey', key), refused, key);
  });

  it('takes the shop as an https:// URL, http:// only on loopback', () => {
    assert.equal(parsed('prestashopUrl', 'https://shop.example'), 'https://shop.example');
    assert.equal(parsed('prestashopUrl', 'http://127.0.0.1:8091'), 'http://127.0.0.1:8091');
    assert.equal(
      parsed('prestashopUrl', 'http://shop.example'),
      'refused: must be an https:// URL (http:// only for a loopback host such as 127.0.0.1)',
    );
  });

  it("opens the API with the URL and the key, a multistore's shop id only scoping it, and keeps the key out of the logs", () => {
    assert.deepEqual(
      PRESTASHOP_SETTINGS.filter((s) => s.api).map((s) => s.key),
      ['prestashopUrl', 'prestashopKey', 'prestashopShopId'],
    );
    assert.deepEqual(PRESTASHOP_API_GROUPS, [['prestashopUrl', 'prestashopKey']]);
    const shopId = PRESTASHOP_SETTINGS.find((s) => s.key === 'prestashopShopId');
    assert.equal(shopId?.parse('2'), '2');
    for (const wrong of ['0', '-1', 'two', '2.5', ''])
      assert.throws(() => shopId?.parse(wrong), /must be the id of one shop of the multistore/);
    assert.deepEqual(
      PRESTASHOP_SETTINGS.filter((s) => 'secret' in s && s.secret).map((s) => s.key),
      ['prestashopKey'],
    );
  });
});
