// The rules the WooCommerce plugin's server-side events follow before the relay counts them: the
// shopper's consent, a browser judged automated, a customer id believed only for WordPress's own
// session, the shopper's address the relay weighs. One PHP process per shop request against
// WordPress stand-ins, a real relay and the mock service, as woocommerce-plugin.test.ts drives it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { unmetRequirement } from '../helpers/requirement.js';
import { ANONYMOUS, events, phpUnavailable, pluginSettings, runPluginRequest } from '../helpers/woocommerce-plugin.js';

const skip = unmetRequirement('the WooCommerce plugin trust suite', phpUnavailable());

describe(
  "the WooCommerce plugin's trust rules: consent, bots, who the shopper is and the address's budget",
  { skip },
  () => {
    const h = relayForSuite();

    it('sends nothing the snippet would not: consent refused (_sb_c=0), Global Privacy Control, consent required and not given, a browser the relay judged automated', async () => {
      const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
      const refusals: Parameters<typeof runPluginRequest>[0][] = [
        { options: pluginSettings(h.url, ADMIN_KEY), cookies: { ...ANONYMOUS, _sb_c: '0' } },
        { options: pluginSettings(h.url, ADMIN_KEY), cookies: ANONYMOUS, server: { HTTP_SEC_GPC: '1' } },
        { options: pluginSettings(h.url, ADMIN_KEY, {}, { consent: 'required' }), cookies: ANONYMOUS },
        { options: pluginSettings(h.url, ADMIN_KEY), cookies: { ...ANONYMOUS, _sb_bot: '1' } },
      ];
      for (const scenario of refusals) {
        const request = await runPluginRequest({ ...scenario, actions: [['add', 42, 1]] });
        assert.deepEqual([request.log, request.actions], [[], []], JSON.stringify(scenario));
      }
      const granted = await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY, {}, { consent: 'required' }),
        cookies: { ...ANONYMOUS, _sb_c: '1' },
        server: { HTTP_SEC_GPC: '1' },
        actions: [['add', 42, 1]],
      });
      assert.deepEqual(granted.log, []);
      await until(
        async () => (await h.relay.shopbeacon.outbox.counts()).accepted === accepted + 1,
        'the consented add alone',
      );
    });

    it("names the shopper's User-Agent to the relay, which drops a headless browser's cart event as /collect drops its own, and never forwards the field", async () => {
      const before = events(h).length;
      const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
      const headless =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
      const request = await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: ANONYMOUS,
        server: { HTTP_USER_AGENT: headless },
        actions: [['add', 42, 1]],
      });
      assert.deepEqual([request.log, request.actions], [[], []], 'taken (202): nothing to retry');
      await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: ANONYMOUS,
        actions: [['add', 50, 1]],
      });
      // Found by its product, not by position: an earlier test's event may still be on its way to the service.
      const browserAdd = () =>
        events(h)
          .slice(before)
          .find((e) => (e['event'] as { product_id: number }).product_id === 50);
      await until(() => browserAdd() !== undefined, "the browser's add");
      assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, accepted + 1, 'the headless add was dropped');
      assert.equal('visitor_agent' in browserAdd()!, false);
    });

    it("believes a customer id in the cookie only when WordPress's session is that customer's: a forged ~42 sends nothing", async () => {
      const accepted = (await h.relay.shopbeacon.outbox.counts()).accepted;
      const forged = await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: { _sb_uid: '~42', _sb_sid: 'sess-0123456789' },
        user_id: 0,
        actions: [['add', 42, 1]],
      });
      const other = await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: { _sb_uid: '~42', _sb_sid: 'sess-0123456789' },
        user_id: 43,
        actions: [['add', 42, 1]],
      });
      assert.deepEqual([forged.log, forged.actions, other.log, other.actions], [[], [], [], []]);
      assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, accepted);
    });

    it("names the shopper's address, which the relay weighs against the address's budget of new visitors, and forwards neither it nor a voucher cookie a browser of before still holds", async () => {
      const before = events(h).length;
      await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY),
        cookies: { ...ANONYMOUS, _sb_vid: 'not-a-voucher-of-this-relay' },
        server: { REMOTE_ADDR: '198.51.100.23' },
        actions: [['add', 42, 1]],
      });
      await until(() => events(h).length === before + 1, 'the add');
      const sent = events(h).at(-1)!;
      assert.deepEqual(
        ['visitor_ip', 'visitor_voucher', 'visitor_agent'].filter((field) => field in sent),
        [],
      );
      const stats = (await (
        await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
      ).json()) as {
        newVisitors: { thisHour: { taken: number } };
      };
      assert.ok(stats.newVisitors.thisHour.taken >= 1, 'a visitor not yet billed this month is taken from its address');
    });
  },
);
