import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { postJson } from '../helpers/http.js';
import { order, product, trackingEvent } from '../helpers/records.js';
import { ADMIN_KEY, SERVICE_TOKEN, relayForSuite, startRelay, until } from '../helpers/relay-harness.js';

const ADMIN = { authorization: `Bearer ${ADMIN_KEY}` };

describe('POST /v1/* mirror on the relay', () => {
  const h = relayForSuite();

  it('answers 202 {"queued":1} and delivers the order to the service as sent', async () => {
    const body = order(Date.now(), { order_id: 5001 });
    const res = await postJson(`${h.url}/v1/orders`, body, ADMIN);
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, { queued: 1 });
    await until(() => h.mock.records('orders').some((o) => (o as { order_id: number }).order_id === 5001), 'the order');
    assert.deepEqual(
      h.mock.records('orders').find((o) => (o as { order_id: number }).order_id === 5001),
      body,
    );
  });

  it('keeps a 64-bit order id exact, and answers a repeat of a delivered body as unchanged without sending it again', async () => {
    const text = JSON.stringify(order(Date.now(), { order_id: 4242 })).replace(
      '"order_id":4242',
      '"order_id":820982911946154508',
    );
    const post = () =>
      fetch(`${h.url}/v1/orders`, {
        method: 'POST',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        body: text,
      }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    assert.deepEqual(await post(), { status: 202, body: { queued: 1 } });
    await until(
      async () =>
        (await fetch(`${h.mock.url}/_mock/records?kind=orders`).then((r) => r.text())).includes(
          '"order_id":820982911946154508,',
        ),
      'the exact id at the service',
    );
    const calls = h.mock.calls().filter((c) => c.path === '/v1/orders').length;
    await until(async () => (await post()).body.unchanged === 1, 'the repeat answered as unchanged');
    assert.equal(h.mock.calls().filter((c) => c.path === '/v1/orders').length, calls);
  });

  it('takes products and tracking events the same way', async () => {
    assert.equal((await postJson(`${h.url}/v1/products/catalog`, product({ product_id: 77 }), ADMIN)).status, 202);
    assert.equal(
      (await postJson(`${h.url}/v1/track`, trackingEvent(Date.now(), { user_id: 'backend-user' }), ADMIN)).status,
      202,
    );
    await until(
      () =>
        h.mock.records('products').length >= 1 &&
        h.mock.records('events').some((e) => (e as { user_id: string }).user_id === 'backend-user'),
      'both',
    );
  });

  it("takes a tracking event's event_id as its key: the same batch posted again is a duplicate, and the service never sees the field", async () => {
    const batch = [
      trackingEvent(Date.now(), { user_id: 'plugin-user', event_id: 'wp-3f9a1c2e7b5d4e6f' }),
      trackingEvent(Date.now(), { user_id: 'plugin-user', event_id: 'wp-0a1b2c3d4e5f6a7b' }),
    ];
    const first = await postJson(`${h.url}/v1/track`, batch, ADMIN);
    const again = await postJson(`${h.url}/v1/track`, batch, ADMIN);
    assert.deepEqual([first.status, again.status], [202, 202]);
    assert.deepEqual(
      (again.body as { results: { status: string }[] }).results.map((r) => r.status),
      ['duplicate', 'duplicate'],
    );
    await until(
      () => h.mock.records('events').filter((e) => (e as { user_id: string }).user_id === 'plugin-user').length === 2,
      'the two events',
    );
    assert.ok(
      h.mock.records('events').every((e) => !('event_id' in (e as object))),
      "event_id is the relay's, not the service's",
    );
    const bad = await postJson(
      `${h.url}/v1/track`,
      trackingEvent(Date.now(), { event_id: 'no spaces allowed' }),
      ADMIN,
    );
    assert.equal(bad.status, 400);
  });

  it('takes one Order Completed per order, whichever event_id or none each repeat carries', async () => {
    const completed = (extra: Record<string, unknown>) =>
      trackingEvent(Date.now(), {
        user_id: 'order-user',
        event_name: 'Order Completed',
        event: { order_id: 8801, order_value: 12 },
        ...extra,
      });
    const first = await postJson(`${h.url}/v1/track`, completed({ event_id: 'ps-aaaaaaaaaaaaaaaa' }), ADMIN);
    const again = await postJson(
      `${h.url}/v1/track`,
      [completed({ event_id: 'wp-bbbbbbbbbbbbbbbb' }), completed({})],
      ADMIN,
    );
    assert.equal(first.status, 202);
    assert.deepEqual(
      (again.body as { results: { status: string }[] }).results.map((r) => r.status),
      ['duplicate', 'duplicate'],
    );
  });

  it('refuses a Shopbeacon-Source other than import or backfill with 400 naming the header, and stores nothing', async () => {
    const res = await postJson(`${h.url}/v1/orders`, order(Date.now(), { order_id: 4242 }), {
      ...ADMIN,
      'shopbeacon-source': 'webhook',
    });
    assert.equal(res.status, 400);
    assert.match((res.body as { message: string }).message, /^Shopbeacon-Source must be import or backfill/);
    assert.ok(h.relay.shopbeacon.feed.since().every((e) => e.key !== '4242'));
  });

  it('answers 400 with every failing field', async () => {
    const res = await postJson(`${h.url}/v1/orders`, order(Date.now(), { order_id: 'x', line_items: [{}] }), ADMIN);
    assert.equal(res.status, 400);
    assert.deepEqual(
      (res.body as { errors: { path: string }[] }).errors.map((e) => e.path),
      [
        'order_id',
        'line_items[0].line_item_product_id',
        'line_items[0].line_item_price',
        'line_items[0].line_item_quantity',
      ],
    );
  });

  it('refuses an order older than 2 years', async () => {
    const res = await postJson(
      `${h.url}/v1/orders`,
      order(Date.now(), { date_created_gmt: '2020-01-01 00:00:00' }),
      ADMIN,
    );
    assert.equal(res.status, 400);
  });

  it('answers 401 without or with a wrong admin key, and never accepts the service token', async () => {
    assert.equal((await postJson(`${h.url}/v1/orders`, order())).status, 401);
    assert.equal((await postJson(`${h.url}/v1/orders`, order(), { authorization: 'Bearer wrong' })).status, 401);
    assert.equal(
      (await postJson(`${h.url}/v1/orders`, order(), { authorization: `Bearer ${SERVICE_TOKEN}` })).status,
      401,
    );
  });

  it('takes an array of up to 500 records and lists a result per record', async () => {
    const now = Date.now();
    const res = await postJson(
      `${h.url}/v1/orders`,
      [order(now, { order_id: 6001 }), order(now, { order_id: 'bad' }), order(now, { order_id: 6002 })],
      ADMIN,
    );
    assert.equal(res.status, 202);
    const body = res.body as { queued: number; rejected: number; results: { index: number; status: string }[] };
    assert.deepEqual([body.queued, body.rejected], [2, 1]);
    assert.deepEqual(
      body.results.map((r) => r.status),
      ['queued', 'rejected', 'queued'],
    );
    assert.equal(
      (
        await postJson(
          `${h.url}/v1/orders`,
          Array.from({ length: 501 }, () => order()),
          ADMIN,
        )
      ).status,
      413,
    );
  });
});

