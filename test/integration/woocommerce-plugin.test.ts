import { describe, it } from 'node:test';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { pluginSettings, runPluginRequest, skip, ANONYMOUS, events } from '../helpers/woocommerce-plugin.js';

describe('the WooCommerce plugin (integrations/woocommerce)', { skip }, () => {
  const h = relayForSuite();

  it('sends nothing for a visitor without a _sb_uid yet, rather than inventing an id', async () => {
    const request = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: { _sb_sid: ANONYMOUS._sb_sid },
      actions: [['add', 42, 1]],
    });
    assert.deepEqual(request.log, []);
    assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, 0);
  });

  it("sends an add and a removal from the server with the cookies' ids, the product's fields and the datetime", async () => {
    const request = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [
        ['add', 50, 2, 51],
        ['remove', 42, 1],
      ],
    });
    assert.deepEqual(request.log, []);
    await until(() => events(h).length === 2, 'the two cart events at the service');
    const [added, removed] = events(h);
    assert.deepEqual(
      { ...added, datetime: undefined },
      {
        user_id: 'v1sitor-abcdefghij',
        session_id: 'sess-0123456789',
        event_name: 'Added To Cart',
        event: {
          product_id: 50,
          name: 'Tee',
          product_type: 'Shirts',
          price: 17,
          currency: 'EUR',
          quantity: 2,
          url: 'https://shop.example/product/tee/',
          image_url: 'https://shop.example/wp-content/uploads/2026/11/image-902.jpg',
        },
        datetime: undefined,
      },
    );
    assert.match(String(added!['datetime']), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);
    assert.ok(Math.abs(Date.parse(String(added!['datetime'])) - Date.now()) < 60_000);
    assert.equal(removed!['event_name'], 'Removed From Cart');
    assert.deepEqual(removed!['event'], {
      product_id: 42,
      name: 'Teapot',
      product_type: 'Kitchen',
      price: 24.5,
      currency: 'EUR',
      quantity: 1,
      url: 'https://shop.example/product/teapot/',
      image_url: 'https://shop.example/wp-content/uploads/2026/11/image-900.jpg',
    });
  });

  it('sends an identified visitor as their customer id, and a price with tax when the shop shows prices so', async () => {
    const before = events(h).length;
    await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY, { woocommerce_tax_display_shop: 'incl' }),
      cookies: { _sb_uid: '~42', _sb_sid: 'sess-0123456789' },
      user_id: 42,
      actions: [
        ['add', 42, 1],
        ['remove', 42, 1],
      ],
    });
    await until(() => events(h).length === before + 2, 'the identified add and removal');
    const [added, removed] = events(h).slice(-2) as Record<string, unknown>[];
    assert.equal(added!['user_id'], '42');
    assert.equal((added!['event'] as Record<string, unknown>)['price'], 29.16);
    assert.equal(removed!['event_name'], 'Removed From Cart');
    assert.equal(removed!['user_id'], '42');
  });

  it('never makes the shopper wait on a hung relay: the response ends first, and the event is handed to Action Scheduler for a retry', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const request = await runPluginRequest({
        options: pluginSettings(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, ADMIN_KEY),
        cookies: ANONYMOUS,
        actions: [['add', 42, 1]],
      });
      assert.ok(
        request.response_ended_ms !== null && request.response_ended_ms < 50,
        `the response ended ${String(request.response_ended_ms)} ms after the page was done`,
      );
      assert.equal(request.log.length, 1);
      assert.match(
        request.log[0]!.message,
        /^shopbeacon: 1 cart event\(s\) not taken by the relay at .*: .*; tried again in 60 s$/,
      );
      assert.deepEqual(
        request.actions.map((a) => [a.hook, a.group, a.in, a.args[1].attempt]),
        [['shopbeacon_send_events', 'shopbeacon', 60, 1]],
      );
      assert.equal(request.actions[0]!.args[0][0]!['event_name'], 'Added To Cart');
      assert.match(request.head, /shopbeacon\.js/);
      assert.deepEqual(
        request.transients,
        { shopbeacon_relay_down: 60 },
        'for a minute, requests hand their events to the queue instead of holding a worker',
      );
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it("while the relay is down, hands a request's events to Action Scheduler at once, holding no worker on it", async () => {
    const request = await runPluginRequest({
      options: { ...pluginSettings('http://127.0.0.1:9', ADMIN_KEY), _transient_shopbeacon_relay_down: 1 },
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
    });
    assert.deepEqual(request.log, [], 'no call, so no failure to log');
    assert.deepEqual(
      request.actions.map((a) => [a.hook, a.in, a.args[1].attempt]),
      [['shopbeacon_send_events', 0, 0]],
    );
  });

  it("sends more of a line already in the cart (the Store API's repeat add, a quantity raised or lowered) as the difference, and a classic repeat add once", async () => {
    const before = events(h).length;
    await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [
        ['set', 42, 5, 0, 3],
        ['set', 50, 1, 51, 4],
        ['add-again', 42, 2],
      ],
    });
    await until(() => events(h).length === before + 3, 'the three changes');
    assert.deepEqual(
      events(h)
        .slice(-3)
        .map((e) => [
          e['event_name'],
          (e['event'] as Record<string, unknown>)['product_id'],
          (e['event'] as Record<string, unknown>)['quantity'],
        ]),
      [
        ['Added To Cart', 42, 2],
        ['Removed From Cart', 50, 3],
        ['Added To Cart', 42, 2],
      ],
    );
  });

  it('delivers a batch Action Scheduler retries, with its first datetime', async () => {
    const before = events(h).length;
    const event = {
      user_id: 'v1sitor-abcdefghij',
      event_name: 'Added To Cart',
      event: { product_id: 42, name: 'Teapot', price: 24.5, currency: 'EUR', quantity: 1 },
      datetime: new Date(Date.now() - 120_000).toISOString().slice(0, 19) + '+00:00',
    };
    const request = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      retry: [[event], { attempt: 1, first: Math.floor(Date.now() / 1000) - 120 }],
    });
    assert.deepEqual(request.log, []);
    assert.deepEqual(request.actions, []);
    await until(() => events(h).length === before + 1, 'the retried event at the service');
    assert.equal(events(h).at(-1)!['datetime'], event.datetime);
  });

  it('stamps each event with an event_id, so a batch sent again after the relay took it is a duplicate, not counted twice', async () => {
    const event = {
      user_id: 'v1sitor-abcdefghij',
      event_name: 'Added To Cart',
      event: { product_id: 42, quantity: 1 },
      datetime: new Date().toISOString().slice(0, 19) + '+00:00',
      event_id: 'wp-5a0c4e8e-1d2f-4b3a-9c7d-0e1f2a3b4c5d',
    };
    const retry: [unknown[], { attempt: number; first: number }] = [
      [event],
      { attempt: 1, first: Math.floor(Date.now() / 1000) },
    ];
    await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY), retry });
    const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
    const again = await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY), retry });
    assert.deepEqual([again.log, again.actions], [[], []], 'taken (202), nothing left to retry');
    assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, accepted, 'the repeat was a duplicate');
    const added = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
      no_fpm: true,
    });
    assert.match(String(added.actions[0]?.args[0][0]?.['event_id']), /^wp-[0-9a-f-]{36}$/);
  });

  it('defers a queued retry while the relay is flagged down, calling nothing, so the queue runner holds no worker either, backing off as a failed try does', async () => {
    const first = Math.floor(Date.now() / 1000) - 120;
    const request = await runPluginRequest({
      options: { ...pluginSettings('http://127.0.0.1:9', ADMIN_KEY), _transient_shopbeacon_relay_down: 1 },
      retry: [
        [{ user_id: 'v1sitor-abcdefghij', event_name: 'Added To Cart', event: { product_id: 42 } }],
        { attempt: 2, first },
      ],
    });
    assert.deepEqual(request.log, []);
    assert.deepEqual(
      request.actions.map((a) => [a.hook, a.in, a.args[1]]),
      [['shopbeacon_send_events', 240, { attempt: 3, first }]],
    );
  });
});
