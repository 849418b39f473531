// With the identity secret, the PrestaShop module's server-side events name an anonymous visitor
// as the relay's public door (/collect) does: the relay's signed id as it is, any other as the id
// the relay derives from it. The relay's /v1/track takes the `user_id` its key's holder sends, so
// this is the one place a customer's id sent as an anonymous `_sb_uid` is kept out of the server's
// events. One PHP process per shop request; the door's own rule (CustomerProof.provenCookies) says
// what it would send.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CustomerProof } from '../../relay/collect/customer-proof.js';
import { assertParity } from '../helpers/signed-visitor-id-parity.js';
import {
  ANONYMOUS,
  events,
  fakeRelay,
  HERE,
  request,
  settings,
  skip,
  type FakeRelay,
} from '../helpers/prestashop-module.js';

const SECRET = 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2';
/** A shop's customer id of the anonymous shape: a UUID. */
const CUSTOMER_UUID = '3f2b8c1e-9a4d-4e7b-b6c2-5d8e1f0a7c93';

describe(
  "the PrestaShop module with the identity secret: the server's events name the visitor as the relay's door does",
  { skip },
  () => {
    const door = new CustomerProof(SECRET);
    /** The `_sb_uid` the relay's door resolves for a browser sending this one. */
    const doorSends = (userCookie: string) => door.provenCookies(new Map([['_sb_uid', userCookie]])).get('_sb_uid');
    let relay: FakeRelay;
    before(async () => {
      relay = await fakeRelay();
    });
    after(() => relay.close());

    /** The `user_id`s the module sent for an add in a request with these cookies. */
    const serverAddAs = async (scenario: Record<string, unknown>) => {
      relay.requests.length = 0;
      const r = await request({
        config: settings(relay.url, { SHOPBEACON_IDENTITY_SECRET: SECRET }),
        actions: [['add', 42, 1]],
        ...scenario,
      });
      assert.deepEqual([r.results, r.log], [[true], []], r.stderr);
      return events(relay).map((e) => e.user_id);
    };

    it("computes the relay's signed ids in PHP alike: for any secret and claim the id derived from it, for any id whether the relay signed it", async () => {
      await assertParity(join(HERE, 'signed-visitor-ids.php'));
    });

    it("sends a customer's id forged as the anonymous _sb_uid as the id the relay's door gives that browser, never as the customer", async () => {
      const sentAs = await serverAddAs({ cookies: { ...ANONYMOUS, _sb_uid: CUSTOMER_UUID } });
      assert.deepEqual(sentAs, [doorSends(CUSTOMER_UUID)]);
      assert.notEqual(sentAs[0], CUSTOMER_UUID);
    });

    it("sends a shopper whose browser still holds the snippet's unsigned id as the browser's own events go: one visitor, not two", async () => {
      assert.deepEqual(await serverAddAs({ cookies: ANONYMOUS }), [doorSends(ANONYMOUS._sb_uid)]);
    });

    it('sends an id the relay signed as it is', async () => {
      const minted = door.visitorIds.mint();
      assert.deepEqual(await serverAddAs({ cookies: { ...ANONYMOUS, _sb_uid: minted } }), [minted]);
    });

    it('sends a logged-in customer the cookie names (~7) as the customer', async () => {
      assert.deepEqual(await serverAddAs({ cookies: { ...ANONYMOUS, _sb_uid: '~7' }, customer: 7 }), ['7']);
    });
  },
);
