import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY } from '../helpers/relay-harness.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { phpUnavailable, pluginSettings, runPluginRequest } from '../helpers/woocommerce-plugin.js';

const skip = unmetRequirement('the WooCommerce plugin suite', phpUnavailable());
const ANONYMOUS = { _sb_uid: 'v1sitor-abcdefghij', _sb_sid: 'sess-0123456789.1764000000000.1764000000000' };

describe('the WooCommerce plugin (integrations/woocommerce): giving up, and without PHP-FPM', { skip }, () => {
  it('gives a batch up, saying so, once it has been retried for 24 hours', async () => {
    const request = await runPluginRequest({
      options: pluginSettings('http://127.0.0.1:9', ADMIN_KEY),
      retry: [
        [{ user_id: 'v1sitor-abcdefghij', event_name: 'Added To Cart', event: { product_id: 42 } }],
        { attempt: 8, first: Math.floor(Date.now() / 1000) - 86_300 },
      ],
    });
    assert.deepEqual(request.actions, []);
    assert.match(request.log[0]?.message ?? '', /; given up after 24 hours$/);
  });

  it('without PHP-FPM (the response cannot end first), hands the events to Action Scheduler at once and calls no relay', async () => {
    const request = await runPluginRequest({
      options: pluginSettings('http://127.0.0.1:9', ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
      no_fpm: true,
    });
    assert.deepEqual(request.log, []);
    assert.deepEqual(
      request.actions.map((a) => [a.hook, a.in, a.args[1].attempt]),
      [['shopbeacon_send_events', 0, 0]],
    );
  });
});
