import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_MS, createBatchSender } from '../../../snippet/batch-sender.js';
import { createRetryQueue } from '../../../snippet/retry-queue.js';
import { FakeTransport, MemoryStore, settled, snippetEvent } from '../../helpers/snippet-fakes.js';

function sender() {
  const transport = new FakeTransport();
  const queue = createRetryQueue(new MemoryStore());
  return { transport, queue, sender: createBatchSender(transport, queue, () => queue.all()) };
}

describe('the snippet batch sender (snippet/batch-sender.ts)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('sends what gathered once the batch timer fires, and a confirmed batch leaves the queue', async () => {
    const { transport, queue, sender: s } = sender();
    queue.add(snippetEvent({ event_id: 'a' }));
    s.schedule(BATCH_MS);
    queue.add(snippetEvent({ event_id: 'b' }));
    s.schedule(BATCH_MS);
    mock.timers.tick(BATCH_MS - 1);
    assert.equal(transport.sent.length, 0);
    mock.timers.tick(1);
    assert.deepEqual(
      transport.sent.map((batch) => batch.map((e) => e.event_id)),
      [['a', 'b']],
    );
    await settled();
    assert.deepEqual(queue.all(), []);
  });

  it('sends nothing when the queue is empty', () => {
    const { transport, sender: s } = sender();
    s.flush();
    assert.equal(transport.sent.length, 0);
  });

  it('keeps a failed batch and retries it after 2 s, then 4 s, doubling', async () => {
    const { transport, queue, sender: s } = sender();
    transport.outcomes.push(false, false);
    queue.add(snippetEvent({ event_id: 'a' }));
    s.flush();
    await settled();
    mock.timers.tick(1_999);
    assert.equal(transport.sent.length, 1);
    mock.timers.tick(1);
    assert.equal(transport.sent.length, 2);
    await settled();
    mock.timers.tick(3_999);
    assert.equal(transport.sent.length, 2);
    mock.timers.tick(1);
    assert.equal(transport.sent.length, 3);
    await settled();
    assert.deepEqual(queue.all(), [], 'the third send was confirmed');
  });

  it('waits no longer than a minute between retries', async () => {
    const { transport, queue, sender: s } = sender();
    transport.outcomes.push(...Array<boolean>(8).fill(false));
    queue.add(snippetEvent());
    s.flush();
    for (let i = 0; i < 8; i++) {
      await settled();
      mock.timers.tick(60_000);
    }
    assert.equal(transport.sent.length, 9);
  });

  it('never sends the same events twice at once: a flush while a send is out waits for it', async () => {
    const { transport, queue, sender: s } = sender();
    transport.held = true;
    queue.add(snippetEvent({ event_id: 'a' }));
    s.flush();
    s.flush();
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent.length, 1);
    transport.answer(true);
    await settled();
    mock.timers.tick(BATCH_MS);
    assert.equal(transport.sent.length, 1, 'the confirmed event is not sent again');
  });

  it('beacons the queue as the page hides and keeps it until a later send confirms it', () => {
    const { transport, queue, sender: s } = sender();
    s.beacon();
    assert.equal(transport.beaconed.length, 0, 'nothing to beacon');
    queue.add(snippetEvent({ event_id: 'a' }));
    s.beacon();
    assert.deepEqual(
      transport.beaconed.map((batch) => batch.map((e) => e.event_id)),
      [['a']],
    );
    assert.deepEqual(
      queue.all().map((e) => e.event_id),
      ['a'],
    );
  });
});
