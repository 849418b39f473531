import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import { WithdrawnProducts, withdrawnMessage } from '../../../relay/platform-state/withdrawn-products.js';

/** The platform state's three calls, in memory: products delivered, and facts by scope. */
function memoryState(sent: string[]) {
  const facts = new Map<string, Map<string, string>>();
  return {
    delivered: (_kind: string, keys: readonly string[]) => new Set(keys.filter((key) => sent.includes(key))),
    recall: (scope: string, keys?: readonly string[]) =>
      new Map([...(facts.get(scope) ?? [])].filter(([key]) => !keys || keys.includes(key))),
    remember: (scope: string, entries: ReadonlyMap<string, string>) =>
      void facts.set(scope, new Map([...(facts.get(scope) ?? []), ...entries])),
  };
}

describe('WithdrawnProducts (relay/platform-state/withdrawn-products.ts)', () => {
  it('notices a product withdrawn after it was sent once, never one that was not sent, and again once it was sold and delivered since', async () => {
    const events = new RecordEvents();
    const withdrawn = new WithdrawnProducts(memoryState(['7']), events);
    const found = [
      { productId: '7', reason: 'inactive: only active products are sent' },
      { productId: '8', reason: 'inactive: only active products are sent' },
    ];
    assert.deepEqual(
      (await withdrawn.notice('prestashop', found, 1000)).map((w) => [w.platform, w.productId, w.at]),
      [['prestashop', '7', 1000]],
    );
    assert.deepEqual(await withdrawn.notice('prestashop', found, 2000), [], 'already told');
    events.emit({ state: 'delivered', source: 'sync', kind: 'product', key: '7' });
    await new Promise(setImmediate);
    assert.deepEqual(
      (await withdrawn.notice('prestashop', found, 3000)).map((w) => w.at),
      [3000],
      'sold again, then withdrawn again',
    );
    assert.deepEqual(
      withdrawn.recent().map((w) => w.at),
      [1000, 3000],
    );
  });

  it('says in the log line what the service keeps and what the merchant can do', () => {
    const line = withdrawnMessage(
      { platform: 'woocommerce', productId: '41', reason: 'status draft: only published products are sent', at: 0 },
      'WooCommerce',
    );
    assert.equal(
      line,
      "WooCommerce product 41 was sent to the service and is no longer for sale (status draft): the service's catalog keeps it, since its API has no way to remove a product, and may recommend it; sell it again, or point its page somewhere rather than a 404",
    );
  });
});
