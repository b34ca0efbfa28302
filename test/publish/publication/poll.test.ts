import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { pollPublications } from '../../../src/publish/publication/poll.ts';

describe('polling the publication log', () => {
  it('reads the log at each interval, except while this process refreshes; upkeep always', () => {
    mock.timers.enable({ apis: ['setInterval'] });
    try {
      let refreshing = false;
      let syncs = 0;
      let upkeeps = 0;
      const stop = pollPublications({
        everyMs: 5_000,
        refreshing: () => refreshing,
        sync: () => syncs++,
        maintain: () => upkeeps++,
      });
      mock.timers.tick(5_000);
      assert.deepEqual([syncs, upkeeps], [1, 1]);
      // The refresh's process is writing: a read of the embedded store would hold the serving thread meanwhile.
      refreshing = true;
      mock.timers.tick(15_000);
      assert.deepEqual([syncs, upkeeps], [1, 4]);
      refreshing = false;
      mock.timers.tick(5_000);
      assert.deepEqual([syncs, upkeeps], [2, 5]);
      stop();
      mock.timers.tick(50_000);
      assert.deepEqual([syncs, upkeeps], [2, 5], 'stopped');
    } finally {
      mock.timers.reset();
    }
  });
});
