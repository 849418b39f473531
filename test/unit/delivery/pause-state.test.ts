import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PauseState } from '../../../relay/delivery/pause-state.js';

describe('PauseState', () => {
  it('pauses on a token that looks wrong, probing after 5 s, then doubling up to 5 minutes', () => {
    const pause = new PauseState();
    assert.equal(pause.enter('401 from the service', 0), true);
    assert.deepEqual([pause.paused, pause.reason, pause.until], [true, '401 from the service', 5_000]);
    const waits = [5_000, 15_000, 35_000, 75_000, 155_000, 315_000, 615_000].map(
      (now) => (pause.enter('still 401', now), pause.until - now),
    );
    assert.deepEqual(waits, [10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    assert.equal(pause.reason, 'still 401');
  });

  it('says whether a pause began or ended, and starts again from 5 s after one ended', () => {
    const pause = new PauseState();
    assert.equal(pause.leave(), false, 'it was not paused');
    pause.enter('403', 0);
    assert.equal(pause.enter('403', 5_000), false, 'extending is not beginning');
    assert.equal(pause.leave(), true);
    assert.deepEqual([pause.paused, pause.until], [false, 0]);
    pause.enter('403', 100_000);
    assert.equal(pause.until, 105_000);
  });
});
