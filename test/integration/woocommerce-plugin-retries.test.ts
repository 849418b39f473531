import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY } from '../helpers/relay-harness.js';
import { pluginSettings, runPluginRequest, skip, ANONYMOUS } from '../helpers/woocommerce-plugin.js';

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

  it('queues again, when it is activated, the retries Action Scheduler failed while it was not loaded, and deletes their failed records', async () => {
    const batch = [
      [{ user_id: 'v1sitor-abcdefghij', event_name: 'Added To Cart', event: { product_id: 42 } }],
      { attempt: 2, first: Math.floor(Date.now() / 1000) - 600 },
    ];
    const options = { ...pluginSettings('http://127.0.0.1:9', ADMIN_KEY), shopbeacon_rescued_for: '0.6.0' };
    const request = await runPluginRequest({ options, failed_actions: { 17: batch, 18: batch }, activate: true });
    assert.deepEqual(
      request.actions.map((a) => [a.hook, a.in, a.group, a.args]),
      [
        ['shopbeacon_send_events', 0, 'shopbeacon', batch],
        ['shopbeacon_send_events', 0, 'shopbeacon', batch],
      ],
    );
    assert.deepEqual(request.deleted_actions, [17, 18]);
    assert.match(
      request.log.at(-1)?.message ?? '',
      /^shopbeacon: 2 retry\(ies\) of cart events Action Scheduler failed while the plugin was not loaded, queued again$/,
    );
    const [query] = request.action_queries;
    assert.deepEqual(
      [query?.['hook'], query?.['status'], query?.['date_compare']],
      ['shopbeacon_send_events', 'failed', '>='],
    );
    assert.ok(
      Math.abs(Number(query?.['date']) - (Date.now() / 1000 - 86_400)) < 60,
      'the last day: older batches are past their 24 hours',
    );
  });

  it('looks for failed retries once after an update, on its first request, and not again', async () => {
    const batch = [
      [{ user_id: 'v1sitor-abcdefghij', event_name: 'Added To Cart', event: { product_id: 42 } }],
      { attempt: 1, first: Math.floor(Date.now() / 1000) },
    ];
    const updated = await runPluginRequest({
      options: { ...pluginSettings('http://127.0.0.1:9', ADMIN_KEY), shopbeacon_rescued_for: '0.3.0' },
      failed_actions: { 5: batch },
    });
    assert.deepEqual([updated.deleted_actions, updated.rescued_for], [[5], '0.6.0']);
    const next = await runPluginRequest({
      options: { ...pluginSettings('http://127.0.0.1:9', ADMIN_KEY), shopbeacon_rescued_for: updated.rescued_for },
      failed_actions: { 6: batch },
    });
    assert.deepEqual([next.action_queries, next.deleted_actions], [[], []]);
  });
});
