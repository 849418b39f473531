import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect, deliveredEvent } from '../helpers/collect.js';
import { relayForSuite, until } from '../helpers/relay-harness.js';

describe('POST /collect', () => {
  const h = relayForSuite({ config: { allowedOrigins: 'https://www.shop.test' } });

  it('answers 200 with counts and delivers the event to the service with the bearer token, event_id stripped', async () => {
    const event = browserEvent({ user_id: 'user-abcdefgh', session_id: 'sess-abcdefgh' });
    const res = await collect(h.url, { events: [event] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { accepted: 1, duplicates: 0, dropped: 0, rejected: [] });
    await until(() => h.mock.records('events').length === 1, 'delivery');
    const delivered = h.mock.records('events')[0] as Record<string, unknown>;
    assert.equal(delivered['user_id'], 'user-abcdefgh');
    assert.equal(delivered['event_id'], undefined);
    assert.deepEqual(delivered['event'], event['event']);
  });

  it('fills a missing datetime with the time of receipt, in a service shape', async () => {
    const event = browserEvent();
    await collect(h.url, event);
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    assert.match(String(deliveredEvent(h.mock, event)?.['datetime']), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('answers a repeated event_id as a duplicate and does not deliver it twice', async () => {
    h.mock.reset();
    const event = browserEvent();
    assert.equal((await collect(h.url, { events: [event] })).body['accepted'], 1);
    const again = await collect(h.url, { events: [event] });
    assert.deepEqual(again.body, { accepted: 0, duplicates: 1, dropped: 0, rejected: [] });
    await until(() => h.mock.records('events').length === 1, 'delivery');
    const seqs = h.mock.records('events').map((e) => (e as { event: { seq: number } }).event.seq);
    assert.deepEqual(seqs, [(event['event'] as { seq: number }).seq]);
  });

  it("sends a browser's Order Completed once per order and visitor: a reloaded thank-you page or a second checkout_completed is a duplicate, another visitor's claim its own, never the order's", async () => {
    h.mock.reset();
    const completed = (orderId: unknown, user: string) =>
      browserEvent({
        event_name: 'Order Completed',
        user_id: user,
        event: { order_id: orderId, order_value: 49, currency: 'EUR' },
      });
    const first = await collect(h.url, { events: [completed(7001, 'user-abcdefgh')] });
    const repeats = await collect(h.url, {
      events: [completed(7001, 'user-abcdefgh'), completed('7001', 'user-zyxwvuts'), completed(7002, 'user-abcdefgh')],
    });
    assert.equal(first.body['accepted'], 1);
    assert.deepEqual([repeats.body['accepted'], repeats.body['duplicates']], [2, 1]);
    await until(() => h.mock.records('events').length === 3, 'the claims of two visitors');
    assert.deepEqual(
      h.mock.records('events').map((e) => {
        const { user_id: user, event } = e as { user_id: string; event: { order_id: unknown } };
        return `${String(event.order_id)} ${user}`;
      }),
      ['7001 user-abcdefgh', '7001 user-zyxwvuts', '7002 user-abcdefgh'],
    );
  });

  it('rejects invalid events by index with every failing field, and accepts the rest', async () => {
    const bad = browserEvent({ datetime: '2020-01-01 00:00:00', event: { product_id: 1.5, quantity: 0 } });
    const res = await collect(h.url, { events: [browserEvent(), bad, { event_name: 'X' }] });
    assert.equal(res.status, 200);
    assert.equal(res.body['accepted'], 1);
    assert.deepEqual(res.body['rejected'], [
      {
        index: 1,
        errors: [
          { path: 'event.product_id', message: 'must be an integer or a non-empty string' },
          { path: 'event.quantity', message: 'must be at least 1' },
          { path: 'datetime', message: 'is older than 2 years' },
        ],
      },
      { index: 2, errors: [{ path: 'event', message: 'is required' }] },
    ]);
  });

  const refusals: [
    name: string,
    body: string | Buffer,
    headers: Record<string, string>,
    status: number,
    code: string,
  ][] = [
    ['a body that is not JSON', '{"events":[', {}, 400, 'invalid_json'],
    ['a body that holds no event object', '[1,2]', {}, 400, 'no_event'],
    ['an empty object', '{}', {}, 400, 'no_event'],
    ['an object that is not an event', '{"foo":1}', {}, 400, 'no_event'],
    ['an empty events array', '{"events":[]}', {}, 400, 'no_event'],
    [
      'more than 100 events',
      JSON.stringify({ events: Array.from({ length: 101 }, () => browserEvent()) }),
      {},
      413,
      'too_many_events',
    ],
    [
      'a body over 64 KB',
      JSON.stringify({ events: [browserEvent({ event: { pad: 'x'.repeat(70_000) } })] }),
      {},
      413,
      'body_too_large',
    ],
    [
      'another content type',
      '{}',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      'unsupported_media_type',
    ],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), {}, 400, 'invalid_utf8'],
    [
      'an origin that is not allowed',
      JSON.stringify(browserEvent()),
      { origin: 'https://evil.test' },
      403,
      'origin_not_allowed',
    ],
  ];
  for (const [name, body, headers, status, code] of refusals) {
    it(`answers ${status} for ${name}, with a JSON error`, async () => {
      const res = await collect(h.url, body, headers);
      assert.equal(res.status, status);
      assert.equal(res.body['error'], code);
    });
  }

  it('answers CORS headers and preflight to an allowed origin', async () => {
    const res = await collect(h.url, browserEvent(), { origin: 'https://www.shop.test' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://www.shop.test');
    const preflight = await fetch(`${h.url}/collect`, {
      method: 'OPTIONS',
      headers: { origin: 'https://www.shop.test', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST');
  });

  it('accepts its own origin without listing it', async () => {
    const res = await collect(h.url, browserEvent(), { origin: h.url });
    assert.equal(res.status, 200);
  });

  it('names the proxy, not SHOPBEACON_ALLOWED_ORIGINS, when the origin is its own host seen without the port or the scheme', async () => {
    const { hostname, port } = new URL(h.url);
    const portDropped = await collect(h.url, browserEvent(), { origin: `http://${hostname}:8443`, host: hostname });
    assert.equal(portDropped.status, 403);
    assert.match(
      String(portDropped.body['message']),
      new RegExp(
        `^origin http://${hostname}:8443 is this shop, but the relay sees its own origin as http://${hostname}: the proxy in front drops the port from Host \\(nginx: proxy_set_header Host \\$http_host`,
      ),
    );
    const schemeDropped = await collect(h.url, browserEvent(), { origin: `https://${hostname}:${port}` });
    assert.match(
      String(schemeDropped.body['message']),
      /does not pass the scheme \(X-Forwarded-Proto, read with SHOPBEACON_TRUST_PROXY=1\)$/,
    );
  });
});

describe('POST /collect identity cookies', () => {
  const h = relayForSuite({ config: { trustProxy: '1', cookieDomain: 'shop.test' } });

  const cookiesOf = (headers: Headers) => headers.getSetCookie();

  it('sets a new _sb_uid for 400 days, _sb_sid for 30 minutes and its start (HttpOnly) when there is none', async () => {
    const before = Date.now();
    const res = await collect(h.url, browserEvent());
    const [uid, sid, start] = cookiesOf(res.headers);
    assert.match(uid ?? '', /^_sb_uid=[\w-]{21}; Max-Age=34560000; Path=\/; SameSite=Lax; Domain=shop.test$/);
    assert.match(sid ?? '', /^_sb_sid=[\w-]{21}; Max-Age=1800; Path=\/; SameSite=Lax; Domain=shop.test$/);
    assert.match(
      start ?? '',
      /^_sb_sst=[\w-]{21}\.\d{13}; Max-Age=1800; Path=\/; SameSite=Lax; Domain=shop.test; HttpOnly$/,
    );
    assert.ok(Number(/\.(\d+);/.exec(start ?? '')?.[1]) >= before);
    assert.doesNotMatch(`${uid}${sid}`, /HttpOnly/);
  });

  it('marks the cookies Secure when a trusted proxy forwarded https', async () => {
    const res = await collect(h.url, browserEvent(), { 'x-forwarded-proto': 'https' });
    // _sb_uid, _sb_sid and _sb_sst.
    assert.equal(cookiesOf(res.headers).filter((c) => /; Secure(;|$)/.test(c)).length, 3);
  });

  it('renews the cookies with the ids the browser had, and uses them for events without ids', async () => {
    const event = browserEvent();
    const start = Date.now() - 3_600_000;
    const res = await collect(h.url, event, {
      cookie: `_sb_uid=known-user-1234; _sb_sid=known-sess-1234; _sb_sst=known-sess-1234.${start}`,
    });
    const [uid, sid, sst] = cookiesOf(res.headers);
    assert.match(uid ?? '', /^_sb_uid=known-user-1234;/);
    assert.match(sid ?? '', /^_sb_sid=known-sess-1234;/);
    assert.match(sst ?? '', new RegExp(`^_sb_sst=known-sess-1234\\.${start};`));
    await until(() => deliveredEvent(h.mock, event) !== undefined, 'delivery');
    const delivered = deliveredEvent(h.mock, event);
    assert.deepEqual([delivered?.['user_id'], delivered?.['session_id']], ['known-user-1234', 'known-sess-1234']);
  });

  it('ignores cookie values that are not ids', async () => {
    const res = await collect(h.url, browserEvent(), { cookie: '_sb_uid=%3Cscript%3E; _sb_sid=a;b' });
    assert.equal(res.status, 200);
    assert.match(cookiesOf(res.headers)[0] ?? '', /^_sb_uid=[\w-]{21};/);
  });
});
