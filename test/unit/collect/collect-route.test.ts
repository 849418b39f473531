import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { collectRoute } from '../../../relay/collect/collect-route.js';
import { NewVisitors } from '../../../relay/collect/new-visitors.js';
import { RateLimits } from '../../../relay/collect/rate-limits.js';
import { VisitorVouchers } from '../../../relay/collect/visitor-voucher.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { browserEvent, collect } from '../../helpers/collect.js';

/** `POST /collect` alone on a real Koa server, over an in-memory outbox: what it stores and answers. */
describe('collectRoute (relay/collect/collect-route.ts)', () => {
  const stored: OutboxRecord[] = [];
  let server: Server;
  let url = '';
  before(async () => {
    const events = new RecordEvents();
    const accept = createAccept({
      enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
      events,
      onEnqueued: () => undefined,
    });
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    const route = collectRoute({
      accept,
      events,
      rateLimits: new RateLimits({ perIp: 0, perUser: 0 }),
      newVisitors: new NewVisitors(0),
      vouchers: new VisitorVouchers('a-service-token'),
      keepBots: false,
      cookieDomain: undefined,
      now: Date.now,
    });
    app.use((ctx) => route(ctx));
    ({ server, url } = await listen(app.callback(), 0, '127.0.0.1'));
  });
  after(() => stopListening(server));

  it("stores a browser's events with the visitor its cookies name, and sets the identity cookies and the visitor's voucher", async () => {
    const answer = await collect(
      url,
      { events: [browserEvent(), browserEvent()] },
      { cookie: '_sb_uid=anon-visitor-0001' },
    );
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { accepted: 2, duplicates: 0, dropped: 0, rejected: [] });
    assert.deepEqual(
      stored.slice(-2).map((r) => r.body['user_id']),
      ['anon-visitor-0001', 'anon-visitor-0001'],
    );
    const cookies = answer.headers.getSetCookie().map((c) => c.split('=')[0]);
    assert.deepEqual(cookies, ['_sb_uid', '_sb_sid', '_sb_sst', '_sb_vid']);
  });

  it('answers 200 with the refused events named for a partial batch, and 400 when every event is refused', async () => {
    const partial = await collect(url, { events: [browserEvent(), browserEvent({ event_name: 42 })] });
    assert.equal(partial.status, 200);
    assert.equal((partial.body['rejected'] as { index: number }[])[0]?.index, 1);
    const none = await collect(url, { events: [browserEvent({ event_name: 42 })] });
    assert.equal(none.status, 400);
    assert.equal(none.body['error'], 'invalid_events');
  });

  it("drops a bot's batch before the outbox, saying how many, and marks the browser for the plugins", async () => {
    const before = stored.length;
    const answer = await collect(
      url,
      { events: [browserEvent()] },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    );
    assert.deepEqual(answer.body, { accepted: 0, duplicates: 0, dropped: 1, rejected: [] });
    assert.equal(stored.length, before);
    assert.match(answer.headers.getSetCookie().join(';'), /_sb_bot=1/);
  });
});
