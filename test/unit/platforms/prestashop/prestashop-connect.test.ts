import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformApiError } from '../../../../relay/platforms/platform-api-error.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { connectPrestaShop, PRESTASHOP_RESOURCES } from '../../../../relay/platforms/prestashop/prestashop-connect.js';
import { PrestaShopWebservice } from '../../../../relay/platforms/prestashop/prestashop-webservice.js';
import { webserviceDisabled } from '../../../../relay/platforms/prestashop/webservice-disabled.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import {
  PRESTASHOP_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from '../../../connectors/prestashop/standin.js';

/** The client the connector gives its API: it stops on the Webservice's answers that no retry mends. */
const client = () =>
  new PlatformClient({ platform: 'PrestaShop', wait: async () => undefined, permanentFailure: webserviceDisabled });

const CART_EVENTS =
  'cart events: upload dist/shopbeacon-prestashop.zip under Modules → Module Manager → Upload a module, then Configure (docs/prestashop.md: "PrestaShop cart events")';

/** `connect prestashop` against what a real shop answered while it ran (recorded by scripts/record-shop.mjs). */
async function connectRecorded(t: TestContext, file: string) {
  const shop = await new RecordedShop(
    new URL(`../../../connectors/prestashop/fixtures/recorded/${file}`, import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: 'SBTESTKEY0123456789ABCDEFGHIJKLM' });
  return { shop, report: () => connectPrestaShop(webservice, shop.url) };
}

async function refusal(report: Promise<unknown>): Promise<PlatformApiError> {
  const error = await report.then(
    () => assert.fail('connected'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PlatformApiError, String(error));
  return error;
}

describe('connectPrestaShop(webservice, url)', () => {
  it('says the key may read every resource the sync needs, and the lines the relay needs', async (t) => {
    const shop = await prestaShopStandIn(prestaOrders(1), prestaProducts()).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    assert.deepEqual(await connectPrestaShop(webservice, shop.url), {
      steps: [
        'the key may read: orders, products, customers, addresses, countries, currencies, order_states, categories, configurations',
        CART_EVENTS,
      ],
      env: [`SHOPBEACON_PRESTASHOP_URL=${shop.url}`, 'SHOPBEACON_PRESTASHOP_KEY=… (as set)'],
      ok: true,
    });
    assert.deepEqual(
      shop.served.map((s) => new URL(s.path, shop.url).pathname),
      PRESTASHOP_RESOURCES.map((r) => `/api/${r}`),
    );
    assert.ok(
      shop.served.every((s) => s.path.includes('display=%5Bid%5D&limit=0%2C1')),
      'one id each, no record read',
    );
  });

  it("checks the key on a multistore's shop, every call scoped, and names the shop among the lines the relay needs", async (t) => {
    const shop = await prestaShopStandIn(prestaOrders(1), prestaProducts()).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY, shopId: '2' });
    const report = await connectPrestaShop(webservice, shop.url);
    assert.equal(report.ok, true);
    assert.equal(report.env.at(-1), 'SHOPBEACON_PRESTASHOP_SHOP_ID=2');
    assert.ok(shop.served.every((s) => new URL(s.path, shop.url).searchParams.get('id_shop') === '2'));
  });

  it("names the resources a real shop's partial key may not read (code 26), and where to tick them", async (t) => {
    for (const file of ['connect-partial-key.json', 'connect-ps9-partial-key.json']) {
      const { shop, report } = await connectRecorded(t, file);
      const found = await report();
      assert.deepEqual(shop.unmatched, [], file);
      assert.equal(found.ok, false, file);
      assert.deepEqual(
        found.steps,
        [
          'the key may read: orders, products, addresses, countries, currencies, order_states, categories',
          'missing: GET (View) on customers, configurations — tick them under Advanced Parameters → Webservice → the key',
          CART_EVENTS,
        ],
        file,
      );
    }
  });

  it("stops once, with PrestaShop's codes and what to check, for a key a real shop does not take at all (codes 20, 21)", async (t) => {
    const { shop, report } = await connectRecorded(t, 'connect-inactive-key.json');
    const error = await refusal(report());
    assert.equal(
      error.message,
      'PrestaShop refused the Webservice key (401, code 20 Authentification key is not active; 21 No permission for this authentication key): check SHOPBEACON_PRESTASHOP_KEY, and that the key exists and its Status is on (Advanced Parameters → Webservice)',
    );
    assert.equal(shop.served.length, 1, 'not every resource reported missing');
  });

  it("stops at the first resource when a real shop's Webservice is off (503, code 22)", async (t) => {
    const { shop, report } = await connectRecorded(t, 'connect-webservice-disabled.json');
    const error = await refusal(report());
    assert.equal(
      error.message,
      'PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)',
    );
    assert.equal(shop.served.length, 1);
  });

  it('stops on an answer that is no refusal of a permission, instead of calling the resource missing', async (t) => {
    const shop = await new StandIn((_req, url, res) =>
      url.pathname === '/api/customers'
        ? json(res, 404, { errors: [{ code: 20, message: 'Resource of type "customers" does not exists' }] })
        : json(res, 200, []),
    ).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    const error = await refusal(connectPrestaShop(webservice, shop.url));
    assert.equal(error.message, `PrestaShop answered 404 for ${shop.url}/api/customers`);
  });
});
