import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backfill, serviceEnv } from '../helpers/backfill-run.js';
import { createMockUpstream, type MockUpstream } from '../../relay/mock-upstream/index.js';
import { SERVICE_TOKEN, startRelay, until } from '../helpers/relay-harness.js';
import { PRESTASHOP_KEY, prestaOrders, prestaProducts, prestaShopStandIn } from '../connectors/prestashop/standin.js';
import { type StandIn } from '../helpers/platform-standins.js';

describe('shopbeacon backfill prestashop', () => {
  let shop: StandIn;
  let mock: MockUpstream;
  const switches = { webserviceOff: false };
  const prestaEnv = { SHOPBEACON_PRESTASHOP_KEY: PRESTASHOP_KEY };
  before(async () => {
    shop = await prestaShopStandIn(prestaOrders(40), prestaProducts(), switches).start();
    mock = await createMockUpstream({ token: SERVICE_TOKEN });
  });
  after(async () => {
    await shop.close();
    await mock.close();
  });

  it('sends every order and the active product through the Webservice, the key read from the environment only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-backfill-presta-'));
    const run = await backfill(['prestashop', '--url', shop.url], { ...serviceEnv(mock, dataDir), ...prestaEnv });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /products: read 2, delivered 1, .*skipped 1 /);
    assert.match(run.stdout, /orders: read 40, delivered 40, invalid 0, failed 0/);
    assert.equal(mock.records('orders').length, 40);
    assert.equal(`${run.stdout}${run.stderr}`.includes(PRESTASHOP_KEY), false, 'the key is never printed');
  });

  it('sends nothing the relay on the same data directory already delivered, whichever way it came', async () => {
    const h = await startRelay({
      upstream: mock,
      config: { prestashopUrl: shop.url, prestashopKey: PRESTASHOP_KEY, syncIntervalMs: '1s' },
    });
    const calls = () => mock.calls().filter((c) => c.path === '/v1/orders').length;
    try {
      await until(
        () => (h.relay.shopbeacon.syncs[0]?.status.lastSuccessAt ?? null) !== null,
        "the relay's first sweep",
      );
      await until(async () => (await h.relay.shopbeacon.outbox.counts()).queued.order === 0, 'the sweep delivered');
    } finally {
      await h.stopRelay();
    }
    const before = calls();
    const run = await backfill(['prestashop', '--url', shop.url, '--only', 'orders'], {
      ...serviceEnv(mock, h.dataDir),
      ...prestaEnv,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /orders: read 40, delivered 0, .*unchanged \(delivered before\) 40/);
    assert.equal(calls(), before, 'no order sent again');
  });

  it('stops at once with one line when the Webservice is disabled (503), instead of retrying', async () => {
    switches.webserviceOff = true;
    try {
      const run = await backfill(['prestashop', '--url', shop.url], {
        ...serviceEnv(mock, mkdtempSync(join(tmpdir(), 'sb-backfill-presta-'))),
        ...prestaEnv,
      });
      assert.equal(run.code, 1);
      assert.equal(
        run.stderr.trim(),
        'shopbeacon backfill: PrestaShop\'s Webservice is disabled: turn on "Enable PrestaShop\'s webservice" (Advanced Parameters → Webservice)',
      );
    } finally {
      switches.webserviceOff = false;
    }
  });
});
