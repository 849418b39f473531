import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { platformClientFor, type ApiContext } from '../../../../relay/platforms/connector.js';
import { PRESTASHOP_CONNECTOR } from '../../../../relay/platforms/prestashop/prestashop-connector.js';
import { parseExactJson } from '../../../../relay/shared/exact-json.js';
import { fixtureText } from '../../../helpers/platform-fixtures.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import { LINK_RULES_READ } from '../../../connectors/prestashop/link-rules.js';

const KEY = 'SBTESTKEY0123456789ABCDEFGHIJKLM';

/** A real shop's Webservice as recorded, and the context the relay opens the connector's API with. */
async function recorded(t: TestContext, file: string, currency = 'PLN') {
  const shop = await new RecordedShop(
    new URL(`../../../connectors/prestashop/fixtures/recorded/${file}`, import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  const context: ApiContext = {
    values: { prestashopUrl: shop.url, prestashopKey: KEY },
    catalog: { currency },
    client: platformClientFor(PRESTASHOP_CONNECTOR),
  };
  return { shop, context };
}

describe('PRESTASHOP_CONNECTOR', () => {
  it("sweeps a real 1.7.8 shop's products through the Webservice its settings name, into records in the catalog's currency", async (t) => {
    const { shop, context } = await recorded(t, 'backfill.json');
    const api = PRESTASHOP_CONNECTOR.openApi(context);
    assert.equal(await api.shopCurrency?.(), 'PLN');
    const mapped = [];
    for await (const { payload } of api.changed('product', 0)) mapped.push(api.map('product', payload));
    // Recorded before the relay read the link settings: the catalog still goes, with PrestaShop's redirect links, and the sweep says why.
    assert.deepEqual(shop.unmatched, [LINK_RULES_READ]);
    const records = mapped.filter((m) => 'body' in m);
    assert.equal(records.length, 28);
    assert.ok(
      records.every(
        (r) => 'body' in r && String(r.body['link']).startsWith(`${shop.url}/index.php?controller=product&id_product=`),
      ),
    );
    const notes = api.notes?.() ?? [];
    assert.equal(notes.length, 1);
    assert.match(
      notes[0] ?? '',
      /^product links go through PrestaShop's redirect \(index\.php\?controller=product\): the shop's URL settings could not be read \(/,
    );
    assert.deepEqual(
      mapped.filter((m) => 'skip' in m).map((m) => 'skip' in m && m.skip),
      ['inactive: only active products are sent'],
    );
    assert.ok(records.every((r) => 'body' in r && r.body['currency'] === 'PLN'));
    assert.equal(PRESTASHOP_CONNECTOR.shopUrl?.(context.values), shop.url, 'products link to the shop itself');
  });

  it('maps an order payload as an order and a product payload as a product', async (t) => {
    const { context } = await recorded(t, 'backfill.json', 'EUR');
    const api = PRESTASHOP_CONNECTOR.openApi(context);
    const order = api.map('order', parseExactJson(fixtureText('prestashop/order.json')));
    const product = api.map('product', parseExactJson(fixtureText('prestashop/product.json')));
    assert.deepEqual(
      [order, product].map((m) => ('kind' in m ? [m.kind, m.errors] : m)),
      [
        ['order', []],
        ['product', []],
      ],
    );
  });

  it("stops at once, naming what to turn on, when a real shop's Webservice is off: no retry mends it", async (t) => {
    const { shop, context } = await recorded(t, 'connect-webservice-disabled.json');
    await assert.rejects(
      PRESTASHOP_CONNECTOR.connect(context, { publicUrl: undefined, secret: undefined, dryRun: false }),
      {
        name: 'PlatformApiError',
        message:
          'PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)',
      },
    );
    assert.equal(shop.served.length, 1, 'asked once, not five times');
  });
});
