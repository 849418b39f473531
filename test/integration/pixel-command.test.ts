import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { runCli } from '../helpers/cli-run.js';

describe('shopbeacon pixel shopify --relay <url>', () => {
  it('prints the custom pixel with the relay as its one setting, code that parses, and the steps on stderr', async () => {
    const run = await runCli(['pixel', 'shopify', '--relay', 'https://sb.shop.example/'], {});
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^\/\/ shopbeacon for Shopify/);
    assert.match(run.stdout, /^const SHOPBEACON_RELAY = "https:\/\/sb\.shop\.example";$/m);
    assert.doesNotMatch(run.stdout, /sb\.shop\.example\/"/);
    // Shopify's globals are missing here: the pixel must swallow that, never throw into the sandbox.
    assert.doesNotThrow(() => runInNewContext(run.stdout, {}));
    assert.match(run.stderr, /Settings > Customer events > Add custom pixel/);
    assert.match(run.stderr, /SHOPBEACON_ALLOWED_ORIGINS=null/);
  });

  it('refuses a relay that is not https (http only on loopback), naming the option, with exit 2', async () => {
    for (const relay of [
      'http://sb.shop.example',
      'ftp://sb.shop.example',
      'not a url',
      'https://sb.shop.example/?x=1',
    ]) {
      const run = await runCli(['pixel', 'shopify', '--relay', relay], {});
      assert.equal(run.code, 2, relay);
      assert.match(run.stderr, /`--relay`/);
      assert.equal(run.stdout, '');
    }
    const local = await runCli(['pixel', 'shopify', '--relay', 'http://127.0.0.1:8787'], {});
    assert.equal(local.code, 0);
  });

  it('sets the Customer Privacy flags the pixel waits for from --consent, analytics unless told, and says which permissions to require', async () => {
    const flagsOf = (stdout: string) => JSON.parse(/^const SHOPBEACON_CONSENT = (.*);$/m.exec(stdout)?.[1] ?? 'null');
    const plain = await runCli(['pixel', 'shopify', '--relay', 'https://sb.shop.example'], {});
    assert.deepEqual(flagsOf(plain.stdout), ['analyticsProcessingAllowed']);
    assert.match(
      plain.stderr,
      /Permission "Required", Analytics; Data sale "Data collected does not qualify as data sale"/,
    );
    const chosen = await runCli(
      ['pixel', 'shopify', '--relay', 'https://sb.shop.example', '--consent', 'analytics, marketing,sale-of-data'],
      {},
    );
    assert.equal(chosen.code, 0);
    assert.deepEqual(flagsOf(chosen.stdout), ['analyticsProcessingAllowed', 'marketingAllowed', 'saleOfDataAllowed']);
    assert.match(
      chosen.stderr,
      /Permission "Required", Analytics, Marketing; Data sale "Data collected qualifies as data sale"/,
    );
    assert.doesNotThrow(() => runInNewContext(chosen.stdout, {}));
  });

  it('refuses a --consent naming no Customer Privacy permission, naming the option and the names it takes, with exit 2', async () => {
    for (const consent of ['analytics,statistics', ',']) {
      const run = await runCli(['pixel', 'shopify', '--relay', 'https://sb.shop.example', '--consent', consent], {});
      assert.equal(run.code, 2, consent);
      assert.match(run.stderr, /`--consent`.*analytics, marketing, preferences, sale-of-data/);
      assert.equal(run.stdout, '');
    }
  });

  it('refuses a platform it has no pixel for', async () => {
    const run = await runCli(['pixel', 'woocommerce', '--relay', 'https://sb.shop.example'], {});
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /Allowed choices are shopify/);
  });
});
