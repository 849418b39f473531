import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangedPayload, PlatformKind } from '../../../../relay/platforms/connector.js';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import { mapPrestaShopOrder, type PrestaShopOrder } from '../../../../relay/platforms/prestashop/prestashop-order.js';
import { prestaShopChanged } from '../../../../relay/platforms/prestashop/prestashop-pages.js';
import type { PrestaShopProduct } from '../../../../relay/platforms/prestashop/prestashop-product.js';
import { PrestaShopWebservice } from '../../../../relay/platforms/prestashop/prestashop-webservice.js';
import { shopTimeToEpoch } from '../../../../relay/platforms/prestashop/shop-time.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { LINK_RULES_READ } from '../../../connectors/prestashop/link-rules.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';
import {
  parisTime,
  PRESTASHOP_KEY,
  prestaOrders,
  prestaProducts,
  prestaShopStandIn,
} from '../../../connectors/prestashop/standin.js';

const SHOP_URL = 'https://shop.example';
const client = () => new PlatformClient({ platform: 'PrestaShop', wait: async () => undefined });

async function all(items: AsyncIterable<ChangedPayload>): Promise<ChangedPayload[]> {
  const found: ChangedPayload[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/**
 * What a real shop's Webservice answered while `backfill` ran (PrestaShop 1.7.8.0 or 9.0.0, both
 * Europe/Warsaw), replayed: a request the real shop was never asked is listed in `unmatched`.
 */
async function recorded(t: TestContext, file: 'backfill.json' | 'backfill-ps9.json') {
  const shop = await new RecordedShop(
    new URL(`../../../connectors/prestashop/fixtures/recorded/${file}`, import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: 'SBTESTKEY0123456789ABCDEFGHIJKLM' });
  const changed = (kind: PlatformKind, since: number) => all(prestaShopChanged(webservice, SHOP_URL, kind, since));
  return { shop, changed };
}

const products = (found: ChangedPayload[]) => found.map((f) => f.payload as PrestaShopProduct);
const orders = (found: ChangedPayload[]) => found.map((f) => f.payload as PrestaShopOrder);
/** The query of each list of `resource` asked for. */
const listsAsked = (shop: StandIn, resource: string) =>
  shop.served
    .filter((s) => s.path.startsWith(`/api/${resource}?`) && s.path.includes('display=full'))
    .map((s) => new URL(s.path, 'http://shop').searchParams);

describe('prestaShopChanged(webservice, shopUrl, kind, since)', () => {
  it("reads a real 1.7.8 shop's products at the price shoppers see, asking again for the first combination where none is default", async (t) => {
    const { shop, changed } = await recorded(t, 'backfill.json');
    const items = await changed('product', 0);
    const found = products(items);
    assert.deepEqual(
      shop.unmatched,
      [LINK_RULES_READ],
      'only what the real shop was asked, and the link settings read since',
    );
    assert.equal(found.length, 29);
    const byId = new Map(found.map((p) => [Number(p.product['id']), p]));
    assert.equal(byId.get(36)?.product['shopper_price'], '35.100000', 'asked for combination 115: on sale, with tax');
    assert.equal(byId.get(49)?.product['shopper_price'], '149.000000');
    assert.equal(
      byId.get(62)?.product['shopper_price'],
      '39.000000',
      'no combinations: its own price, not asked again',
    );
    assert.deepEqual(byId.get(34)?.categoryNames, ['Studia', 'Analiza'], 'without the root, "Strona główna"');
    assert.deepEqual(
      [byId.get(34)?.languageId, byId.get(34)?.shopUrl],
      ['2', SHOP_URL],
      "in the shop's PS_LANG_DEFAULT",
    );
    assert.equal(items[0]?.changedAt, Date.UTC(2021, 10, 24, 13, 39, 3), '14:39:03 in Warsaw');
    const [asked] = listsAsked(shop, 'products');
    assert.equal(asked?.get('date'), '1', 'the range filter works only with date=1');
    assert.match(String(asked?.get('filter[date_upd]')), /^\[1970-01-01 01:00:00,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]$/);
    assert.equal(asked?.get('sort'), '[date_upd_ASC,id_ASC]');
    assert.equal(asked?.get('price[shopper_price][use_tax]'), '1');
  });

  it("reads a real 9.0 shop's multilingual category names in its default language, flags written as strings", async (t) => {
    const { shop, changed } = await recorded(t, 'backfill-ps9.json');
    const found = products(await changed('product', 0));
    assert.deepEqual(shop.unmatched, []);
    const first = found.find((p) => Number(p.product['id']) === 1);
    assert.deepEqual(first?.categoryNames, ['Clothes', 'Men'], 'not "Home", the root');
    assert.equal(first?.product['shopper_price'], '22.940000');
    assert.equal(
      first?.link,
      `${SHOP_URL}/1-hummingbird-printed-t-shirt.html`,
      "PrestaShop 9's default route, friendly URLs on",
    );
  });

  it("reads a real shop's orders with the currency, customer, invoice address, country and state each names, asking for each once", async (t) => {
    const { shop, changed } = await recorded(t, 'backfill.json');
    const found = await changed('order', Date.UTC(2024, 10, 27));
    // Recorded before the sweep read order histories: the replay answers them not found, and the orders go on.
    assert.deepEqual(
      shop.unmatched.map((u) => u.split('?')[0]),
      ['GET /api/order_histories'],
    );
    const [first] = orders(found);
    assert.deepEqual(
      { ...first, order: first?.order['id'] },
      {
        order: 2,
        timeZone: 'Europe/Warsaw',
        currency: { id: 1, iso_code: 'PLN' },
        customer: { id: 2, lastname: 'Nowak', firstname: 'Anna', email: 'anna.nowak@example.com' },
        address: {
          id: 5,
          id_country: 21,
          lastname: 'DOE',
          firstname: 'John',
          postcode: '33133',
          city: 'Miami',
          phone: '0102030405',
          phone_mobile: '',
        },
        country: { id: 21, iso_code: 'US' },
        state: { id: 1, delivery: 0, shipped: 0, paid: 0 },
        firstState: 'unreadable',
      },
    );
    assert.equal(found[0]?.changedAt, shopTimeToEpoch('2026-11-20 12:00:00', 'Europe/Warsaw'));
    assert.equal(found.length, 12);
    const deleted = orders(found).find((o) => Number(o.order['id']) === 13);
    assert.equal(deleted && 'customer' in deleted, false, 'a deleted customer answers []: none, not an empty one');
    const asked = (resource: string) => shop.served.filter((s) => s.path.startsWith(`/api/${resource}?`)).length;
    assert.deepEqual(
      [asked('currencies'), asked('customers'), asked('countries')],
      [1, 10, 2],
      'one currency for 12 orders, 10 customers, 2 countries',
    );
  });

  it("reads every order once, oldest change first, across full pages, asking from the cursor in the shop's wall clock", async (t) => {
    const shop = await prestaShopStandIn(prestaOrders(130), prestaProducts()).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    const since = Date.now() - 200 * 3600_000;
    const found = await all(prestaShopChanged(webservice, shop.url, 'order', since));
    assert.deepEqual(
      found.map((f) => Number((f.payload as PrestaShopOrder).order['id'])),
      Array.from({ length: 130 }, (_, i) => i + 1),
    );
    const ranges = listsAsked(shop, 'orders').map((p) => String(p.get('filter[date_upd]')).slice(1, 20));
    assert.equal(ranges.length, 2);
    assert.equal(ranges[0], parisTime(since));
    assert.equal(
      ranges[1],
      String((found[99]?.payload as PrestaShopOrder).order['date_upd']),
      'the next list begins at the newest change of the full page',
    );
  });

  it("reads each order's first state with one call per page, so an order an employee placed is known as the back office's", async (t) => {
    const shop = await prestaShopStandIn(prestaOrders(3), prestaProducts(), { backOffice: [2] }).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    const found = orders(await all(prestaShopChanged(webservice, shop.url, 'order', Date.now() - 10 * 3600_000)));
    assert.deepEqual(
      found.map((o) => mapPrestaShopOrder(o)).map((m) => ('kind' in m ? m.channel : undefined)),
      [
        { madeBy: 'storefront', said: 'first state set by no employee' },
        { madeBy: 'back office', said: 'first state set by employee 1' },
        { madeBy: 'storefront', said: 'first state set by no employee' },
      ],
      'the first state counts, not the later one employee 1 set on every order',
    );
    const asked = shop.served.filter((s) => s.path.startsWith('/api/order_histories?'));
    assert.equal(asked.length, 1);
    assert.equal(new URL(asked[0]?.path ?? '', 'http://shop').searchParams.get('filter[id_order]'), '[1|2|3]');
  });

  it('takes the orders of a key that may not read order histories for no storefront orders, saying why, and sweeps on', async (t) => {
    const shop = await new StandIn((_req, url, res) => {
      const resource = url.pathname.split('/').at(-1) ?? '';
      // A real PrestaShop 9.0.0's answer to a key without GET on order_histories.
      if (resource === 'order_histories')
        return json(res, 401, {
          errors: [
            { code: 26, message: 'Resource of type "order_histories" is not allowed with this authentication key' },
          ],
        });
      json(res, 200, resource === 'orders' ? { orders: prestaOrders(1) } : []);
    }).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    const [read] = orders(await all(prestaShopChanged(webservice, shop.url, 'order', Date.now() - 10 * 3600_000)));
    const mapped = read ? mapPrestaShopOrder(read) : undefined;
    assert.deepEqual(mapped && 'kind' in mapped ? mapped.channel : undefined, {
      madeBy: 'other',
      said: 'order history unreadable: the Webservice key lacks GET on order_histories',
    });
  });

  it('reads the shop in UTC and its first language when it names neither, and takes the delivery address when the invoice one is gone', async (t) => {
    const order = {
      id: 7,
      id_currency: '1',
      id_customer: '0',
      id_address_invoice: '41',
      id_address_delivery: '42',
      current_state: '2',
      date_upd: '2026-11-24 10:00:00',
    };
    const invoiced = { ...order, id: 8, id_address_invoice: '43', date_upd: '2026-11-24 10:00:01' };
    const product = { id: 3, shopper_price: '0.000000', id_default_combination: '0', date_upd: '2026-11-24 10:00:00' };
    const shop = await new StandIn((_req, url, res) => {
      const resource = url.pathname.split('/').at(-1) ?? '';
      const id = url.searchParams.get('filter[id]');
      const rows: Record<string, unknown[]> = {
        orders: [order, invoiced],
        products: [product],
        addresses: [
          { id: 42, id_country: '8', city: 'Lyon' },
          { id: 43, id_country: '8', city: 'Paris' },
        ].filter((a) => `[${a.id}]` === id),
        countries: [{ id: 8, iso_code: 'FR' }],
        currencies: [{ id: 1, iso_code: 'EUR' }],
        order_states: [{ id: 2, paid: '1', shipped: '0', delivery: '0' }],
      };
      json(res, 200, rows[resource]?.length ? { [resource]: rows[resource] } : []);
    }).start();
    t.after(() => shop.close());
    const webservice = new PrestaShopWebservice(client(), { url: shop.url, key: PRESTASHOP_KEY });
    const since = Date.UTC(2026, 10, 24, 9, 30);
    const [read, withInvoice] = orders(await all(prestaShopChanged(webservice, shop.url, 'order', since)));
    assert.equal(read?.timeZone, 'UTC');
    assert.equal(read?.address?.['city'], 'Lyon');
    assert.equal(withInvoice?.address?.['city'], 'Paris', 'the invoice address first, when there is one');
    assert.deepEqual(read?.country, { id: 8, iso_code: 'FR' });
    assert.equal(read && 'customer' in read, false, 'customer 0 is none, and is not asked for');
    assert.ok(!shop.served.some((s) => s.path.startsWith('/api/customers')));
    assert.equal(String(listsAsked(shop, 'orders')[0]?.get('filter[date_upd]')).slice(1, 20), '2026-11-24 09:30:00');
    const [item] = await all(prestaShopChanged(webservice, shop.url, 'product', since));
    assert.equal(item?.changedAt, Date.UTC(2026, 10, 24, 10));
    assert.equal((item?.payload as PrestaShopProduct).languageId, '1');
    assert.equal(
      (item?.payload as PrestaShopProduct).product['shopper_price'],
      '0.000000',
      'no combination to ask again for: its price stays for the mapping to refuse',
    );
    assert.equal(shop.served.filter((s) => s.path.startsWith('/api/products')).length, 1);
  });
});
