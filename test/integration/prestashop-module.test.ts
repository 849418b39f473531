// The PrestaShop module (integrations/prestashop/shopbeacon) in PrestaShop stand-ins, one PHP
// process per shop request, as woocommerce-plugin.test.ts drives the plugin: its install, the
// storefront head and the cart events. Its files: prestashop-module-files.test.ts; the relay
// client's failures: prestashop-module-relay.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANONYMOUS,
  events,
  fakeRelay,
  KEY,
  request,
  scenarioServer,
  settings,
  SHOPPER_AGENT,
  skip,
  TEAPOT,
  TEE_LARGE,
  type FakeRelay,
  type RelayRequest,
  type TrackEvent,
} from '../helpers/prestashop-module.js';

describe(
  'the PrestaShop module (integrations/prestashop/shopbeacon): install, storefront, cart events',
  { skip },
  () => {
    let relay: FakeRelay;
    before(async () => {
      relay = await fakeRelay();
    });
    after(() => relay.close());

    it("installs: registers its twelve hooks (psgdpr's three among them), creates the retry and attribution tables, sets the defaults; uninstall removes them", async () => {
      const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
      const installed = await request({ install: true, state });
      assert.equal(installed.installed, true);
      assert.deepEqual(installed.hooks, [
        'displayheader',
        'actioncartupdatequantitybefore',
        'actionobjectproductincartdeletebefore',
        'actionobjectproductincartdeleteafter',
        'actioncartsave',
        'actionvalidateorder',
        'filterproductsearch',
        'displaybeforebodyclosingtag',
        'registergdprconsent',
        'actionexportgdprdata',
        'actiondeletegdprcustomer',
        'actionoutputhtmlbefore',
      ]);
      assert.deepEqual(installed.tables_created, ['shopbeacon_queue', 'shopbeacon_attribution']);
      assert.deepEqual(installed.config_keys.sort(), [
        'SHOPBEACON_CONSENT',
        'SHOPBEACON_LOCAL_URL',
        'SHOPBEACON_PUBLIC_PATH',
      ]);
      const removed = await request({ state, uninstall: true });
      assert.equal(removed.uninstalled, true);
      assert.deepEqual(removed.tables_created, []);
      assert.deepEqual(removed.config_keys, []);
    });

    it('prints the stub, the script tag, identify for a logged-in customer and viewProduct with the price with tax, never the key', async () => {
      const r = await request({ config: settings(relay.url), cookies: ANONYMOUS, customer: 7, product_page: 42 });
      assert.match(
        r.head,
        /^<script>window\.shopbeacon=window\.shopbeacon\|\|function\(\)\{\(shopbeacon\.q=shopbeacon\.q\|\|\[\]\)\.push\(arguments\)\};\n/,
      );
      assert.match(r.head, /<script async src="\/sb\/shopbeacon\.js"><\/script>\n$/);
      assert.match(r.head, /shopbeacon\("identify","7"\);/);
      assert.ok(r.head.includes(`shopbeacon("viewProduct",${JSON.stringify(TEAPOT)});`), r.head);
      assert.ok(!r.stdout.includes(KEY));
      assert.equal(relay.requests.length, 0, 'a page view sends nothing from the server');
    });

    it('the script tag carries the consent mode and the cookie domain; a public URL is used as it is', async () => {
      const required = await request({
        page: true,
        config: settings(relay.url, {
          SHOPBEACON_CONSENT: 'required',
          SHOPBEACON_COOKIE_DOMAIN: '.shop.example',
          SHOPBEACON_PUBLIC_PATH: 'https://shop.example/sb',
        }),
      });
      assert.match(
        required.head,
        /<script async src="https:\/\/shop\.example\/sb\/shopbeacon\.js" data-consent="required" data-cookie-domain="\.shop\.example"><\/script>/,
      );
      const none = await request({ page: true, config: settings(relay.url, { SHOPBEACON_CONSENT: 'none' }) });
      assert.match(none.head, /<script async src="\/sb\/shopbeacon\.js" data-respect-gpc="false"><\/script>/);
      const gpc = await request({
        page: true,
        config: settings(relay.url, { SHOPBEACON_CONSENT: 'gpc', SHOPBEACON_COOKIE_DOMAIN: 'bad domain"><script>' }),
      });
      assert.match(
        gpc.head,
        /<script async src="\/sb\/shopbeacon\.js"><\/script>/,
        "the snippet's default (GPC respected) needs no attribute; a bad domain is left out",
      );
      const defaults = await request({ page: true, cookies: ANONYMOUS });
      assert.match(defaults.head, /src="\/sb\/shopbeacon\.js"><\/script>/);
      assert.doesNotMatch(defaults.head, /identify|reset|viewProduct/);
    });

    it("proves a logged-in customer to a relay with an identity secret (_sb_idp, HttpOnly, the response's own header), and lets it run out a day after the logout", async (t) => {
      const SECRET = 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2';
      const proof = createHmac('sha256', SECRET).update('7').digest('hex');
      const server = await scenarioServer();
      t.after(() => server.close());
      const config = settings(relay.url, {
        SHOPBEACON_IDENTITY_SECRET: SECRET,
        SHOPBEACON_COOKIE_DOMAIN: '.shop.example',
      });
      const customer = await server.request({ config, cookies: ANONYMOUS, customer: 7, page: true, ssl: true });
      assert.equal(customer.setCookies.length, 1, customer.setCookies.join('\n'));
      const cookie = new RegExp(
        `^_sb_idp=${proof}; expires=[^;]+; Max-Age=(\\d+); path=/; domain=\\.shop\\.example; secure; HttpOnly; SameSite=Lax$`,
      ).exec(customer.setCookies[0]!);
      assert.ok(cookie, customer.setCookies[0]);
      // 400 days; PHP counts Max-Age from the expiry it was given, so a second that ticks between takes one off.
      const maxAge = Number(cookie[1]);
      assert.ok(maxAge > 34_560_000 - 5 && maxAge < 34_560_100, `Max-Age ${maxAge}`);
      assert.match(customer.outcome.head, /shopbeacon\("identify","7"\);/);
      assert.ok(!JSON.stringify(customer).includes(SECRET), 'the secret reaches no page');
      const held = await server.request({ config, cookies: { ...ANONYMOUS, _sb_idp: proof }, customer: 7, page: true });
      assert.deepEqual(held.setCookies, [], 'a proof already held is not set again');
      // The first page after a logout (the snippet still identified): a day more, for the customer's own queued events.
      const afterLogout = await server.request({
        config,
        cookies: { _sb_uid: '~7', _sb_sid: ANONYMOUS._sb_sid, _sb_idp: proof },
        page: true,
      });
      assert.match(
        afterLogout.setCookies[0] ?? '',
        new RegExp(
          `^_sb_idp=${proof}; expires=[^;]+; Max-Age=86400; path=/; domain=\\.shop\\.example; HttpOnly; SameSite=Lax$`,
        ),
      );
      const anonymous = await server.request({ config, cookies: { ...ANONYMOUS, _sb_idp: proof }, page: true });
      assert.deepEqual(anonymous.setCookies, [], 'an anonymous page leaves it to run out');
      const withoutSecret = await server.request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        customer: 7,
        page: true,
      });
      assert.deepEqual(withoutSecret.setCookies, []);
    });

    it('resets an identified visitor who has logged out, and escapes what could end the script element', async () => {
      const r = await request({ page: true, cookies: { _sb_uid: '~42' } });
      assert.match(r.head, /shopbeacon\("reset"\);/);
      const hostile = await request({ cookies: ANONYMOUS, product_page: 43 });
      assert.equal(hostile.head.match(/<\/script>/g)?.length, 2);
      assert.match(hostile.head, /"name":"Mug \\u003C\/script\\u003E/);
    });

    it("sends adds, quantity changes and removals from the server, with the cookies' ids, the product's fields with tax and the datetime, in one call at the end of the request", async () => {
      relay.requests.length = 0;
      const r = await request({
        config: settings(relay.url),
        cookies: ANONYMOUS,
        actions: [
          ['add', 50, 2, 51],
          ['add', 50, 1, 51],
          ['down', 50, 1, 51],
          ['add', 42, 1],
          ['delete', 50, 51],
          ['down', 42, 5],
        ],
      });
      assert.deepEqual(r.results, [true, true, true, true, true, true]);
      assert.deepEqual(r.log, []);
      assert.equal(relay.requests.length, 1, 'one POST per shop request');
      const call = relay.requests[0] as RelayRequest;
      assert.equal(call.url, '/v1/track');
      assert.equal(call.headers.authorization, `Bearer ${KEY}`);
      assert.equal(call.headers['content-type'], 'application/json');
      const sent = call.body.map((e) => [e.event_name, e.event.product_id, e.event.quantity]);
      assert.deepEqual(sent, [
        ['Added To Cart', 50, 2],
        ['Added To Cart', 50, 1],
        ['Removed From Cart', 50, 1],
        ['Added To Cart', 42, 1],
        ['Removed From Cart', 50, 2], // the bin: the whole line
        ['Removed From Cart', 42, 1], // down by 5 with 1 in the cart: what was there
      ]);
      const added = call.body[0] as TrackEvent;
      assert.deepEqual(
        { ...added, datetime: undefined, event_id: undefined },
        {
          user_id: 'v1sitor-abcdefghij',
          event_name: 'Added To Cart',
          event: { ...TEE_LARGE, quantity: 2 },
          datetime: undefined,
          event_id: undefined,
          session_id: 'sess-0123456789',
          visitor_agent: SHOPPER_AGENT,
        },
      );
      assert.match(String(added.event_id), /^ps-[0-9a-f]{24}$/, "the relay's key: a retry is a duplicate");
      assert.equal(new Set(call.body.map((e) => e.event_id)).size, call.body.length, 'one id per event');
      assert.match(added.datetime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);
      assert.ok(Math.abs(Date.parse(added.datetime) - Date.now()) < 60_000);
      assert.deepEqual(call.body[3]?.event, { ...TEAPOT, quantity: 1 });
      assert.ok(!r.stdout.includes(KEY));
    });

    it('sends an identified visitor as their customer id; updateQty with 0 is a removal', async () => {
      relay.requests.length = 0;
      await request({
        config: settings(relay.url),
        cookies: { _sb_uid: '~42', _sb_sid: 'sess-0123456789' },
        customer: 42,
        cart: [[42, 3]],
        actions: [['set0', 42]],
      });
      assert.deepEqual(
        events(relay).map((e) => [e.user_id, e.event_name, e.event.quantity]),
        [['42', 'Removed From Cart', 3]],
      );
    });

    it('sends nothing for what the cart refused (out of stock), nor for a visitor without _sb_uid, who refused consent, or without the admin key', async () => {
      relay.requests.length = 0;
      const refused = await request({ config: settings(relay.url), cookies: ANONYMOUS, actions: [['add', 44, 1]] });
      assert.deepEqual(refused.results, [false]);
      const noId = await request({
        config: settings(relay.url),
        cookies: { _sb_sid: ANONYMOUS._sb_sid },
        actions: [['add', 42, 1]],
      });
      const optedOut = await request({
        config: settings(relay.url),
        cookies: { ...ANONYMOUS, _sb_c: '0' },
        actions: [['add', 42, 1]],
      });
      const noKey = await request({
        config: settings(relay.url, { SHOPBEACON_ADMIN_KEY: '' }),
        cookies: ANONYMOUS,
        actions: [['add', 42, 1]],
      });
      assert.equal(relay.requests.length, 0);
      for (const r of [refused, noId, optedOut, noKey]) {
        assert.deepEqual(r.log, []);
        assert.deepEqual(r.queue, []);
      }
    });
  },
);
