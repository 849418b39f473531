// The PrestaShop module following Google Consent Mode v2 as the shop's cookie module emits it
// (SHOPBEACON_CONSENT=gcm): the snippet reads the Consent Mode state in the browser and remembers the
// shopper's choice in `_sb_c`, which the module's server-side events obey. One PHP process per shop
// request against PrestaShop stand-ins and a relay stand-in that records what the module posts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANONYMOUS,
  events,
  fakeRelay,
  request,
  scenarioServer,
  settings,
  skip,
  type FakeRelay,
} from '../helpers/prestashop-module.js';

/** The cart, the checkout page and a placed order: every event the module's server sends for a shopper. */
async function journey(config: Record<string, string>, cookies: Record<string, string>, orderId: number) {
  const orders = [{ id: orderId, total: 29.4, lines: [[42, 1, 0, 29.4]] }];
  await request({ config, cookies, cart: [[42, 1]], actions: [['add', 42, 1]] });
  await request({ config, cookies, page: 'order', cart: [[42, 1]] });
  await request({ config, cookies, cart: [[42, 1]], orders, actions: [['validate', 0]] });
}

describe("the PrestaShop module's Google Consent Mode mode (gcm)", { skip }, () => {
  let relay: FakeRelay;
  before(async () => {
    relay = await fakeRelay();
  });
  after(() => relay.close());
  const gcm = () => settings(relay.url, { SHOPBEACON_CONSENT: 'gcm' });

  it('tells the snippet data-consent="gcm", and sends the cart, checkout and order only once the shopper granted (_sb_c=1): nothing before a choice, nothing after a refusal, GPC or not', async () => {
    const page = await request({ config: gcm(), page: true });
    assert.match(page.head, /<script async src="\/sb\/shopbeacon\.js" data-consent="gcm"><\/script>/);
    relay.requests.length = 0;
    await journey(gcm(), ANONYMOUS, 61);
    await journey(gcm(), { ...ANONYMOUS, _sb_c: '0' }, 62);
    assert.deepEqual(relay.requests, [], 'before a choice and after a refusal');
    await journey(gcm(), { ...ANONYMOUS, _sb_c: '1' }, 63);
    assert.deepEqual(
      events(relay).map((e) => e.event_name),
      ['Added To Cart', 'Checkout Started', 'Order Completed'],
    );
    relay.requests.length = 0;
    await request({
      config: gcm(),
      cookies: { ...ANONYMOUS, _sb_c: '1' },
      server: { HTTP_SEC_GPC: '1' },
      cart: [[42, 1]],
      actions: [['add', 42, 2]],
    });
    assert.equal(events(relay).length, 1, "the banner's grant wins over GPC, as in the snippet");
  });

  it('sets the identity proof of a logged-in customer only once they granted', async (t) => {
    const server = await scenarioServer();
    t.after(() => server.close());
    const config = settings(relay.url, {
      SHOPBEACON_CONSENT: 'gcm',
      SHOPBEACON_IDENTITY_SECRET: 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2',
    });
    const undecided = await server.request({ config, cookies: ANONYMOUS, customer: 7, page: true });
    assert.deepEqual(
      undecided.setCookies.filter((c) => c.startsWith('_sb_idp=')),
      [],
    );
    const granted = await server.request({ config, cookies: { ...ANONYMOUS, _sb_c: '1' }, customer: 7, page: true });
    assert.equal(granted.setCookies.filter((c) => c.startsWith('_sb_idp=')).length, 1);
  });

  it('is offered and saved on the configuration page, and is not the default a new install gets', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const installed = await request({ state, install: true, config: { SHOPBEACON_LOCAL_URL: relay.url }, admin: {} });
    assert.match(installed.admin, /<option value="gpc" selected>/);
    assert.match(
      installed.admin,
      /<option value="gcm">Follow Google Consent Mode, as the shop&#039;s cookie module emits it</,
    );
    assert.match(installed.admin, /Without such a module that mode would never grant/);
    const post = {
      submitshopbeacon: '1',
      SHOPBEACON_PUBLIC_PATH: '/sb/',
      SHOPBEACON_LOCAL_URL: relay.url,
      SHOPBEACON_CONSENT: 'gcm',
      SHOPBEACON_COOKIE_DOMAIN: '',
    };
    const saved = await request({ state, admin: { post } });
    assert.match(saved.admin, /alert-success/);
    assert.match(saved.admin, /<option value="gcm" selected>/);
    const head = await request({ state, page: true });
    assert.match(head.head, /data-consent="gcm"/);
  });
});
