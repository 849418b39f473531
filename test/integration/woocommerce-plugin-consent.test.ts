// The WooCommerce plugin with the WP Consent API, as a shop with Complianz runs it: the banner's choice,
// in the cookies Complianz and the API write (the fixture quotes their code), decides what the plugin's
// server sends and what the snippet is told. One PHP process per shop request against WordPress
// stand-ins and a stand-in of the API behaving as its own wp_has_consent, a real relay and the mock service.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import {
  ANONYMOUS,
  events,
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
  skip,
  type PluginRequest,
  type PluginScenario,
} from '../helpers/woocommerce-plugin.js';

type Cookies = Record<string, string>;
const COMPLIANZ = JSON.parse(readFileSync(`${PLUGIN_DIR}/tests/fixtures/complianz-7.2-eu-optin.json`, 'utf8')) as {
  consent_type: string;
  before_choice: Cookies;
  accepted: Cookies;
  denied: Cookies;
  statistics_only: Cookies;
};
const EU = { consent_type: COMPLIANZ.consent_type };
const SECRET = 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2';

/**
 * Every kind of event the plugin's server sends, one request each: an add to the cart, the checkout
 * page, a placed order, a search WooCommerce sends straight to its one result; and a customer logging in.
 */
async function journey(base: PluginScenario, orderId: number): Promise<PluginRequest[]> {
  const order = {
    id: orderId,
    total: 24.5,
    currency: 'EUR',
    lines: [[42, 1, 0, 24.5]] as [number, number, number, number][],
  };
  const search = { type: 'search' as const, post_type: 'product', query: `teapot ${orderId}`, posts: [42], found: 1 };
  return [
    await runPluginRequest({ ...base, actions: [['add', 42, 1]] }),
    await runPluginRequest({ ...base, page: 'checkout', cart: [[42, 1]] }),
    await runPluginRequest({ ...base, order, actions: [['order-classic', orderId]] }),
    await runPluginRequest({ ...base, listing: search }),
    await runPluginRequest({ ...base, login: 9 }),
  ];
}

