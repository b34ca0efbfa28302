import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { firstIndexOnOrAfter, lastIndexOnOrBefore, valueAsOf } from '../../src/timeseries/as-of.ts';
import { addDays } from '../../src/timeseries/dates.ts';
import { currentSeries, currentValue, type VintagedSeries } from '../../src/timeseries/vintages.ts';

const series = [
  { date: '2024-01-01', value: 1 },
  { date: '2024-01-03', value: 3 },
  { date: '2024-01-10', value: 10 },
];

describe('as-of lookups', () => {
  it('finds the last observation on or before a date, and the first on or after', () => {
    assert.equal(lastIndexOnOrBefore(series, '2023-12-31'), -1);
    assert.equal(lastIndexOnOrBefore(series, '2024-01-02'), 0);
    assert.equal(lastIndexOnOrBefore(series, '2024-01-03'), 1);
    assert.equal(firstIndexOnOrAfter(series, '2024-01-02'), 1);
    assert.equal(firstIndexOnOrAfter(series, '2024-02-01'), 3);
  });

  it('agrees with a linear scan on any series', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 400 })),
        fc.integer({ min: -5, max: 405 }),
        (days, probe) => {
          const sorted = [...days].sort((a, b) => a - b).map((d) => ({ date: addDays('2024-01-01', d), value: d }));
          const date = addDays('2024-01-01', probe);
          assert.equal(
            lastIndexOnOrBefore(sorted, date),
            sorted.findLastIndex((o) => o.date <= date),
          );
          const first = sorted.findIndex((o) => o.date >= date);
          assert.equal(firstIndexOnOrAfter(sorted, date), first < 0 ? sorted.length : first);
        },
      ),
    );
  });

  it('carries a value forward only as long as it is recent enough', () => {
    assert.equal(valueAsOf(series, '2024-01-05', 2), 3);
    assert.equal(valueAsOf(series, '2024-01-06', 2), undefined);
  });
});

describe('vintages', () => {
  it('the current value is the newest vintage; a series without revisions is its first print', () => {
    const vintaged: VintagedSeries = {
      dates: ['2024-01-02', '2024-01-03'],
      firstValues: [10, 20],
      firstSeen: ['2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z'],
      revisions: new Map([[0, [{ value: 11, seenAt: '2024-01-10T00:00:00Z' }]]]),
    };
    assert.equal(currentValue(vintaged, 0), 11);
    assert.equal(currentValue(vintaged, 1), 20);
    assert.deepEqual(currentSeries(new Map([['x', vintaged]])).get('x'), [
      { date: '2024-01-02', value: 11 },
      { date: '2024-01-03', value: 20 },
    ]);
  });
});
