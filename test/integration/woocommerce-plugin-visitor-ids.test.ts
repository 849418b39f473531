// With the identity secret, the WooCommerce plugin's server-side events name an anonymous visitor
// as the relay's public door (/collect) does: the relay's signed id as it is, any other as the id
// the relay derives from it. The relay's /v1/track takes the `user_id` its key's holder sends, so
// this is the one place a customer's id sent as an anonymous `_sb_uid` is kept out of the server's
// events. One PHP process per shop request against a real relay with the same secret.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';
import { assertParity } from '../helpers/signed-visitor-id-parity.js';
import {
  ANONYMOUS,
  events,
  PLUGIN_DIR,
  pluginSettings,
  runPluginRequest,
  skip,
  type PluginScenario,
} from '../helpers/woocommerce-plugin.js';

const SECRET = 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2';
/** A shop's customer id of the anonymous shape: a UUID. */
const CUSTOMER_UUID = '3f2b8c1e-9a4d-4e7b-b6c2-5d8e1f0a7c93';

describe(
  "the WooCommerce plugin with the identity secret: the server's events name the visitor as the relay's door does",
  { skip },
  () => {
    const h = relayForSuite({ config: { identitySecret: SECRET } });

    /** The `user_id` the service got for the plugin's add of `product` in a request with these cookies. */
    const serverAddAs = async (product: number, scenario: PluginScenario) => {
      const request = await runPluginRequest({
        options: pluginSettings(h.url, ADMIN_KEY, {}, { identity_secret: SECRET }),
        actions: [['add', product, 1]],
        ...scenario,
      });
      assert.deepEqual([request.log, request.actions], [[], []], request.stderr);
      const added = () => events(h).find((e) => (e['event'] as { product_id: number }).product_id === product);
      await until(() => added() !== undefined, `the server's add of product ${product}`);
      return added()!['user_id'];
    };

    /** The `_sb_uid` the relay's door answers a browser sending `cookie`, and the `user_id` its event went as. */
    const doorIds = async (cookie: string | undefined) => {
      const sent = browserEvent();
      const answer = await collect(h.url, sent, cookie === undefined ? {} : { cookie });
      assert.equal(answer.status, 200, answer.text);
      await until(() => deliveredEvent(h.mock, sent) !== undefined, "the browser's event");
      const set = answer.headers.getSetCookie().find((c) => c.startsWith('_sb_uid='));
      return { cookie: set?.split(';')[0]?.slice('_sb_uid='.length), event: deliveredEvent(h.mock, sent)!['user_id'] };
    };

    it("computes the relay's signed ids in PHP alike: for any secret and claim the id derived from it, for any id whether the relay signed it", async () => {
      await assertParity(`${PLUGIN_DIR}/tests/signed-visitor-ids.php`);
    });

    it("sends a customer's id forged as the anonymous _sb_uid as the id the relay's door gives that browser, never as the customer", async () => {
      const sentAs = await serverAddAs(42, { cookies: { ...ANONYMOUS, _sb_uid: CUSTOMER_UUID } });
      const door = await doorIds(`_sb_uid=${CUSTOMER_UUID}`);
      assert.notEqual(sentAs, CUSTOMER_UUID);
      assert.deepEqual([door.cookie, door.event], [sentAs, sentAs]);
      assert.deepEqual(
        events(h).filter((e) => e['user_id'] === CUSTOMER_UUID),
        [],
        'no event of the service names the customer',
      );
    });

    it("sends a shopper whose browser still holds the snippet's unsigned id as the browser's own events go: one visitor, not two", async () => {
      const door = await doorIds(`_sb_uid=${ANONYMOUS._sb_uid}`);
      assert.equal(await serverAddAs(50, { cookies: ANONYMOUS }), door.event);
    });

    it('sends an id the relay signed as it is', async () => {
      const minted = (await doorIds(undefined)).cookie!;
      assert.match(minted, /^[\w-]{32}$/);
      assert.equal(await serverAddAs(44, { cookies: { ...ANONYMOUS, _sb_uid: minted } }), minted);
    });

    it('sends a logged-in customer the cookie names (~7) as the customer', async () => {
      assert.equal(await serverAddAs(51, { cookies: { ...ANONYMOUS, _sb_uid: '~7' }, user_id: 7 }), '7');
    });
  },
);
