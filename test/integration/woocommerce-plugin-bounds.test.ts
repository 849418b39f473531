// The WooCommerce plugin's bounds: what it hands Action Scheduler during an outage, cookies no
// browser of the snippet's would send, and what it leaves behind when WordPress deletes it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import {
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
  skip,
  ANONYMOUS,
  events,
} from '../helpers/woocommerce-plugin.js';

describe("the WooCommerce plugin's bounds (integrations/woocommerce)", { skip }, () => {
  const h = relayForSuite();

  it('sends nothing for a `~0` cookie (a guest is user 0, which names nobody), and reads cookies sent as arrays as absent, without a PHP warning', async () => {
    const accepted = async () => (await h.relay.shopbeacon.outbox.counts()).accepted;
    const taken = await accepted();
    const guest = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: { _sb_uid: '~0', _sb_sid: ANONYMOUS._sb_sid },
      actions: [['add', 42, 1]],
    });
    assert.deepEqual([guest.actions, guest.log, await accepted()], [[], [], taken], 'nothing sent, nothing queued');
    const before = events(h).length;
    const arrays = await runPluginRequest({
      options: pluginSettings(h.url, ADMIN_KEY),
      cookies: { ...ANONYMOUS, _sb_vid: ['x'], _sb_c: ['1'] },
      actions: [['add', 42, 1]],
    });
    assert.ok(!/Warning|Array to string/.test(arrays.stderr), arrays.stderr);
    await until(() => events(h).length === before + 1, 'the one add of the visitor whose cookies were arrays');
    assert.equal(events(h).at(-1)?.['visitor_voucher'], undefined);
  });

  it("splits a batch too big for Action Scheduler's 8,000 characters of arguments into parts it takes, losing no event", async () => {
    const adds = Array.from({ length: 40 }, (_, i): [string, number, number] => ['add', 42, i + 1]);
    const request = await runPluginRequest({
      options: pluginSettings('http://127.0.0.1:9', ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: adds,
      no_fpm: true,
    });
    assert.ok(request.actions.length >= 2, `${request.actions.length} part(s)`);
    assert.ok(request.actions.every((a) => JSON.stringify(a.args).length <= 8000));
    assert.equal(request.actions.flatMap((a) => a.args[0]).length, 40);
    assert.ok(!request.log.some((line) => line.message.includes('lost')), JSON.stringify(request.log));
  });

  it('takes its settings (the key and the identity secret), its flags and its waiting retries with it when WordPress deletes it', async () => {
    const options = {
      ...pluginSettings(h.url, ADMIN_KEY, {}, { identity_secret: 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2' }),
      shopbeacon_rescued_for: '0.6.0',
      _transient_shopbeacon_relay_down: 1,
      blogname: 'Shop',
    };
    const child = spawn(
      'php',
      [join(PLUGIN_DIR, 'tests', 'run-scenario.php'), JSON.stringify({ options, uninstall: true })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await once(child, 'close');
    const left = JSON.parse(out) as { options: Record<string, unknown>; unscheduled: string[][] };
    assert.deepEqual(Object.keys(left.options), ['blogname']);
    assert.deepEqual(left.unscheduled, [['shopbeacon_send_events', 'shopbeacon']]);
  });

  it("takes every site's settings and retries with it on a multisite network, where WordPress runs the uninstall in the main site alone", async () => {
    const site = (key: string) => ({
      ...pluginSettings(h.url, key, {}, { identity_secret: `identity-secret-of-${key}-9c4f1e7a2b6d` }),
      shopbeacon_rescued_for: '0.6.0',
      blogname: `Shop ${key}`,
    });
    const sites = { 1: site('main'), 2: site('german'), 3: { blogname: 'Blog without the plugin set up' } };
    const child = spawn(
      'php',
      [join(PLUGIN_DIR, 'tests', 'run-scenario.php'), JSON.stringify({ uninstall: true, sites })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await once(child, 'close');
    const left = JSON.parse(out) as { sites: Record<string, Record<string, unknown>>; unscheduled_on: number[] };
    assert.deepEqual(left.sites, {
      1: { blogname: 'Shop main' },
      2: { blogname: 'Shop german' },
      3: { blogname: 'Blog without the plugin set up' },
    });
    assert.deepEqual(left.unscheduled_on, [1, 2], "each set-up site's own Action Scheduler");
  });

  it('drops a new batch, saying so, once 500 of its batches already wait in Action Scheduler: anonymous requests cannot fill the queue the shop shares', async () => {
    const full = await runPluginRequest({
      options: pluginSettings('http://127.0.0.1:9', ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
      no_fpm: true,
      pending_actions: 500,
    });
    assert.deepEqual(full.actions, []);
    assert.match(
      full.log[0]?.message ?? '',
      /1 cart event\(s\) not taken by the relay .*; dropped: 500 batches already wait for the relay in Action Scheduler$/,
    );
    const room = await runPluginRequest({
      options: pluginSettings('http://127.0.0.1:9', ADMIN_KEY),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
      no_fpm: true,
      pending_actions: 499,
    });
    assert.equal(room.actions.length, 1);
  });
});