describe('POST /v1/* mirror coalescing', () => {
  it('sends only the newest of several versions of a queued order', async () => {
    const h = await startRelay({ mock: { faults: { failRate: 1, failStatus: 503, retryAfterSeconds: 1 } } });
    try {
      const now = Date.now();
      await postJson(`${h.url}/v1/orders`, order(now, { order_id: 7001, status: 'pending' }), ADMIN);
      const second = await postJson(
        `${h.url}/v1/orders`,
        [order(now, { order_id: 7001, status: 'processing' }), order(now, { order_id: 7001, status: 'completed' })],
        ADMIN,
      );
      assert.deepEqual(
        (second.body as { results: { status: string }[] }).results.map((r) => r.status),
        ['coalesced', 'coalesced'],
      );
      h.mock.setFaults({ failRate: 0 });
      await until(
        async () =>
          h.mock.records('orders').length === 1 && (await h.relay.shopbeacon.outbox.counts()).queued.order === 0,
        'the order',
      );
      assert.equal((h.mock.records('orders')[0] as { status: string }).status, 'completed');
      assert.equal((await h.relay.shopbeacon.outbox.counts()).coalesced, 2);
    } finally {
      await h.close();
    }
  });
});

describe('POST /v1/* mirror without an admin key', () => {
  it('does not exist (404)', async () => {
    const h = await startRelay({ config: { adminKey: '' } });
    try {
      assert.equal((await postJson(`${h.url}/v1/orders`, order())).status, 404);
    } finally {
      await h.close();
    }
  });
});
