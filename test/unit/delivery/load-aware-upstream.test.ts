import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createIngestLoad } from '../../../relay/delivery/ingest-load.js';
import { LoadAwareUpstream } from '../../../relay/delivery/load-aware-upstream.js';
import type { Upstream } from '../../../relay/delivery/upstream-client.js';

/** A side that answers with its own name and counts how it was ended. */
function side(name: string) {
  const ended: string[] = [];
  const upstream: Upstream = {
    post: async () => ({ status: 202, body: name, retryAfter: undefined }),
    close: async () => void ended.push('close'),
    destroy: async () => void ended.push('destroy'),
  };
  return { upstream, ended };
}

describe('LoadAwareUpstream, the calls on the loop or on their thread (relay/delivery/load-aware-upstream.ts)', () => {
  it('calls on the loop while nothing arrives, and on the thread within a second of the last record arriving', async () => {
    let clock = 0;
    const ingest = createIngestLoad(() => clock);
    const loop = side('loop');
    const thread = side('thread');
    const upstream = new LoadAwareUpstream(loop.upstream, thread.upstream, () => ingest.arrivingWithin(1_000));
    const via = async () => (await upstream.post('/v1/track', '{}')).body;
    assert.equal(await via(), 'loop', 'a drain with nobody arriving');
    ingest.touch(3);
    clock += 999;
    assert.equal(await via(), 'thread');
    clock += 1;
    assert.equal(await via(), 'loop');
  });

  it('closes and destroys both sides', async () => {
    const loop = side('loop');
    const thread = side('thread');
    const upstream = new LoadAwareUpstream(loop.upstream, thread.upstream, () => false);
    await upstream.close();
    await upstream.destroy();
    assert.deepEqual(
      [loop.ended, thread.ended],
      [
        ['close', 'destroy'],
        ['close', 'destroy'],
      ],
    );
  });
});
