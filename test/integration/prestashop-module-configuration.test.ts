// The PrestaShop module's configuration page: what it shows, keeps and refuses.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANONYMOUS, fakeRelay, KEY, request, settings, skip, type FakeRelay } from '../helpers/prestashop-module.js';

describe("the PrestaShop module's configuration page", { skip }, () => {
  let relay: FakeRelay;

  before(async () => {
    relay = await fakeRelay();
  });

  after(() => relay.close());

  it("the configuration page: the key's field always empty, an empty key keeps the stored one, bad values refused", async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const shown = await request({ state, config: settings(relay.url), admin: {} });
    assert.match(shown.admin, /<input type="password" name="SHOPBEACON_ADMIN_KEY" value="">/);
    assert.match(
      shown.admin,
      /Saved\. The relay&#039;s SHOPBEACON_INGEST_KEY \(or its admin key\); leave empty to keep it\./,
    );
    assert.match(shown.admin, /<input type="text" name="SHOPBEACON_LOCAL_URL" value="http:\/\/127\.0\.0\.1:\d+">/);
    assert.match(shown.admin, /<option value="gpc" selected>/);
    assert.ok(!shown.stdout.includes(KEY));
    const post = {
      submitshopbeacon: '1',
      SHOPBEACON_PUBLIC_PATH: '/tracking/',
      SHOPBEACON_LOCAL_URL: 'http://127.0.0.1:8787',
      SHOPBEACON_ADMIN_KEY: '',
      SHOPBEACON_CONSENT: 'required',
      SHOPBEACON_COOKIE_DOMAIN: '.Shop.Example',
    };
    const saved = await request({ state, admin: { post } });
    assert.match(saved.admin, /alert-success/);
    assert.match(saved.admin, /<option value="required" selected>/);
    assert.match(saved.admin, /name="SHOPBEACON_COOKIE_DOMAIN" value="\.shop\.example"/);
    assert.ok(!saved.stdout.includes(KEY));
    const page = await request({ state, page: true });
    assert.match(
      page.head,
      /src="\/tracking\/shopbeacon\.js" data-consent="required" data-cookie-domain="\.shop\.example"/,
    );
    relay.requests.length = 0;
    // Consent is required from here on: the shopper's banner granted it (`_sb_c=1`).
    await request({
      state,
      config: { SHOPBEACON_LOCAL_URL: relay.url },
      cookies: { ...ANONYMOUS, _sb_c: '1' },
      actions: [['add', 42, 1]],
    });
    assert.equal(relay.requests[0]?.headers.authorization, `Bearer ${KEY}`, 'the key saved before is kept');
    const newKey = await request({ state, admin: { post: { ...post, SHOPBEACON_ADMIN_KEY: 'a-new-key-99' } } });
    assert.ok(!newKey.stdout.includes('a-new-key-99'));
    const bad = await request({
      state,
      admin: {
        post: {
          ...post,
          SHOPBEACON_LOCAL_URL: 'ftp://x',
          SHOPBEACON_PUBLIC_PATH: 'javascript:alert(1)',
          SHOPBEACON_CONSENT: 'maybe',
          SHOPBEACON_COOKIE_DOMAIN: 'a b',
        },
      },
    });
    assert.equal(bad.admin.match(/alert-danger/g)?.length, 1);
    assert.equal(bad.admin.split('<br>').length, 4);
    assert.match(bad.admin, /name="SHOPBEACON_PUBLIC_PATH" value="\/tracking\/"/, 'nothing saved');
  });
});
