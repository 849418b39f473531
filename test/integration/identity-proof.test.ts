// /collect with SHOPBEACON_IDENTITY_SECRET: a customer id from a browser believed only with the
// shop's proof (the _sb_idp cookie), against a real relay and the mock service.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { ADMIN_KEY, relayForSuite, until } from '../helpers/relay-harness.js';

describe('POST /collect with SHOPBEACON_IDENTITY_SECRET: customer ids the shop vouches for', () => {
  const SECRET = 'identity-secret-9c4f1e7a2b6d8053e1f4a7c2';
  const h = relayForSuite({ config: { identitySecret: SECRET } });
  const proofOf = (id: string) => createHmac('sha256', SECRET).update(id).digest('hex');
  const userCookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((c) => c.startsWith('_sb_uid='))
      ?.split(';')[0];
  const metric = async () => {
    const text = await (await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text();
    return Number(/shopbeacon_collect_unproven_customer_ids_total (\d+)/.exec(text)?.[1] ?? 0);
  };
  const delivered = async (event: Record<string, unknown>) => {
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    return deliveredEvent(h.mock, event)?.['user_id'];
  };

  it("believes a customer id with the shop's proof, from the event and from the identified cookie", async () => {
    const named = browserEvent({ user_id: '42' });
    const answer = await collect(
      h.url,
      { events: [named] },
      { cookie: `_sb_uid=anon-proof-123456; _sb_idp=${proofOf('42')}` },
    );
    assert.equal(answer.status, 200, answer.text);
    assert.equal(await delivered(named), '42');
    const filled = browserEvent();
    const again = await collect(h.url, filled, { cookie: `_sb_uid=~42; _sb_idp=${proofOf('42').toUpperCase()}` });
    assert.equal(userCookieOf(again.headers), '_sb_uid=~42');
    assert.equal(await delivered(filled), '42');
  });

  it("sends a customer id named without the shop's proof as an anonymous stand-in, never the customer, counted and warned of", async () => {
    const before = await metric();
    const named = browserEvent({ user_id: '42' });
    const answer = await collect(h.url, { events: [named] }, { cookie: '_sb_uid=anon-visitor-123456' });
    assert.equal(answer.status, 200, answer.text);
    const standIn = String(await delivered(named));
    assert.match(standIn, /^[\w-]{8,64}$/);
    assert.notEqual(standIn, '42');
    const proofOfAnother = browserEvent({ user_id: '42' });
    await collect(h.url, { events: [proofOfAnother] }, { cookie: `_sb_uid=~43; _sb_idp=${proofOf('43')}` });
    assert.equal(
      await delivered(proofOfAnother),
      standIn,
      "another customer's event replayed in this browser is credited to neither",
    );
    assert.equal(await metric(), before + 2);
    assert.ok(h.logs.some((line) => line.includes("customer ids without the shop's proof from 127.0.0.1")));
    assert.ok(
      !h.logs.some((line) => line.includes(SECRET) || line.includes(proofOf('42'))),
      'neither the secret nor a proof is logged',
    );
  });

  it('sends an anonymous id replayed from before the login as the proven customer, neither counted nor warned of', async () => {
    const before = await metric();
    const replayed = browserEvent({ user_id: 'anon-before-login-1234' });
    await collect(h.url, { events: [replayed] }, { cookie: `_sb_uid=~42; _sb_idp=${proofOf('42')}` });
    assert.equal(await delivered(replayed), '42');
    assert.equal(await metric(), before);
  });

  it('gives a forged identified cookie one stable anonymous id in its place, never the customer named', async () => {
    const first = browserEvent();
    const answer = await collect(h.url, first, { cookie: '_sb_uid=~7' });
    const standIn = userCookieOf(answer.headers)?.slice('_sb_uid='.length) ?? '';
    assert.match(standIn, /^[\w-]{8,64}$/);
    assert.equal(await delivered(first), standIn);
    const second = browserEvent({ user_id: '7' });
    const again = await collect(h.url, { events: [second] }, { cookie: '_sb_uid=~7' });
    assert.equal(userCookieOf(again.headers), `_sb_uid=${standIn}`);
    assert.equal(await delivered(second), standIn);
    assert.ok(!h.mock.records('events').some((e) => (e as { user_id: string }).user_id === '7'));
  });

  it("never sends a customer id named as an anonymous cookie, and keeps a snippet's cookie of before one visitor", async () => {
    for (const customer of ['7234567890123', '3f2b8c1e-1234-4abc-9def-0123456789ab']) {
      const event = browserEvent();
      const answer = await collect(h.url, event, { cookie: `_sb_uid=${customer}` });
      const given = userCookieOf(answer.headers)?.slice('_sb_uid='.length);
      assert.match(String(given), /^[\w-]{32}$/);
      assert.equal(await delivered(event), given);
    }
    assert.ok(
      !h.mock
        .records('events')
        .some((e) =>
          ['7234567890123', '3f2b8c1e-1234-4abc-9def-0123456789ab'].includes((e as { user_id: string }).user_id),
        ),
    );
    const before = browserEvent({ user_id: 'Snippet-minted_id-20' });
    const first = await collect(h.url, { events: [before] }, { cookie: '_sb_uid=Snippet-minted_id-20' });
    const visitor = userCookieOf(first.headers)?.slice('_sb_uid='.length) ?? '';
    const after = browserEvent();
    const next = await collect(h.url, after, { cookie: `_sb_uid=${visitor}` });
    assert.equal(userCookieOf(next.headers), `_sb_uid=${visitor}`);
    assert.deepEqual([await delivered(before), await delivered(after)], [visitor, visitor]);
  });
});
