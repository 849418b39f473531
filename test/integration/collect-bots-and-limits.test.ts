import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserEvent, collect } from '../helpers/collect.js';
import { startRelay, until } from '../helpers/relay-harness.js';

describe('POST /collect bots', () => {
  it('drops HeadlessChrome and navigator.webdriver batches before the outbox, counting them', async () => {
    const h = await startRelay();
    try {
      const headless = await collect(h.url, browserEvent(), {
        'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36',
      });
      assert.deepEqual(headless.body, { accepted: 0, duplicates: 0, dropped: 1, rejected: [] });
      const webdriver = await collect(h.url, { events: [browserEvent(), browserEvent()], webdriver: true });
      assert.equal(webdriver.body['dropped'], 2);
      assert.equal((await h.relay.shopbeacon.outbox.counts()).accepted, 0);
      // No ids for a bot, and a mark the plugin and the module read before sending its cart events.
      for (const answer of [headless, webdriver])
        assert.deepEqual(answer.headers.getSetCookie(), ['_sb_bot=1; Path=/; SameSite=Lax; HttpOnly']);
    } finally {
      await h.close();
    }
  });

  it('keeps them with SHOPBEACON_BOTS=keep', async () => {
    const h = await startRelay({ config: { bots: 'keep' } });
    try {
      const res = await collect(h.url, browserEvent(), {
        'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36',
      });
      assert.equal(res.body['accepted'], 1);
    } finally {
      await h.close();
    }
  });
});

describe('POST /collect limits', () => {
  it('answers 429 with Retry-After when the per-IP bucket is empty', async () => {
    const h = await startRelay({ config: { rateLimitIp: '3' } });
    try {
      assert.equal((await collect(h.url, { events: [browserEvent(), browserEvent(), browserEvent()] })).status, 200);
      const limited = await collect(h.url, browserEvent());
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    } finally {
      await h.close();
    }
  });

  it('answers 429 when one user_id sends more than its share', async () => {
    const h = await startRelay({ config: { rateLimitUser: '2' } });
    try {
      const user = { user_id: 'one-busy-user' };
      assert.equal((await collect(h.url, { events: [browserEvent(user), browserEvent(user)] })).status, 200);
      assert.equal((await collect(h.url, browserEvent(user))).status, 429);
      assert.equal((await collect(h.url, browserEvent({ user_id: 'another-user' }))).status, 200);
    } finally {
      await h.close();
    }
  });

  it('answers 503 with Retry-After when the outbox is full, keeping what it had', async () => {
    const h = await startRelay({ config: { outboxMaxRecords: '2' }, mock: { faults: { mode: 'drop' } } });
    try {
      assert.equal((await collect(h.url, { events: [browserEvent(), browserEvent()] })).status, 200);
      const full = await collect(h.url, browserEvent());
      assert.equal(full.status, 503);
      assert.equal(full.body['error'], 'outbox_full');
      assert.ok(full.headers.get('retry-after'));
      h.mock.setFaults({ mode: 'normal' });
      await until(() => h.mock.records('events').length === 2, 'the two acknowledged events');
    } finally {
      await h.close();
    }
  });
});
