import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { prestaShopScope } from '../../../../relay/platforms/prestashop/prestashop-stores.js';
import { PrestaShopWebservice } from '../../../../relay/platforms/prestashop/prestashop-webservice.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import {
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
  PRESTASHOP_KEY,
} from '../../../connectors/prestashop/standin.js';

const KEY = 'SBTESTKEY0123456789ABCDEFGHIJKLM';
const client = () => new PlatformClient({ platform: 'PrestaShop', wait: async () => undefined });

/**
 * A real PrestaShop 9.0.0 multistore (shops 1 "TEST 9" and 2 "Second shop" on one domain, shop 2
 * under /shop2/), its answers recorded on 2026-12-07 by scripts/record-shop.mjs: multistore on,
 * and a key that may not read `shops`.
 */
async function multistore(t: TestContext, shopId?: string) {
  const shop = await new RecordedShop(
    new URL('../../../connectors/prestashop/fixtures/recorded/multistore-ps9.json', import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  return { shop, webservice: new PrestaShopWebservice(client(), { url: shop.url, key: KEY, shopId }) };
}

describe('prestaShopScope(webservice, url)', () => {
  it("warns that a real multistore's relay scoped to no shop reads only the shop its URL leads to", async (t) => {
    const { shop, webservice } = await multistore(t);
    const scope = await prestaShopScope(webservice, shop.url);
    assert.equal(scope?.warning, true);
    assert.match(
      scope?.detail ?? '',
      /^multistore with several shops, and no shop set: this relay reads only the shop .* leads to, .*set SHOPBEACON_PRESTASHOP_SHOP_ID and run one relay per shop/,
    );
    assert.deepEqual(shop.unmatched, []);
  });

  it('says which shop a scoped relay reads, every call carrying its id', async (t) => {
    const { shop, webservice } = await multistore(t, '2');
    assert.deepEqual(await prestaShopScope(webservice, shop.url), {
      warning: false,
      detail:
        'multistore with several shops: this relay reads shop 2 alone (SHOPBEACON_PRESTASHOP_SHOP_ID); each other shop needs its own relay (docs/prestashop.md, "Multistore")',
    });
    assert.deepEqual(shop.unmatched, []);
    assert.ok(shop.served.every((s) => new URL(s.path, shop.url).searchParams.get('id_shop') === '2'));
  });

  it('says nothing of a shop without multistore', async (t) => {
    const shop = await prestaShopStandIn(prestaOrders(1), prestaProducts()).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    assert.equal(await prestaShopScope(webservice, shop.url), undefined);
  });
});
