// The PrestaShop module's relay client when the relay is hung, away or refusing, and its retry
// queue. Its configuration page: prestashop-module-configuration.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANONYMOUS,
  fakeRelay,
  KEY,
  makeRetryDue,
  request,
  settings,
  skip,
  type FakeRelay,
} from '../helpers/prestashop-module.js';

describe("the PrestaShop module's relay client and retry queue", { skip }, () => {
  let relay: FakeRelay;
  before(async () => {
    relay = await fakeRelay();
  });
  after(() => relay.close());

  it('gives up on a relay that does not answer within 300 ms, keeps the events for later and logs it without the key', async () => {
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => void held.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const r = await request({ config: settings(url), cookies: ANONYMOUS, actions: [['add', 42, 1]] });
      // It waited its 300 ms and gave up: the relay never answers, so only its own limit ended the wait.
      assert.ok(r.shutdown_ms >= 250, `the shutdown work took ${r.shutdown_ms} ms`);
      assert.equal(r.log.length, 1);
      assert.match(
        r.log[0]?.message ?? '',
        new RegExp(
          `^shopbeacon: 1 cart event\\(s\\) not taken by the relay at ${url}/v1/track: no answer within 300 ms; 1 kept for a later retry$`,
        ),
      );
      assert.equal(r.queue.length, 1);
      assert.ok(r.retry_at > Date.now() / 1000);
      assert.ok(!r.stdout.includes(KEY));
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('queues what an unreachable relay did not take and sends it with a later request once the retry is due', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const down = await request({
      state,
      config: settings('http://127.0.0.1:9'),
      cookies: ANONYMOUS,
      actions: [['add', 42, 2]],
    });
    assert.ok(down.shutdown_ms < 300, `a refused connection fails at once (${down.shutdown_ms} ms)`);
    assert.match(
      down.log[0]?.message ?? '',
      /1 cart event\(s\) not taken by the relay at http:\/\/127\.0\.0\.1:9\/v1\/track: no connection/,
    );
    assert.equal(down.queue.length, 1);

    relay.requests.length = 0;
    // Not yet due: a page view leaves the queue alone.
    const early = await request({ state, page: true, config: settings(relay.url), cookies: ANONYMOUS });
    assert.equal(relay.requests.length, 0);
    assert.equal(early.queue.length, 1);

    // A minute later (RETRY_AT moved into the past): the next page view sends it.
    makeRetryDue(state, String(Math.floor(Date.now() / 1000) - 1));
    const later = await request({ state, page: true, config: settings(relay.url), cookies: {} });
    assert.equal(relay.requests.length, 1);
    assert.deepEqual(relay.requests[0]?.body, down.queue, 'the queued event as it was captured (its datetime kept)');
    assert.deepEqual(later.queue, []);
    assert.equal(later.retry_at, 0);
  });

  it('sends a User-Agent cut between characters as valid text, and drops a queued row no retry can read instead of letting it hold the queue', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const agent = `${'a'.repeat(511)}é and more`;
    const down = await request({
      state,
      config: settings('http://127.0.0.1:9'),
      cookies: ANONYMOUS,
      server: { HTTP_USER_AGENT: agent },
      actions: [['add', 42, 1]],
    });
    assert.equal(down.queue.length, 1);
    assert.equal(down.queue[0]?.visitor_agent, 'a'.repeat(511), 'cut before the character the 512th byte splits');
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    const [table, rows] = Object.entries(saved.tables).find(([name]) => name.endsWith('shopbeacon_queue'))!;
    saved.tables[table] = [
      { ...rows[0], id_shopbeacon_queue: 1 + Number(rows[0]?.['id_shopbeacon_queue']), body: '' },
      ...rows,
    ];
    writeFileSync(state, JSON.stringify(saved));
    makeRetryDue(state, String(Math.floor(Date.now() / 1000) - 1));
    relay.requests.length = 0;
    const later = await request({ state, page: true, config: settings(relay.url), cookies: {} });
    assert.equal(relay.requests.length, 1);
    assert.deepEqual(
      relay.requests[0]?.body.map((e) => e.visitor_agent),
      ['a'.repeat(511)],
    );
    assert.deepEqual(later.queue, []);
    assert.equal(later.retry_at, 0, 'nothing left to retry');
  });

  it('sends nothing for a `~0` cookie: a guest session is customer 0, which names nobody', async () => {
    relay.requests.length = 0;
    const r = await request({
      config: settings(relay.url),
      cookies: { _sb_uid: '~0', _sb_sid: ANONYMOUS._sb_sid },
      actions: [['add', 42, 1]],
    });
    assert.deepEqual([relay.requests.length, r.queue.length], [0, 0]);
  });

  it("leaves a queue that is not yet due, and its retry time, alone when a request's own events go through", async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const down = await request({
      state,
      config: settings('http://127.0.0.1:9'),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
    });
    relay.requests.length = 0;
    const healthy = await request({
      state,
      config: settings(relay.url),
      cookies: ANONYMOUS,
      actions: [['add', 50, 1, 51]],
    });
    assert.deepEqual(
      relay.requests.map((r) => r.body.map((e) => e.event.product_id)),
      [[50]],
      'only its own event',
    );
    assert.equal(healthy.queue.length, 1);
    assert.equal(healthy.retry_at, down.retry_at, 'still a minute after the failure, not at once');
  });

  it("sends the due queue together with a request's own events, oldest first", async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    await request({ state, config: settings('http://127.0.0.1:9'), cookies: ANONYMOUS, actions: [['add', 42, 1]] });
    makeRetryDue(state, '1');
    relay.requests.length = 0;
    const r = await request({ state, config: settings(relay.url), cookies: ANONYMOUS, actions: [['add', 50, 1, 51]] });
    assert.equal(relay.requests.length, 1);
    assert.deepEqual(
      relay.requests[0]?.body.map((e) => e.event.product_id),
      [42, 50],
    );
    assert.deepEqual(r.queue, []);
  });

  it('keeps events a relay refused the key for (401), drops those it refused as invalid (400)', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const wrongKey = await request({
      state,
      config: settings(relay.url, { SHOPBEACON_ADMIN_KEY: 'not-the-key' }),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
    });
    assert.match(wrongKey.log[0]?.message ?? '', /: HTTP 401; 1 kept for a later retry$/);
    assert.equal(wrongKey.queue.length, 1);
    assert.ok(!wrongKey.stdout.includes('not-the-key'));
    relay.setStatus(400);
    try {
      makeRetryDue(state, '1');
      const invalid = await request({
        state,
        config: settings(relay.url),
        cookies: ANONYMOUS,
        actions: [['add', 42, 1]],
      });
      assert.match(
        invalid.log[0]?.message ?? '',
        /^shopbeacon: 2 cart event\(s\) refused by the relay at .*: HTTP 400$/,
      );
      assert.deepEqual(invalid.queue, []);
      assert.equal(invalid.retry_at, 0);
    } finally {
      relay.setStatus(202);
    }
  });

  it('bounds the queue: the newest 1,000 events are kept, the log counts the dropped', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'sb-ps-')), 'state.json');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      body: JSON.stringify({
        user_id: 'v1sitor-abcdefghij',
        event_name: 'Added To Cart',
        event: { product_id: i + 1 },
      }),
      date_add: String(Math.floor(Date.now() / 1000)),
      id_shopbeacon_queue: i + 1,
      id_shop: '1',
    }));
    writeFileSync(
      state,
      JSON.stringify({
        config: { SHOPBEACON_RETRY_AT: String(Math.floor(Date.now() / 1000) + 60) },
        tables: { shopbeacon_queue: rows, cart_product: [] },
        created: { shopbeacon_queue: true },
        next_id: 1001,
      }),
    );
    const r = await request({
      state,
      config: settings('http://127.0.0.1:9'),
      cookies: ANONYMOUS,
      actions: [['add', 42, 1]],
    });
    assert.equal(r.queue.length, 1000);
    assert.equal(r.queue[0]?.event.product_id, 2);
    assert.equal(r.queue.at(-1)?.event.product_id, 42);
    assert.match(r.log[0]?.message ?? '', /1 oldest dropped \(queue full\)$/);
  });
});
