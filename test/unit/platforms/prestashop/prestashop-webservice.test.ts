import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { PlatformClient } from '../../../../relay/platforms/platform-client.js';
import {
  LookupCache,
  prestaShopCurrency,
  PrestaShopWebservice,
} from '../../../../relay/platforms/prestashop/prestashop-webservice.js';
import { json, StandIn } from '../../../helpers/platform-standins.js';
import { RecordedShop } from '../../../helpers/recorded-shop.js';

const KEY = 'SBTESTKEY0123456789ABCDEFGHIJKLM';
const client = () => new PlatformClient({ platform: 'PrestaShop', wait: async () => undefined });

/**
 * A real shop's Webservice as recorded (PrestaShop 1.7.8.0, or 9.0.0): the connector may ask only
 * what the real shop was asked.
 */
async function recorded(t: TestContext, file: 'backfill.json' | 'backfill-ps9.json') {
  const shop = await new RecordedShop(
    new URL(`../../../connectors/prestashop/fixtures/recorded/${file}`, import.meta.url).pathname,
  ).start();
  t.after(() => shop.close());
  return { shop, webservice: new PrestaShopWebservice(client(), { url: shop.url, key: KEY }) };
}

/** A Webservice answering every list with `rows` (PrestaShop's `[]` when none), noting what it was asked. */
async function answering(t: TestContext, rows: Record<string, unknown>[], shopId?: string) {
  const asked: { url: URL; headers: IncomingHttpHeaders }[] = [];
  const shop = await new StandIn((req, url, res) => {
    asked.push({ url, headers: req.headers });
    const resource = url.pathname.split('/').at(-1) ?? '';
    json(res, 200, rows.length === 0 ? [] : { [resource]: rows });
  }).start();
  t.after(() => shop.close());
  return { asked, webservice: new PrestaShopWebservice(client(), { url: `${shop.url}/`, key: KEY, shopId }) };
}

const pathsAsked = (shop: RecordedShop, resource: string) =>
  shop.served.filter((s) => s.path.startsWith(`/api/${resource}?`)).length;

