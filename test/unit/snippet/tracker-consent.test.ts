import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_MS } from '../../../snippet/batch-sender.js';
import { createIdentity } from '../../../snippet/identity.js';
import { QUEUE_KEY, createRetryQueue } from '../../../snippet/retry-queue.js';
import { createTracker } from '../../../snippet/tracker.js';
import { FakeTransport, MemoryCookies, MemoryStore, snippetEvent } from '../../helpers/snippet-fakes.js';

/** A tracker still waiting for its consent, as the browser build starts it. */
function tracker(store = new MemoryStore()) {
  const transport = new FakeTransport();
  const cookies = new MemoryCookies();
  const t = createTracker({
    transport,
    queue: createRetryQueue(store),
    identity: createIdentity(cookies, store),
    page: () => 'https://shop.example/',
    log: () => 0,
  });
  const names = () => transport.sent.map((batch) => batch.map((e) => e.event_name));
  return { t, transport, cookies, names };
}

describe("the tracker's decisions on consent (snippet/tracker.ts decide)", () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it("on the shopper's grant writes _sb_c and the ids at once and sends what waited with other pages' stored events; on a refusal forgets them", () => {
    const store = new MemoryStore();
    store.set(QUEUE_KEY, JSON.stringify([snippetEvent({ event_id: 'left-over' })]));
    const { t, transport, cookies } = tracker(store);
    t.command('track', 'Held', {});
    t.decide(true, 1);
    assert.equal(cookies.get('_sb_c'), '1');
    assert.match(cookies.get('_sb_uid') ?? '', /^[\w-]{8,64}$/);
    mock.timers.tick(0);
    assert.deepEqual(
      transport.sent.map((batch) => batch.map((e) => e.event_id === 'left-over' || e.event_name)),
      [[true, 'Held']],
    );
    t.decide(false, 1);
    assert.deepEqual([...cookies.cookies.keys()], ['_sb_c']);
    assert.equal(cookies.get('_sb_c'), '0');
    assert.equal(store.values.get('_sb_uid'), '');
  });

  it('starts in the state the page gives unless a choice was made on the page first, and writes no _sb_c for it', () => {
    const granted = tracker();
    granted.t.command('track', 'Held', {});
    granted.t.decide(true);
    mock.timers.tick(0);
    assert.deepEqual(granted.names(), [['Held']]);
    assert.equal(granted.cookies.get('_sb_c'), undefined);

    const chosen = tracker();
    chosen.t.command('consent', false);
    chosen.t.decide(true);
    chosen.t.command('track', 'After Refusal', {});
    mock.timers.tick(BATCH_MS);
    assert.deepEqual([chosen.names(), chosen.cookies.get('_sb_c')], [[], '0']);
  });
});
