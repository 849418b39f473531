import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RecordFeed } from '../../../relay/debug/record-feed.js';
import type { RecordStep } from '../../../relay/pipeline/record-step.js';

const step = (n: number) =>
  ({ step: 'accepted', kind: 'event', key: `e-${n}`, source: 'collect' }) as unknown as RecordStep;

describe("RecordFeed (the debugger's history)", () => {
  it('keeps only the newest entries up to its capacity, numbered in order', () => {
    const feed = new RecordFeed({ capacity: 3, now: () => 1_000 });
    for (let n = 1; n <= 5; n++) feed.publish(step(n));
    assert.deepEqual(
      feed.since().map((entry) => entry.seq),
      [3, 4, 5],
    );
    assert.deepEqual(
      feed.since(4).map((entry) => entry.seq),
      [5],
    );
  });

  it('hands each entry to its viewers as it comes, and closes them when the relay shuts down', () => {
    const feed = new RecordFeed();
    const seen: number[] = [];
    let closed = 0;
    feed.subscribe(
      (entry) => seen.push(entry.seq),
      () => closed++,
    );
    feed.publish(step(1));
    assert.equal(feed.viewers, 1);
    feed.close();
    assert.deepEqual([seen, closed], [[1], 1]);
    feed.subscribe(
      () => undefined,
      () => closed++,
    );
    assert.equal(closed, 2, 'a viewer arriving after the close is closed at once');
  });
});
