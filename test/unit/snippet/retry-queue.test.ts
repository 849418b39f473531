import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QUEUE_KEY, createRetryQueue } from '../../../snippet/retry-queue.js';
import { MemoryStore, snippetEvent } from '../../helpers/snippet-fakes.js';

const stored = (store: MemoryStore) => JSON.parse(store.values.get(QUEUE_KEY) ?? '[]') as { event_id: string }[];
const ids = (events: { event_id: string }[]) => events.map((e) => e.event_id);

describe('the snippet retry queue (snippet/retry-queue.ts)', () => {
  it('keeps a capture in memory only, and writes storage when the batch is read', () => {
    const store = new MemoryStore();
    const queue = createRetryQueue(store);
    queue.add(snippetEvent({ event_id: 'a' }));
    assert.equal(store.values.has(QUEUE_KEY), false);
    assert.deepEqual(ids(queue.all()), ['a']);
    assert.deepEqual(ids(stored(store)), ['a']);
  });

  it("sends another tab's stored events with its own, each once, the stored ones first", () => {
    const store = new MemoryStore();
    store.set(QUEUE_KEY, JSON.stringify([snippetEvent({ event_id: 'other-tab' }), snippetEvent({ event_id: 'mine' })]));
    const queue = createRetryQueue(store);
    queue.add(snippetEvent({ event_id: 'mine' }));
    assert.deepEqual(ids(queue.all()), ['other-tab', 'mine']);
  });

  it('never writes back an event a relay confirmed, even while another tab still lists it', () => {
    const store = new MemoryStore();
    const queue = createRetryQueue(store);
    queue.add(snippetEvent({ event_id: 'sent' }));
    queue.add(snippetEvent({ event_id: 'waiting' }));
    queue.all();
    queue.remove(['sent']);
    store.set(QUEUE_KEY, JSON.stringify([snippetEvent({ event_id: 'sent' }), snippetEvent({ event_id: 'waiting' })]));
    assert.deepEqual(ids(queue.all()), ['waiting']);
    assert.deepEqual(ids(stored(store)), ['waiting']);
  });

  it('leaves out events captured more than 24 hours ago', () => {
    const store = new MemoryStore();
    const queue = createRetryQueue(store);
    queue.add(snippetEvent({ event_id: 'stale', captured_at: Date.now() - 86_400_001 }));
    queue.add(snippetEvent({ event_id: 'fresh' }));
    assert.deepEqual(ids(queue.all()), ['fresh']);
  });

  it('holds at most 100 events, dropping the oldest first', () => {
    const queue = createRetryQueue(new MemoryStore());
    for (let i = 0; i < 105; i++) queue.add(snippetEvent({ event_id: `e${i}` }));
    const kept = ids(queue.all());
    assert.equal(kept.length, 100);
    assert.equal(kept[0], 'e5');
    assert.equal(kept.at(-1), 'e104');
  });

  it('stores at most 32 KB, dropping the oldest events until the rest fit', () => {
    const store = new MemoryStore();
    const queue = createRetryQueue(store);
    for (let i = 0; i < 40; i++) queue.add(snippetEvent({ event_id: `e${i}`, event: { note: 'x'.repeat(1_000) } }));
    const kept = queue.all();
    assert.ok(kept.length < 40 && kept.length > 20, `${kept.length} kept`);
    assert.equal(kept.at(-1)?.event_id, 'e39');
    assert.ok((store.values.get(QUEUE_KEY) ?? '').length <= 32_768);
  });

  it('replaces a corrupted stored entry and carries on where storage is blocked', () => {
    const store = new MemoryStore();
    store.set(QUEUE_KEY, '{not json');
    const queue = createRetryQueue(store);
    queue.add(snippetEvent({ event_id: 'a' }));
    assert.deepEqual(ids(queue.all()), ['a']);
    assert.deepEqual(ids(stored(store)), ['a']);
    store.blocked = true;
    queue.add(snippetEvent({ event_id: 'b' }));
    assert.deepEqual(ids(queue.all()), ['a', 'b']);
  });

  it('forgets every event on clear, in memory and in storage', () => {
    const store = new MemoryStore();
    const queue = createRetryQueue(store);
    queue.add(snippetEvent());
    queue.all();
    queue.clear();
    assert.equal(store.values.get(QUEUE_KEY), '');
    assert.deepEqual(queue.all(), []);
  });
});
