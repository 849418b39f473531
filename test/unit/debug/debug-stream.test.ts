import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Koa from 'koa';
import { debugStream } from '../../../relay/debug/debug-stream.js';
import { RecordFeed } from '../../../relay/debug/record-feed.js';
import { listen, stopListening } from '../../../relay/http/listen.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';
import { readEventStream, type StreamEvent } from '../../helpers/event-stream.js';

const step = (key: string): RecordStep => ({ state: 'accepted', kind: 'event', key, source: 'collect' });
const keysOf = (events: StreamEvent[]) =>
  events.filter((e) => e.event === 'record').map((e) => (e.data as { key: string }).key);
const statsOf = (events: StreamEvent[]) => events.filter((e) => e.event === 'stats').map((e) => e.data);

/**
 * `GET /_debug/stream` alone on a real Koa server over a real feed; the snapshot counts its calls.
 * `unsubscribed` resolves once a viewer's listener has been taken off the feed.
 */
async function streamServer(t: TestContext, snapshotEveryMs = 60_000) {
  let unsubscribed!: () => void;
  const gone = new Promise<void>((resolve) => (unsubscribed = resolve));
  class WatchedFeed extends RecordFeed {
    override subscribe(...args: Parameters<RecordFeed['subscribe']>): () => void {
      const unsubscribe = super.subscribe(...args);
      return () => (unsubscribed(), unsubscribe());
    }
  }
  const feed = new WatchedFeed({ now: () => 1_000 });
  let snapshots = 0;
  const app = new Koa();
  // A viewer gone mid-stream ends its pipe early: Koa reports it, the relay logs it at debug level.
  app.on('error', () => undefined);
  const route = debugStream({ feed, snapshot: async () => ({ snapshot: ++snapshots }), snapshotEveryMs });
  app.use((ctx) => route(ctx));
  const { server, url } = await listen(app.callback(), 0, '127.0.0.1');
  t.after(async () => {
    feed.close();
    // A connection fetch opened and never used would hold the stop until the client's keep-alive ends.
    server.closeAllConnections();
    await stopListening(server);
  });
  return { feed, url: `${url}/_debug/stream`, gone };
}

describe('debugStream({ feed, snapshot }) on a real Koa server', () => {
  it('opens with a retry delay, the entries after Last-Event-ID, then the stats, as an unbuffered event stream', async (t) => {
    const { feed, url } = await streamServer(t);
    for (const key of ['evt-1', 'evt-2', 'evt-3']) feed.publish(step(key));
    const { events, raw, headers } = await readEventStream(url, { 'last-event-id': '1' }, (e) => statsOf(e).length > 0);
    assert.match(raw, /^retry: 2000\n\n/);
    assert.deepEqual(keysOf(events), ['evt-2', 'evt-3']);
    assert.deepEqual(
      events.map((e) => e.id ?? e.event),
      ['2', '3', 'stats'],
    );
    assert.deepEqual(statsOf(events), [{ snapshot: 1 }]);
    assert.deepEqual(
      ['content-type', 'cache-control', 'x-accel-buffering', 'connection'].map((name) => headers.get(name)),
      ['text/event-stream; charset=utf-8', 'no-store', 'no', 'close'],
    );
  });

  it('resumes from ?since= when the browser sends no Last-Event-ID, and replays everything for one that is not a number', async (t) => {
    const { feed, url } = await streamServer(t);
    for (const key of ['evt-1', 'evt-2', 'evt-3']) feed.publish(step(key));
    const since = await readEventStream(`${url}?since=2`, {}, (e) => statsOf(e).length > 0);
    assert.deepEqual(keysOf(since.events), ['evt-3']);
    const garbled = await readEventStream(url, { 'last-event-id': 'abc' }, (e) => statsOf(e).length > 0);
    assert.deepEqual(keysOf(garbled.events), ['evt-1', 'evt-2', 'evt-3']);
  });

  it('sends each new entry as it is published, and the stats again every interval', async (t) => {
    const { feed, url } = await streamServer(t, 20);
    let published = false;
    const { events } = await readEventStream(url, {}, (e) => {
      if (!published && statsOf(e).length > 0) {
        published = true;
        feed.publish(step('evt-live'));
      }
      return keysOf(e).includes('evt-live') && statsOf(e).length >= 3;
    });
    assert.deepEqual(keysOf(events), ['evt-live']);
    assert.equal(events.find((e) => e.event === 'record')?.id, '1');
    assert.deepEqual(statsOf(events).slice(0, 3), [{ snapshot: 1 }, { snapshot: 2 }, { snapshot: 3 }]);
  });

  it('ends the stream when the feed closes at shutdown, so no viewer holds the server open', async (t) => {
    const { feed, url } = await streamServer(t);
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    assert.equal(feed.viewers, 1, 'the answer began: the viewer listens');
    feed.close();
    assert.match(await response.text(), /^retry: 2000\n\n/);
    assert.equal(feed.viewers, 0);
  });

  it('takes a viewer that went away off the feed', async (t) => {
    const { feed, url, gone } = await streamServer(t);
    await readEventStream(url, {}, (e) => statsOf(e).length > 0);
    const deadline = new AbortController();
    t.after(() => deadline.abort());
    await Promise.race([
      gone,
      sleep(5_000, undefined, { signal: deadline.signal }).then(
        () => assert.fail('the viewer stayed on the feed'),
        () => undefined, // the deadline, called off once the test ended
      ),
    ]);
    assert.equal(feed.viewers, 0);
  });
});
