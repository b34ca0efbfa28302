import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstLoadAt, seriesAsOf, type VintagedSeries, vintageRows } from '../../src/timeseries/vintages.ts';

// 2024-01-02: first print 10 seen Jan 3, revised to 11 seen Feb 1. 2024-01-03: 20 seen Jan 4, withdrawn Mar 1.
const series: VintagedSeries = {
  dates: ['2024-01-02', '2024-01-03'],
  firstValues: [10, 20],
  firstSeen: ['2024-01-03T00:00:00.000Z', '2024-01-04T00:00:00.000Z'],
  revisions: new Map([
    [0, [{ value: 11, seenAt: '2024-02-01T00:00:00.000Z' }]],
    [1, [{ value: Number.NaN, seenAt: '2024-03-01T00:00:00.000Z' }]],
  ]),
};

describe('point-in-time reads of the stored vintages', () => {
  it('as of an instant: the newest vintage seen by then; unseen and withdrawn dates left out', () => {
    assert.deepEqual(seriesAsOf(series, '2024-01-03T12:00:00.000Z'), [{ date: '2024-01-02', value: 10 }]);
    assert.deepEqual(seriesAsOf(series, '2024-01-15T00:00:00.000Z'), [
      { date: '2024-01-02', value: 10 },
      { date: '2024-01-03', value: 20 },
    ]);
    assert.deepEqual(seriesAsOf(series, '2024-02-15T00:00:00.000Z'), [
      { date: '2024-01-02', value: 11 },
      { date: '2024-01-03', value: 20 },
    ]);
    assert.deepEqual(seriesAsOf(series, '2024-03-02T00:00:00.000Z'), [{ date: '2024-01-02', value: 11 }]);
    assert.deepEqual(seriesAsOf(series, '2024-01-01T00:00:00.000Z'), []);
  });

  it('the revision record: every vintage with when it was seen and superseded; a withdrawal is null', () => {
    assert.deepEqual(vintageRows(series, '2024-01-01', '2024-12-31'), [
      { date: '2024-01-02', value: 10, seenAt: '2024-01-03T00:00:00.000Z', supersededAt: '2024-02-01T00:00:00.000Z' },
      { date: '2024-01-02', value: 11, seenAt: '2024-02-01T00:00:00.000Z', supersededAt: null },
      { date: '2024-01-03', value: 20, seenAt: '2024-01-04T00:00:00.000Z', supersededAt: '2024-03-01T00:00:00.000Z' },
      { date: '2024-01-03', value: null, seenAt: '2024-03-01T00:00:00.000Z', supersededAt: null },
    ]);
    assert.equal(vintageRows(series, '2024-01-03', '2024-01-03').length, 2);
  });

  it('the store’s first load is the earliest first-seen instant of any series', () => {
    assert.equal(firstLoadAt(new Map([['a', series]])), '2024-01-03T00:00:00.000Z');
    assert.equal(firstLoadAt(new Map()), null);
  });
});
