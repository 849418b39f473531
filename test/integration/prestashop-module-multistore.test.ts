// The PrestaShop module in a multistore: each shop's retry queue, retry time, relay and key its own,
// and the upgrade that gives 0.4.0's shopless queue to the default shop.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANONYMOUS,
  fakeRelay,
  KEY,
  makeRetryDue,
  request,
  settings,
  skip,
  type FakeRelay,
} from '../helpers/prestashop-module.js';

/** A shop as 0.4.0 left it: one queued event in a table with no shop column, one global retry time. */
function shopWithModule040(): string {
  const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
  const body = JSON.stringify({
    user_id: 'v1sitor-abcdefghij',
    event_name: 'Added To Cart',
    event: { product_id: 42 },
  });
  writeFileSync(
    state,
    JSON.stringify({
      config: { SHOPBEACON_RETRY_AT: '1', PS_SHOP_DEFAULT: '1' },
      tables: {
        shopbeacon_queue: [{ body, date_add: String(Math.floor(Date.now() / 1000)), id_shopbeacon_queue: 1 }],
        cart_product: [],
      },
      created: { shopbeacon_queue: ['id_shopbeacon_queue', 'body', 'date_add'] },
      next_id: 2,
    }),
  );
  return state;
}

describe('the PrestaShop module in a multistore', { skip }, () => {
  let relay: FakeRelay;
  before(async () => {
    relay = await fakeRelay();
  });
  after(() => relay.close());

  it("sends a multistore shop's queued events only to that shop's relay with its key, each shop's retry on its own time", async () => {
    const shop2Key = 'ps-shop2-key-7c1e';
    const shop2: { url: string | undefined; auth: string | undefined; body: { event: { product_id: number } }[] }[] =
      [];
    const relay2 = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        shop2.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) as never });
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":1,"rejected":0}');
      });
    });
    await new Promise<void>((done) => relay2.listen(0, '127.0.0.1', done));
    try {
      const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
      // Shop 1's relay is down; shop 2 has its own relay and key, set for shop 2 in its shop context.
      const shops = {
        shop_config: {
          2: {
            SHOPBEACON_LOCAL_URL: `http://127.0.0.1:${(relay2.address() as AddressInfo).port}`,
            SHOPBEACON_ADMIN_KEY: shop2Key,
          },
        },
      };
      const down = await request({
        state,
        shop: 1,
        config: settings('http://127.0.0.1:9'),
        ...shops,
        cookies: ANONYMOUS,
        actions: [['add', 42, 1]],
      });
      assert.deepEqual(down.queue_shops, [1]);
      makeRetryDue(state, '1', 1);
      const other = await request({ state, shop: 2, cookies: ANONYMOUS, actions: [['add', 50, 1, 51]] });
      assert.deepEqual(
        shop2.map((r) => [r.auth, r.body.map((e) => e.event.product_id)]),
        [[`Bearer ${shop2Key}`, [50]]],
        "shop 2's relay gets shop 2's event alone",
      );
      assert.deepEqual(other.queue_shops, [1], "shop 1's event still waits for shop 1's relay");
      assert.equal(other.retry_at, 0, 'shop 2 has nothing queued');
      relay.requests.length = 0;
      const back = await request({ state, shop: 1, config: settings(relay.url), cookies: ANONYMOUS, page: true });
      assert.deepEqual(
        relay.requests.map((r) => [r.headers.authorization, r.body.map((e) => e.event.product_id)]),
        [[`Bearer ${KEY}`, [42]]],
        "shop 1's next page view sends it to shop 1's relay",
      );
      assert.deepEqual(back.queue_shops, []);
      assert.equal(shop2.length, 1);
    } finally {
      relay2.close();
    }
  });

  it("gives 0.4.0's queued events and retry time to the default shop when 0.5.0 is uploaded, so another shop's relay never gets them", async () => {
    const state = shopWithModule040();
    const upgraded = await request({ state, upgrade: '0.5.0' });
    assert.equal((upgraded as unknown as { upgraded: boolean }).upgraded, true);
    assert.deepEqual(upgraded.queue_shops, [1]);
    assert.equal(upgraded.retry_at, 1, "the default shop's retry time is the one 0.4.0 kept");
    assert.ok(upgraded.hooks.includes('actiondeletegdprcustomer'));
    relay.requests.length = 0;
    const other = await request({ state, shop: 2, config: settings(relay.url), cookies: ANONYMOUS, page: true });
    assert.deepEqual(relay.requests, [], 'shop 2 has nothing due');
    assert.equal(other.retry_at, 0);
  });

  it("upgrades 0.4.0 to 0.6.0 through both scripts with the id-less instance PrestaShop 9's Module Manager hands them, and an upload made again runs them again unharmed", async () => {
    const state = shopWithModule040();
    const upgraded = await request({ state, upgrade: ['0.5.0', '0.6.0'] });
    assert.equal(upgraded.upgraded, true);
    for (const hook of [
      'registergdprconsent',
      'actionexportgdprdata',
      'actiondeletegdprcustomer',
      'actionoutputhtmlbefore',
    ])
      assert.ok(upgraded.hooks.includes(hook), `${hook} registered`);
    assert.deepEqual(upgraded.tables_created, ['shopbeacon_queue', 'shopbeacon_attribution']);
    const again = await request({ state, upgrade: ['0.5.0', '0.6.0'] });
    assert.equal(again.upgraded, true, 'the column already there and the retry time already moved are no failure');
    assert.deepEqual(again.queue_shops, [1]);
    assert.equal(again.retry_at, 1, "the default shop's retry time is still the one 0.4.0 kept");
  });
});
