// collectRoute before the service's time is known: a relay whose own clock is wrong at start must
// not stamp or judge a page's time by it (relay/collect/collect-route.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Koa from 'koa';
import { collectRoute } from '../../../relay/collect/collect-route.js';
import { RateLimits } from '../../../relay/collect/rate-limits.js';
import { errorHandler } from '../../../relay/http/error-handler.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import { createAccept } from '../../../relay/pipeline/accept.js';
import { RecordEvents } from '../../../relay/pipeline/record-events.js';
import type { OutboxRecord } from '../../../relay/outbox/outbox.js';
import { createLogger } from '../../../relay/observability/logger.js';
import { browserEvent, collect } from '../../helpers/collect.js';
import { testDoor } from '../../helpers/visitor-door.js';

describe("collectRoute while the service's time is being asked", () => {
  it("measures a page's skew only once the service's time is known, so a relay started a day ahead stamps the page's own time", async () => {
    const DAY = 86_400_000;
    const stored: OutboxRecord[] = [];
    let told: () => void = () => undefined;
    let asking: Promise<void> | undefined = new Promise<void>((resolve) => (told = resolve));
    let reached: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    // A day ahead until the service says otherwise: the time ServiceClock gives before and after.
    let ahead = DAY;
    const now = () => Date.now() + ahead;
    const events = new RecordEvents();
    const accept = createAccept({
      enqueueOnce: async (records) => (stored.push(...records), records.map(() => 'queued' as const)),
      events,
      onEnqueued: () => undefined,
      now,
      untilTimeKnown: () => (reached(), asking),
    });
    const app = new Koa();
    app.use(errorHandler({ logger: createLogger('silent') }));
    const door = testDoor({});
    const route = collectRoute({
      accept,
      events,
      rateLimits: new RateLimits({ perIp: 0, perUser: 0 }),
      newVisitors: door.newVisitors,
      keepBots: false,
      cookieDomain: undefined,
      now,
      untilTimeKnown: () => (reached(), asking),
    });
    app.use((ctx) => route(ctx));
    const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
    try {
      const capturedAt = Date.now();
      const answer = collect(url, { sent_at: capturedAt, events: [browserEvent({ captured_at: capturedAt })] });
      await waiting;
      assert.equal(stored.length, 0, 'nothing stored before the service answered');
      ahead = 0;
      asking = undefined;
      told();
      assert.equal((await answer).status, 200);
      const stamped = Date.parse(String(stored[0]?.body['datetime']).replace(' ', 'T'));
      assert.ok(Math.abs(stamped - capturedAt) < 2_000, `stamped ${String(stored[0]?.body['datetime'])}`);
    } finally {
      await stopListening(server);
      door.close();
    }
  });
});
