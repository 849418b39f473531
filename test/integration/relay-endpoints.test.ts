import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { browserEvent, collect } from '../helpers/collect.js';
import { ADMIN_KEY, SERVICE_TOKEN, relayForSuite, startRelay, until } from '../helpers/relay-harness.js';

describe('relay endpoints', () => {
  const h = relayForSuite();

  it('GET /shopbeacon.js serves the built snippet with a strong ETag, caching and compression', async () => {
    const res = await fetch(`${h.url}/shopbeacon.js`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), 'br');
    assert.match(res.headers.get('etag') ?? '', /^"[\w-]+"$/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    assert.match(await res.text(), /shopbeacon/);
    // undici's request: fetch adds Cache-Control: no-cache to conditional requests.
    const again = await request(`${h.url}/shopbeacon.js`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    assert.equal(again.statusCode, 304);
  });

  it('GET /healthz and /readyz answer 200 while the outbox is writable and delivery runs', async () => {
    assert.equal((await fetch(`${h.url}/healthz`)).status, 200);
    assert.deepEqual(await (await fetch(`${h.url}/readyz`)).json(), { status: 'ready' });
  });

  it('GET /metrics serves Prometheus text with the ingest and outbox series', async () => {
    await collect(h.url, browserEvent());
    await until(async () => (await h.relay.shopbeacon.outbox.counts()).delivered >= 1, 'a delivery');
    const text = await (await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).text();
    for (const name of [
      'shopbeacon_http_requests_total',
      'shopbeacon_ingest_events_total',
      'shopbeacon_outbox_records',
      'shopbeacon_http_request_duration_seconds_bucket',
      'shopbeacon_delivered_total',
    ]) {
      assert.match(text, new RegExp(`^${name}`, 'm'));
    }
  });

  it('GET /stats needs the admin key: 401 without or wrong, visitors per month with it', async () => {
    assert.equal((await fetch(`${h.url}/stats`)).status, 401);
    assert.equal((await fetch(`${h.url}/stats`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
    const stats = (await (
      await fetch(`${h.url}/stats`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    ).json()) as {
      visitorsByMonth: Record<string, number>;
    };
    assert.equal(typeof stats.visitorsByMonth, 'object');
  });

  it('answers unknown paths with 404 JSON, nosniff and no X-Powered-By', async () => {
    const res = await fetch(`${h.url}/nope`);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { error: string }).error, 'not_found');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-powered-by'), null);
  });

  it('never puts the service token in an answer or a log line', async () => {
    const answers = await Promise.all(
      ['/collect', '/metrics', '/readyz', '/stats', '/shopbeacon.js', '/nope'].map(async (path) => {
        const res = await fetch(`${h.url}${path}`, {
          method: path === '/collect' ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${ADMIN_KEY}` },
        });
        return `${JSON.stringify([...res.headers])}${await res.text()}`;
      }),
    );
    for (const text of [...answers, ...h.logs]) assert.ok(!text.includes(SERVICE_TOKEN));
    assert.ok(h.logs.length > 0);
  });
});

describe('GET /stats without an admin key configured', () => {
  it('does not exist (404)', async () => {
    const h = await startRelay({ config: { adminKey: '' } });
    try {
      assert.equal((await fetch(`${h.url}/stats`)).status, 404);
    } finally {
      await h.close();
    }
  });
});
