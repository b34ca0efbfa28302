import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RefreshProgress } from '../src/publish/resources/health.ts';
import { refreshProgressWatch } from '../src/refresh-progress.ts';

describe('the progress of a refresh, for /api/health', () => {
  it('counts series done of the total and estimates the time left from the pace so far, then clears', () => {
    const shown: Array<RefreshProgress | null> = [];
    let clockMs = Date.parse('2026-11-26T06:00:00Z');
    const watch = refreshProgressWatch(
      (progress) => shown.push(progress),
      () => new Date(clockMs),
    );
    watch.opened('schedule');
    assert.deepEqual(shown.at(-1), {
      trigger: 'schedule',
      startedAt: '2026-11-26T06:00:00.000Z',
      done: 0,
      total: 0,
      estimatedSecondsLeft: null,
    });
    watch.begin?.(['a', 'b', 'c', 'd'].map((seriesId) => ({ seriesId, source: 'fred:X' })));
    clockMs += 3_000;
    watch.finished?.({ seriesId: 'a', source: 'fred:X', status: 'ok', added: 1, revisions: 0, message: null, ms: 3 });
    assert.equal(shown.at(-1)?.done, 1);
    assert.equal(shown.at(-1)?.total, 4);
    assert.equal(shown.at(-1)?.estimatedSecondsLeft, 9, '3 s a series, 3 left');
    watch.closed();
    assert.equal(shown.at(-1), null);
  });
});
