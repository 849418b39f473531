import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run.js';

describe('shopbeacon relay with settings it cannot use', () => {
  it('warns about a misspelt SHOPBEACON_ variable naming the closest setting, then names each refused setting, never a key', async () => {
    const run = await runCli(['relay', '--port', '0'], { SHOPBEACON_SYNC_INTERVALL: '5m', SHOPBEACON_PRESTASHOP_KEY: 'not-a-key', SHOPBEACON_WOOCOMMERCE_URL: 'http://shop.example' });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr.trim().split('\n'), [
      'shopbeacon relay: warning: SHOPBEACON_SYNC_INTERVALL is not a shopbeacon setting and is ignored; did you mean SHOPBEACON_SYNC_INTERVAL?',
      'shopbeacon relay: invalid configuration:',
      '  SHOPBEACON_WOOCOMMERCE_URL (--woocommerce-url) must be an https:// URL (http:// only for a loopback host such as 127.0.0.1); got "http://shop.example"',
      '  SHOPBEACON_PRESTASHOP_KEY (--prestashop-key) must be the 32-character Webservice key (Advanced Parameters → Webservice); got (hidden)',
      '  SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY (--woocommerce-consumer-key) and SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET (--woocommerce-consumer-secret) are required when SHOPBEACON_WOOCOMMERCE_URL is set',
      '  SHOPBEACON_PRESTASHOP_URL (--prestashop-url) is required when SHOPBEACON_PRESTASHOP_KEY is set',
    ]);
    assert.equal(run.stderr.includes('not-a-key'), false);
  });
});