describe('PrestaShopWebservice', () => {
  it('asks for JSON under <shop>/api/ with the key as the Basic user name and an empty password, never in the query', async (t) => {
    const { asked, webservice } = await answering(t, [{ id: 1 }]);
    assert.deepEqual(await webservice.list('orders', { display: '[id]', limit: '0,1' }), [{ id: 1 }]);
    const [request] = asked;
    assert.equal(request?.url.pathname, '/api/orders');
    assert.deepEqual(
      [...(request?.url.searchParams ?? [])],
      [
        ['output_format', 'JSON'],
        ['display', '[id]'],
        ['limit', '0,1'],
      ],
    );
    assert.equal(request?.headers.authorization, `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    assert.equal(request?.headers['output-format'], 'JSON');
  });

  it('reads one record by id with only the fields asked, and none where a real shop answers [] (a deleted customer)', async (t) => {
    const { shop, webservice } = await recorded(t, 'backfill.json');
    assert.deepEqual(await webservice.byId('customers', '2', '[id,email,firstname,lastname]'), {
      id: 2,
      lastname: 'Nowak',
      firstname: 'Anna',
      email: 'anna.nowak@example.com',
    });
    assert.equal(await webservice.byId('customers', 13, '[id,email,firstname,lastname]'), undefined);
    assert.deepEqual(shop.unmatched, []);
  });

  it('asks nothing for an id that names no record: 0, empty, or not digits', async (t) => {
    const { asked, webservice } = await answering(t, [{ id: 1 }]);
    for (const id of [0, '0', '', undefined, null, '5]', '1,2', -3])
      assert.equal(await webservice.byId('customers', id, '[id]'), undefined, String(id));
    assert.deepEqual(asked, []);
  });

  it("reads a setting's global row where a multistore has one per shop, else its only row, and none for an empty value", async (t) => {
    const rows = [
      { value: 'Europe/Paris', name: 'PS_TIMEZONE', id_shop: '2' },
      { value: 'Europe/Warsaw', name: 'PS_TIMEZONE', id_shop: '' },
    ];
    const multistore = await answering(t, rows);
    assert.equal(await multistore.webservice.configuration('PS_TIMEZONE'), 'Europe/Warsaw');
    assert.equal(multistore.asked[0]?.url.searchParams.get('filter[name]'), '[PS_TIMEZONE]');
    assert.equal(multistore.asked[0]?.url.searchParams.get('display'), '[name,value,id_shop]');
    assert.equal(await (await answering(t, [rows[0]!])).webservice.configuration('PS_TIMEZONE'), 'Europe/Paris');
    assert.equal(await (await answering(t, [{ ...rows[1], value: '' }])).webservice.configuration('X'), undefined);
    assert.equal(await (await answering(t, [])).webservice.configuration('X'), undefined);
  });

  it("scopes every call to a multistore's shop by id_shop, and reads that shop's own row of a setting before the global one", async (t) => {
    const rows = [
      { value: 'Europe/Warsaw', name: 'PS_TIMEZONE', id_shop: '' },
      { value: 'Europe/Paris', name: 'PS_TIMEZONE', id_shop: '2' },
      { value: '1', name: 'PS_REWRITING_SETTINGS', id_shop: '' },
    ];
    const shop2 = await answering(t, rows, '2');
    assert.equal(await shop2.webservice.configuration('PS_TIMEZONE'), 'Europe/Paris');
    await shop2.webservice.list('orders', { display: '[id]' });
    await shop2.webservice.byId('customers', 5, '[id]');
    assert.deepEqual(
      shop2.asked.map((a) => a.url.searchParams.get('id_shop')),
      ['2', '2', '2'],
    );
    const shop3 = await answering(t, rows, '3');
    assert.deepEqual(
      [...(await shop3.webservice.configurations(['PS_TIMEZONE', 'PS_REWRITING_SETTINGS', 'PS_ROUTE_product_rule']))],
      [
        ['PS_TIMEZONE', 'Europe/Warsaw'],
        ['PS_REWRITING_SETTINGS', '1'],
      ],
      'the global row for a shop without its own; an unset name absent',
    );
    assert.equal(
      shop3.asked[0]?.url.searchParams.get('filter[name]'),
      '[PS_TIMEZONE|PS_REWRITING_SETTINGS|PS_ROUTE_product_rule]',
    );
    const unscoped = await answering(t, rows);
    await unscoped.webservice.list('orders', { display: '[id]' });
    assert.equal(unscoped.asked[0]?.url.searchParams.has('id_shop'), false);
  });
});

describe('prestaShopCurrency(webservice)', () => {
  it('reads the ISO code of the currency PS_CURRENCY_DEFAULT names, from real 1.7.8 and 9.0 shops', async (t) => {
    const old = await recorded(t, 'backfill.json');
    assert.equal(await prestaShopCurrency(old.webservice), 'PLN');
    const nine = await recorded(t, 'backfill-ps9.json');
    assert.equal(await prestaShopCurrency(nine.webservice), 'UAH');
    assert.deepEqual([...old.shop.unmatched, ...nine.shop.unmatched], []);
  });

  it('tells no currency when the shop names none, asking for no currency row', async (t) => {
    const { asked, webservice } = await answering(t, []);
    assert.equal(await prestaShopCurrency(webservice), undefined);
    assert.deepEqual(
      asked.map((a) => a.url.pathname),
      ['/api/configurations'],
    );
  });
});

describe('LookupCache', () => {
  it('asks for each record once a sweep, for calls that wait together too, and keeps resources apart', async (t) => {
    const { shop, webservice } = await recorded(t, 'backfill.json');
    const cache = new LookupCache(webservice);
    const [a, b] = await Promise.all([
      cache.get('currencies', '1', '[id,iso_code]'),
      cache.get('currencies', 1, '[id,iso_code]'),
    ]);
    assert.deepEqual(a, { id: 1, iso_code: 'PLN' });
    assert.equal(b, a);
    assert.deepEqual(await cache.get('currencies', '1', '[id,iso_code]'), a);
    assert.equal(pathsAsked(shop, 'currencies'), 1);
    assert.deepEqual(await cache.get('order_states', '1', '[id,paid,shipped,delivery]'), {
      id: 1,
      delivery: 0,
      shipped: 0,
      paid: 0,
    });
    assert.equal(pathsAsked(shop, 'order_states'), 1);
  });
});
