// The WooCommerce plugin's part of the shopper's journey beyond the cart: its compatibility
// declarations, the started checkout and the placed order from both checkouts (the rules its
// events follow: woocommerce-plugin-trust.test.ts). One PHP process per shop request against
// WordPress stand-ins, a real relay and the mock service, as woocommerce-plugin.test.ts drives it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { unmetRequirement } from '../helpers/requirement.js';
import {
  ANONYMOUS,
  events,
  phpUnavailable,
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
} from '../helpers/woocommerce-plugin.js';

const skip = unmetRequirement('the WooCommerce plugin journey suite', phpUnavailable());

describe("the WooCommerce plugin's journey: checkout and order", { skip }, () => {
  const h = relayForSuite();

  it('declares itself compatible with the order tables (HPOS) and the cart and checkout blocks, tested up to WooCommerce 11.0.1', async () => {
    const request = await runPluginRequest({ options: pluginSettings(h.url, ADMIN_KEY) });
    assert.deepEqual(request.features, {
      custom_order_tables: { file: 'shopbeacon.php', compatible: true },
      cart_checkout_blocks: { file: 'shopbeacon.php', compatible: true },
    });
    assert.match(readFileSync(`${PLUGIN_DIR}/shopbeacon/shopbeacon.php`, 'utf8'), /WC tested up to: +11\.0\.1/);
    assert.match(readFileSync(`${PLUGIN_DIR}/shopbeacon/readme.txt`, 'utf8'), /WC tested up to: 11\.0\.1/);
  });

  it('sends a started checkout once per cart: the value, currency and items, the same cart again a duplicate, a changed cart a new start', async () => {
    const before = events(h).length;
    const cart: [number, number, number?][] = [
      [42, 2],
      [50, 1, 51],
    ];
    const { session } = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      page: 'checkout',
      cart,
    });
    await until(() => events(h).length === before + 1, 'the started checkout');
    const started = events(h).at(-1)!;
    assert.equal(started['event_name'], 'Checkout Started');
    assert.deepEqual([started['user_id'], started['session_id']], ['v1sitor-abcdefghij', 'sess-0123456789']);
    const fields = started['event'] as { order_value: number; currency: string; items: Record<string, unknown>[] };
    assert.deepEqual([fields.order_value, fields.currency], [66, 'EUR']);
    assert.deepEqual(
      fields.items.map((i) => [i['product_id'], i['quantity'], i['price'], i['name']]),
      [
        [42, 2, 24.5, 'Teapot'],
        [50, 1, 17, 'Tee'],
      ],
    );
    const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
    await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      page: 'checkout',
      cart,
      session,
    });
    await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      page: 'order-received',
      cart,
      session,
    });
    await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      page: 'checkout',
      cart: [[42, 3]],
      session,
    });
    await until(() => events(h).length === before + 2, "the changed cart's start");
    assert.equal(
      (await h.relay.shopbeacon.outbox.counts()).accepted,
      accepted + 1,
      'the reload was a duplicate, the order-received page no start',
    );
    assert.equal((events(h).at(-1)!['event'] as { order_value: number }).order_value, 73.5);
  });

  it('sends a second started checkout when the same shopper checks out the same cart again after an order', async () => {
    const cart: [number, number, number?][] = [[42, 1]];
    const shopper = {
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: { ...ANONYMOUS, _sb_uid: 'v1sitor-again-0001' },
      cart,
    };
    const order = {
      id: 4801,
      total: 24.5,
      currency: 'EUR',
      lines: [[42, 1, 0, 24.5]] as [number, number, number, number][],
    };
    const before = events(h).length;
    await runPluginRequest({ ...shopper, page: 'checkout' });
    const placed = await runPluginRequest({ ...shopper, order, actions: [['order-store-api', 4801]] });
    assert.equal(placed.session['shopbeacon_checkout'], null, 'the order ends the checkout');
    await runPluginRequest({ ...shopper, page: 'checkout', session: placed.session });
    await until(() => events(h).length === before + 3, 'a start, the order, and the second start');
    assert.deepEqual(
      events(h)
        .slice(before)
        .map((e) => e['event_name']),
      ['Checkout Started', 'Order Completed', 'Checkout Started'],
    );
  });

  it('sends a started checkout once when the guest logs in or registers inside the checkout, though their id, orders and total change: WooCommerce carries their session over', async () => {
    const cart: [number, number, number?][] = [[42, 2]];
    const options = pluginSettings(h.url, ADMIN_KEY);
    const before = events(h).length;
    const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
    const guest = await runPluginRequest({
      options,
      cookies: { _sb_uid: 'v1sitor-logs-in-01', _sb_sid: 'sess-logs-in-0001' },
      page: 'checkout',
      cart,
    });
    await until(() => events(h).length === before + 1, "the guest's start");
    // Logged in (classic inline login, or the block checkout's): the snippet has identified them,
    // they have orders, and their address changes the total.
    await runPluginRequest({
      options: { ...options, woocommerce_tax_display_shop: 'incl' },
      cookies: { _sb_uid: '~7', _sb_sid: 'sess-logs-in-0001' },
      user_id: 7,
      order_count: 3,
      page: 'checkout',
      cart,
      session: guest.session,
    });
    // Registered at checkout: a new customer, their page still carrying the anonymous id.
    await runPluginRequest({
      options,
      cookies: { _sb_uid: 'v1sitor-logs-in-01', _sb_sid: 'sess-logs-in-0001' },
      user_id: 8,
      page: 'checkout',
      cart,
      session: guest.session,
    });
    const placed = await runPluginRequest({
      options,
      cookies: { _sb_uid: '~7', _sb_sid: 'sess-logs-in-0001' },
      user_id: 7,
      order: { id: 4821, total: 49, currency: 'EUR', lines: [[42, 2, 0, 24.5]] },
      actions: [['order-store-api', 4821]],
      session: guest.session,
    });
    await until(() => events(h).length === before + 2, 'the order');
    assert.equal(
      (await h.relay.shopbeacon.outbox.counts()).accepted,
      accepted + 2,
      'the pages after the login and the registration were duplicates',
    );
    await runPluginRequest({
      options,
      cookies: { _sb_uid: '~7', _sb_sid: 'sess-logs-in-0001' },
      user_id: 7,
      page: 'checkout',
      cart,
      session: placed.session,
    });
    await until(() => events(h).length === before + 3, 'the same cart after the order: a new start');
    assert.deepEqual(
      events(h)
        .slice(before)
        .map((e) => [e['event_name'], e['user_id']]),
      [
        ['Checkout Started', 'v1sitor-logs-in-01'],
        ['Order Completed', '7'],
        ['Checkout Started', '7'],
      ],
    );
  });

  it('sends the placed order once with the order id the sync sends, from the classic checkout and the Store API alike', async () => {
    const before = events(h).length;
    const order = {
      id: 4711,
      total: 71.4,
      currency: 'EUR',
      lines: [
        [42, 2, 0, 24.5],
        [50, 1, 51, 10],
      ] as [number, number, number, number][],
    };
    const options = pluginSettings(h.url, ADMIN_KEY, { woocommerce_tax_display_cart: 'incl' });
    await runPluginRequest({ options, cookies: ANONYMOUS, order, actions: [['order-classic', 4711]] });
    await until(() => events(h).length === before + 1, 'the placed order');
    const placed = events(h).at(-1)!;
    assert.equal(placed['event_name'], 'Order Completed');
    const fields = placed['event'] as {
      order_id: number;
      order_value: number;
      currency: string;
      items: Record<string, unknown>[];
    };
    assert.deepEqual([fields.order_id, fields.order_value, fields.currency], [4711, 71.4, 'EUR']);
    assert.deepEqual(
      fields.items.map((i) => [i['product_id'], i['quantity'], i['price']]),
      [
        [42, 2, 29.16],
        [50, 1, 11.9],
      ],
      'each line at the unit price the cart showed',
    );
    const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
    await runPluginRequest({ options, cookies: ANONYMOUS, order, actions: [['order-store-api', 4711]] });
    assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, accepted, 'the same order again is a duplicate');
    await runPluginRequest({
      options,
      cookies: ANONYMOUS,
      order: { ...order, id: 4712 },
      actions: [['order-store-api', 4712]],
    });
    await until(() => events(h).length === before + 2, 'the Store API order');
    assert.equal((events(h).at(-1)!['event'] as { order_id: number }).order_id, 4712);
  });

  it('sends no second product view for the page WooCommerce renders again after its add-to-cart form was posted', async () => {
    const viewed = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      product_page: 42,
    });
    assert.match(viewed.head, /shopbeacon\("viewProduct"/);
    const posted = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: ANONYMOUS,
      product_page: 42,
      server: { REQUEST_METHOD: 'POST' },
      request: { 'add-to-cart': '42' },
    });
    assert.doesNotMatch(posted.head, /viewProduct/);
    assert.match(posted.head, /shopbeacon\.js/);
  });
});
