import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMON_DAYS } from '../../../src/publish/resources/series/responses.ts';
import {
  defaultDays,
  pointsIn,
  queryKey,
  queryString,
  rangesFor,
  windowLabel,
} from '../../../src/site/charts/window.ts';

const points = ['2024-01-01', '2024-03-31', '2024-06-30', '2024-09-30', '2024-12-31'].map((date, i) => ({
  date,
  value: i,
}));

describe('chart windows on the site', () => {
  it('every offered range is a canonical window, and each frequency gets ranges that hold several prints', () => {
    for (const frequency of ['daily', 'weekly', 'monthly', 'quarterly'] as const) {
      for (const [days] of rangesFor(frequency)) assert.ok(COMMON_DAYS.includes(days), `${frequency} ${days}`);
      assert.ok(COMMON_DAYS.includes(defaultDays(frequency)));
    }
    assert.ok(!rangesFor('quarterly').some(([days]) => days < 1826), 'no 3-month plot of a quarterly series');
    assert.equal(defaultDays('quarterly'), 4000);
  });

  it('ranges are named by the span they show: none longer than the data, the longest by its real years', () => {
    // SOFR − IORB: daily data from 2018-04-03 to 2026-08-26, 3,068 days.
    assert.deepEqual(rangesFor('daily', 3068), [
      [90, '3 months'],
      [365, '1 year'],
      [1826, '5 years'],
      [4000, 'Max (8 years)'],
    ]);
    assert.deepEqual(rangesFor('weekly', 300), [
      [180, '6 months'],
      [4000, 'Max (1 year)'],
    ]);
    assert.equal(rangesFor('monthly', 9000).at(-1)![1], 'Max (11 years)', 'longer data: the window is what is shown');
  });

  it('a trailing window counts back from the last point; a range keeps start ≤ date ≤ end', () => {
    assert.deepEqual(
      pointsIn(points, { days: 93 }).map((p) => p.date),
      ['2024-09-30', '2024-12-31'],
    );
    assert.deepEqual(
      pointsIn(points, { start: '2024-03-01', end: '2024-09-30' }).map((p) => p.date),
      ['2024-03-31', '2024-06-30', '2024-09-30'],
    );
    assert.deepEqual(
      pointsIn(points, { start: '2024-10-01', end: null }).map((p) => p.date),
      ['2024-12-31'],
    );
  });

  it('labels, cache keys and links of a query', () => {
    assert.equal(windowLabel({ days: 1826 }, 'daily'), '5 years');
    assert.equal(windowLabel({ start: '2020-01-01', end: '2021-06-30' }, 'daily'), 'Jan 1, 2020 – Jun 30, 2021');
    assert.equal(queryKey({ window: { start: '2020-01-01', end: null }, compare: 'onrrp' }), '2020-01-01..+onrrp');
    assert.equal(queryString({ window: { days: 365 }, compare: null }, 365), '');
    assert.equal(queryString({ window: { days: 90 }, compare: 'vix' }, 365), '?days=90&compare=vix');
  });
});