describe("the WooCommerce plugin follows the shop's cookie banner through the WP Consent API", { skip }, () => {
  const h = relayForSuite();
  const settings = (plugin: Record<string, string> = {}) =>
    pluginSettings(h.url, ADMIN_KEY, {}, { identity_secret: SECRET, ...plugin });
  const accepted = async () => (await h.relay.shopbeacon.outbox.counts()).accepted;

  it("sends nothing after Complianz's Deny nor before the shopper chose (EU, opt-in), and every event after its Accept", async () => {
    const before = await accepted();
    const sent = events(h).length;
    for (const [state, cookies] of [
      ['denied', COMPLIANZ.denied],
      ['before a choice', COMPLIANZ.before_choice],
    ] as const) {
      const requests = await journey(
        { options: settings(), consent_api: EU, cookies: { ...ANONYMOUS, ...cookies } },
        5101,
      );
      for (const request of requests) assert.deepEqual([request.log, request.actions], [[], []], state);
      assert.deepEqual(
        requests.flatMap((r) => r.cookies_set),
        [],
        `${state}: no identity proof at login either`,
      );
      assert.equal(await accepted(), before, state);
    }
    const requests = await journey(
      { options: settings(), consent_api: EU, cookies: { ...ANONYMOUS, ...COMPLIANZ.accepted } },
      5102,
    );
    await until(() => events(h).length === sent + 4, 'the add, the checkout, the order and the search');
    assert.deepEqual(
      events(h)
        .slice(sent)
        .map((e) => e['event_name'])
        .sort(),
      ['Added To Cart', 'Checkout Started', 'Order Completed', 'Products Searched'],
    );
    assert.deepEqual(
      requests.at(-1)!.cookies_set.map((c) => c.name),
      ['_sb_idp'],
    );
    assert.deepEqual(
      new Set(requests[0]!.consent_asked.map((asked) => asked.join(' by '))),
      new Set(['marketing by shopbeacon/shopbeacon.php']),
    );
  });

  it('tells the snippet to follow the API (data-consent="wp" and the category) whatever mode was saved, and registers with the API', async () => {
    for (const consent of ['gpc', 'required', 'none']) {
      const request = await runPluginRequest({ options: settings({ consent }), consent_api: EU, cookies: ANONYMOUS });
      assert.match(
        request.head,
        /<script async src="\/sb\/shopbeacon\.js" data-consent="wp" data-consent-category="marketing"><\/script>/,
        consent,
      );
      assert.equal(request.consent_api_registered, true);
    }
    const statistics = await runPluginRequest({
      options: settings({ consent_category: 'statistics' }),
      consent_api: EU,
      cookies: ANONYMOUS,
    });
    assert.match(statistics.head, /data-consent="wp" data-consent-category="statistics"/);
    const unknown = await runPluginRequest({
      options: settings({ consent_category: 'statistics-anonymous' }),
      consent_api: EU,
    });
    assert.match(unknown.head, /data-consent-category="marketing"/, 'a category not offered is the default');
    const withoutApi = await runPluginRequest({ options: settings(), cookies: ANONYMOUS });
    assert.match(withoutApi.head, /<script async src="\/sb\/shopbeacon\.js"><\/script>/, "the saved mode's tag");
    assert.equal(withoutApi.consent_api_registered, null);
  });

  it('asks for the category chosen: a shopper who granted statistics alone is sent with statistics, not with marketing', async () => {
    const before = await accepted();
    const shopper = { consent_api: EU, cookies: { ...ANONYMOUS, ...COMPLIANZ.statistics_only } };
    const marketing = await runPluginRequest({ ...shopper, options: settings(), actions: [['add', 42, 2]] });
    assert.deepEqual([marketing.log, marketing.actions, await accepted()], [[], [], before]);
    const statistics = await runPluginRequest({
      ...shopper,
      options: settings({ consent_category: 'statistics' }),
      actions: [['add', 42, 2]],
    });
    assert.deepEqual(
      new Set(statistics.consent_asked.map((asked) => asked.join(' by '))),
      new Set(['statistics by shopbeacon/shopbeacon.php']),
    );
    await until(async () => (await accepted()) === before + 1, 'the add under statistics');
  });

  it("honours a refusal the snippet remembered (_sb_c=0) where the API grants, and the API's opt-out regions and its no-banner answer", async () => {
    const before = await accepted();
    const remembered = await runPluginRequest({
      options: settings(),
      consent_api: EU,
      cookies: { ...ANONYMOUS, ...COMPLIANZ.accepted, _sb_c: '0' },
      actions: [['add', 43, 1]],
    });
    assert.deepEqual([remembered.log, remembered.actions, await accepted()], [[], [], before]);
    // Opt-out (a US shopper under Complianz): sent until they refuse; no consent type at all: the API grants everything.
    await runPluginRequest({
      options: settings(),
      consent_api: { consent_type: 'optout' },
      cookies: ANONYMOUS,
      actions: [['add', 43, 1]],
    });
    const optedOut = await runPluginRequest({
      options: settings(),
      consent_api: { consent_type: 'optout' },
      cookies: { ...ANONYMOUS, wp_consent_marketing: 'deny' },
      actions: [['add', 43, 2]],
    });
    assert.deepEqual([optedOut.log, optedOut.actions], [[], []]);
    await runPluginRequest({
      options: settings(),
      consent_api: { consent_type: '' },
      cookies: ANONYMOUS,
      actions: [['add', 43, 3]],
    });
    await until(
      async () => (await accepted()) === before + 2,
      'the opt-out shopper before refusing, and the no-banner one',
    );
  });

  it('says on the settings screen which mode is in force and why', async () => {
    const banner = await runPluginRequest({ options: settings(), consent_api: EU });
    assert.match(banner.settings['consent'] ?? '', /In force: your cookie banner, through the WP Consent API/);
    assert.doesNotMatch(banner.settings['consent'] ?? '', /No cookie banner has set/);
    assert.match(banner.settings['consent_category'] ?? '', /value="marketing"/);
    assert.match(banner.settings['consent_category'] ?? '', /profile of each shopper/);
    const noType = await runPluginRequest({ options: settings(), consent_api: { consent_type: '' } });
    assert.match(noType.settings['consent'] ?? '', /No cookie banner has set the API's consent type yet/);
    const without = await runPluginRequest({ options: settings() });
    assert.match(
      without.settings['consent'] ?? '',
      /In force: the mode chosen here, since the WP Consent API is not active/,
    );
  });
});
