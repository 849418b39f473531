import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli-run.js';

describe('shopbeacon relay with settings it cannot use', () => {
  it('warns about a misspelt SHOPBEACON_ variable naming the closest setting, then names each refused setting, never a key', async () => {
    const run = await runCli(['relay', '--port', '0'], {
      SHOPBEACON_SYNC_INTERVALL: '5m',
      SHOPBEACON_PRESTASHOP_KEY: 'not-a-key',
      SHOPBEACON_WOOCOMMERCE_URL: 'http://shop.example',
    });
    assert.equal(run.code, 1);
    assert.deepEqual(run.stderr.trim().split('\n'), [
      'shopbeacon relay: warning: SHOPBEACON_SYNC_INTERVALL is not a shopbeacon setting and is ignored; did you mean SHOPBEACON_SYNC_INTERVAL?',
      'shopbeacon relay: invalid configuration:',
      '  SHOPBEACON_PRESTASHOP_KEY (--prestashop-key) must be the 32-character Webservice key (Advanced Parameters → Webservice); got (hidden)',
      '  SHOPBEACON_WOOCOMMERCE_URL (--woocommerce-url) must be an https:// URL (http:// only for a loopback host such as 127.0.0.1); got "http://shop.example"',
      '  SHOPBEACON_PRESTASHOP_URL (--prestashop-url) is required when SHOPBEACON_PRESTASHOP_KEY is set',
      '  SHOPBEACON_WOOCOMMERCE_CONSUMER_KEY (--woocommerce-consumer-key) and SHOPBEACON_WOOCOMMERCE_CONSUMER_SECRET (--woocommerce-consumer-secret) are required when SHOPBEACON_WOOCOMMERCE_URL is set',
    ]);
    assert.equal(run.stderr.includes('not-a-key'), false);
  });
});

describe('shopbeacon relay with a secret given as a flag', () => {
  it('warns that the flag shows the secret to every user of the machine, naming the variable to use, never the secret', async () => {
    const run = await runCli(
      [
        'relay',
        '--port',
        '0',
        '--base-url',
        'not a url',
        '--token',
        'svc-secret-9d1f',
        '--admin-key',
        'admin-secret-4c2a',
      ],
      {},
    );
    assert.equal(run.code, 1);
    const lines = run.stderr.trim().split('\n');
    assert.deepEqual(lines.slice(0, 2), [
      'shopbeacon relay: warning: --token puts a secret in the process list (ps) and shell history; set SHOPBEACON_TOKEN instead',
      'shopbeacon relay: warning: --admin-key puts a secret in the process list (ps) and shell history; set SHOPBEACON_ADMIN_KEY instead',
    ]);
    assert.match(lines[2] ?? '', /^shopbeacon relay: invalid configuration:/);
    assert.equal(/svc-secret|admin-secret/.test(run.stderr), false);
  });
});
