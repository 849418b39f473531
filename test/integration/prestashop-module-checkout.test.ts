// The PrestaShop module (integrations/prestashop/shopbeacon) in PrestaShop stand-ins, one PHP
// process per shop request, as woocommerce-plugin.test.ts drives the plugin: its files, install,
// the storefront head and the cart events. The relay client's failures: prestashop-module-relay.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANONYMOUS,
  events,
  fakeRelay,
  MODULE,
  request,
  settings,
  skip,
  TEAPOT,
  TEE_LARGE,
  type FakeRelay,
  type TrackEvent,
} from '../helpers/prestashop-module.js';

describe(
  'the PrestaShop module (integrations/prestashop/shopbeacon): versions, checkout, order, quick view',
  { skip },
  () => {
    let relay: FakeRelay;
    before(async () => {
      relay = await fakeRelay();
    });
    after(() => relay.close());

    it('is allowed on PrestaShop 1.7.8 to 9.x, has an upgrade script for its version, and registers the new hook when 0.1.0 is upgraded', () => {
      const main = readFileSync(join(MODULE, 'shopbeacon.php'), 'utf8');
      assert.match(main, /ps_versions_compliancy = \['min' => '1\.7\.8\.0', 'max' => '9\.99\.99'\]/);
      const version = /\$this->version = '([\d.]+)'/.exec(main)?.[1] ?? '';
      const upgrade = join(MODULE, `upgrade/upgrade-${version}.php`);
      assert.ok(existsSync(upgrade), `an upgrade script for ${version}`);
      assert.match(
        readFileSync(upgrade, 'utf8'),
        new RegExp(`function upgrade_module_${version.replaceAll('.', '_')}\\(\\$module\\)`),
      );
      assert.match(
        readFileSync(join(MODULE, 'upgrade/upgrade-0.2.0.php'), 'utf8'),
        /function upgrade_module_0_2_0\(\$module\)\n\{\n {4}return \$module->registerHooksOnUpgrade\(\);/,
      );
    });

    it('sends a started checkout once per cart from the checkout page: value, currency and items; a reload is the same event_id', async () => {
      relay.requests.length = 0;
      const checkout = {
        config: settings(relay.url),
        cookies: ANONYMOUS,
        page: 'order',
        cart: [
          [42, 2],
          [50, 1, 51],
        ],
      };
      await request(checkout);
      await request(checkout);
      await request({ ...checkout, cart: [[42, 3]] });
      const [first, reload, changed] = events(relay) as (TrackEvent & {
        event: { order_value: number; currency: string; items: Record<string, unknown>[] };
      })[];
      assert.equal(first?.event_name, 'Checkout Started');
      assert.deepEqual([first?.user_id, first?.session_id], ['v1sitor-abcdefghij', 'sess-0123456789']);
      assert.deepEqual([first?.event.order_value, first?.event.currency], [79.2, 'EUR']);
      assert.deepEqual(first?.event.items, [
        { ...TEAPOT, quantity: 2 },
        { ...TEE_LARGE, quantity: 1 },
      ]);
      assert.equal(reload?.event_id, first?.event_id, 'the relay drops the reload as a duplicate');
      assert.notEqual(changed?.event_id, first?.event_id);
      assert.match(String(first?.event_id), /^ps-[0-9a-f]{40}$/);
      relay.requests.length = 0;
      await request({ ...checkout, page: true });
      assert.deepEqual(relay.requests, [], 'no start on other pages');
    });

    it('sends the placed order at actionValidateOrder with the order id the sync sends, each line at its price with tax', async () => {
      relay.requests.length = 0;
      const orders = [
        {
          id: 31,
          total: 74.2,
          lines: [
            [42, 2, 0, 29.4],
            [50, 1, 51, 15.4],
          ],
        },
      ];
      await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        cart: [
          [42, 2],
          [50, 1, 51],
        ],
        orders,
        actions: [['validate', 0]],
      });
      const [placed] = events(relay) as (TrackEvent & {
        event: { order_id: number; order_value: number; currency: string; items: Record<string, unknown>[] };
      })[];
      assert.equal(placed?.event_name, 'Order Completed');
      assert.deepEqual([placed?.event.order_id, placed?.event.order_value, placed?.event.currency], [31, 74.2, 'EUR']);
      assert.deepEqual(
        placed?.event.items.map((i) => [i['product_id'], i['quantity'], i['price']]),
        [
          [42, 2, 29.4],
          [50, 1, 15.4],
        ],
      );
      await request({ config: settings(relay.url), cookies: ANONYMOUS, orders, actions: [['validate', 0]] });
      assert.equal(events(relay)[1]?.event_id, placed?.event_id, 'once per order: the same event_id');
    });

    it('sends the order of a customer logged in when they pay, as their id, though validateOrder puts a customer never logged in in the context', async () => {
      relay.requests.length = 0;
      const orders = [{ id: 32, total: 29.4, lines: [[42, 1, 0, 29.4]] }];
      const paying = {
        config: settings(relay.url),
        cookies: { _sb_uid: '~42', _sb_sid: 'sess-0123456789' },
        cart: [[42, 1]],
        orders,
        actions: [['validate', 0]],
      };
      await request({ ...paying, customer: 42 });
      await request({ ...paying, customer: 43, guest: true, cookies: ANONYMOUS });
      await request(paying);
      assert.deepEqual(
        events(relay).map((e) => [e.event_name, e.user_id, (e.event as { order_id?: number }).order_id]),
        [
          ['Order Completed', '42', 32],
          ['Order Completed', 'v1sitor-abcdefghij', 32],
        ],
        "a registered customer's order joined to their id, a guest's to their anonymous id; a ~42 cookie without the shop's session is nobody's",
      );
    });

    it('sends the order as a real PrestaShop 9.0 had the context at actionValidateOrder: the logged-in, the new and the guest customer', async () => {
      relay.requests.length = 0;
      const orders = [{ id: 25, total: 22.9, lines: [[42, 1, 0, 22.9]] }];
      const pay = (validate_context: string, cookies: Record<string, string>) =>
        request({
          config: settings(relay.url),
          cookies,
          cart: [[42, 1]],
          orders,
          actions: [['validate', 0]],
          validate_context,
        });
      await pay('login', { _sb_uid: '~3', _sb_sid: ANONYMOUS._sb_sid });
      await pay('register', { _sb_uid: '~14', _sb_sid: ANONYMOUS._sb_sid });
      await pay('guest', ANONYMOUS);
      assert.deepEqual(
        events(relay).map((e) => [e.event_name, e.user_id]),
        [
          ['Order Completed', '3'],
          ['Order Completed', '14'],
          ['Order Completed', 'v1sitor-abcdefghij'],
        ],
      );
    });

    it('sends one started checkout for a cart whoever the shopper becomes inside it: a login keeps the event_id', async () => {
      relay.requests.length = 0;
      const checkout = { config: settings(relay.url), page: 'order', cart: [[42, 2]] };
      await request({ ...checkout, cookies: ANONYMOUS });
      await request({ ...checkout, cookies: { _sb_uid: '~42', _sb_sid: ANONYMOUS._sb_sid }, customer: 42 });
      const [anonymous, loggedIn] = events(relay);
      assert.deepEqual([anonymous?.user_id, loggedIn?.user_id], ['v1sitor-abcdefghij', '42']);
      assert.equal(loggedIn?.event_id, anonymous?.event_id, 'the relay drops the second as a duplicate');
      await request({ ...checkout, cookies: ANONYMOUS, id_cart: 6 });
      assert.notEqual(events(relay)[2]?.event_id, anonymous?.event_id, 'another cart is another checkout');
    });

    it("sends a product page's view at the combination the page shows, not the default one", async () => {
      const page = await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        product_page: 50,
        combination: 51,
      });
      const shown = await request({ config: settings(relay.url), cookies: ANONYMOUS, product_page: 50 });
      assert.match(page.head, /"price":20.4,/, 'the combination with its +2 impact, with tax');
      assert.match(page.head, /902-large_default/, "the combination's image");
      assert.match(shown.head, /"price":18,/, 'the default combination (52, no impact) when the page names none');
    });

    it("closes PHP's session before it talks to the relay, so a slow relay never holds the shopper's next page", async () => {
      relay.requests.length = 0;
      const r = await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        session: true,
        cart: [[42, 1]],
        actions: [['add', 42, 1]],
      });
      assert.equal(events(relay).length, 1);
      assert.equal(r.session_open, false);
    });

    it('sends nothing the snippet would not: consent refused, Global Privacy Control, consent required and not given, a browser the relay judged automated', async () => {
      relay.requests.length = 0;
      const base = { config: settings(relay.url), cart: [[42, 1]], actions: [['add', 42, 1]] };
      await request({ ...base, cookies: { ...ANONYMOUS, _sb_c: '0' } });
      await request({ ...base, cookies: ANONYMOUS, server: { HTTP_SEC_GPC: '1' } });
      await request({ ...base, config: settings(relay.url, { SHOPBEACON_CONSENT: 'required' }), cookies: ANONYMOUS });
      await request({ ...base, cookies: { ...ANONYMOUS, _sb_bot: '1' } });
      assert.deepEqual(relay.requests, []);
      await request({
        ...base,
        config: settings(relay.url, { SHOPBEACON_CONSENT: 'required' }),
        cookies: { ...ANONYMOUS, _sb_c: '1' },
        server: { HTTP_SEC_GPC: '1' },
      });
      assert.equal(events(relay).length, 1, 'consent given by the banner wins over GPC, as in the snippet');
    });

    it("sends a quick view's product view from the server (its JSON answer runs no script), and no view for a combination change", async () => {
      relay.requests.length = 0;
      await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        product_page: 42,
        get: { action: 'quickview', id_product: '42' },
      });
      const { quantity: _, ...viewed } = { ...TEAPOT, quantity: 1 };
      assert.deepEqual(
        events(relay).map((e) => [e.event_name, e.event]),
        [['Product Viewed', viewed]],
      );
      await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        product_page: 42,
        get: { action: 'refresh', id_product: '42' },
      });
      await request({ config: settings(relay.url), cookies: ANONYMOUS, product_page: 42 });
      assert.equal(events(relay).length, 1, 'the page itself sends its view from the browser');
    });

    it('neither prints nor sends a product the shopper may not see: disabled, or hidden from their groups, on its page or in a quick view', async () => {
      relay.requests.length = 0;
      for (const id of [45, 46]) {
        const page = await request({ config: settings(relay.url), cookies: ANONYMOUS, product_page: id });
        assert.doesNotMatch(page.head, /viewProduct/, `product ${id}`);
        await request({
          config: settings(relay.url),
          cookies: ANONYMOUS,
          product_page: id,
          get: { action: 'quickview', id_product: String(id) },
        });
      }
      assert.equal(events(relay).length, 0);
    });
  },
);
