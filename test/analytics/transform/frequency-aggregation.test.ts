import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregate, canAggregate, periodOf } from '../../../src/analytics/transform/frequency-aggregation.ts';
import type { Observation } from '../../../src/timeseries/observation.ts';
import { hasRealData, realFredObservations } from '../../support/replay-data.ts';

const valueOn = (points: readonly Observation[], date: string) => points.find((p) => p.date === date)?.value;

describe("FRED's frequency aggregation on the real files", { skip: !hasRealData() && 'no ../shared/data/real' }, () => {
  const rrp = realFredObservations('RRPONTSYD'); // daily, weekdays; holidays empty
  const m2 = realFredObservations('M2SL');
  const walcl = realFredObservations('WALCL');

  it('m/avg: the mean of the month’s values, dated the 1st (RRPONTSYD June 2025: 20 values, mean 194.60695)', () => {
    const june = rrp.filter((o) => o.date.startsWith('2025-06'));
    assert.equal(june.length, 20);
    assert.equal(valueOn(aggregate(rrp, 'weekdays', 'm', 'avg'), '2025-06-01'), 194.60695);
  });
  it('m/eop: the month’s last value (RRPONTSYD 2025-06-30: 460.731); m/sum: their sum', () => {
    assert.equal(valueOn(aggregate(rrp, 'weekdays', 'm', 'eop'), '2025-06-01'), 460.731);
    const sum = rrp.filter((o) => o.date.startsWith('2025-06')).reduce((s, o) => s + o.value, 0);
    assert.equal(valueOn(aggregate(rrp, 'weekdays', 'm', 'sum'), '2025-06-01'), Math.round(sum * 1e6) / 1e6);
  });
  it('w: the week ending Friday, dated that Friday; a holiday is ignored (week of 2025-07-04: 4 values, 289.55825)', () => {
    assert.equal(valueOn(aggregate(rrp, 'weekdays', 'w', 'avg'), '2025-07-04'), 289.55825);
    assert.deepEqual(aggregate(rrp, 'weekdays', 'wef', 'avg'), aggregate(rrp, 'weekdays', 'w', 'avg'));
  });
  it('wew: the week ending Wednesday (Thu 2025-06-26 … Wed 07-02: 5 values, 296.3484)', () => {
    assert.equal(valueOn(aggregate(rrp, 'weekdays', 'wew', 'avg'), '2025-07-02'), 296.3484);
  });
  it('q/avg of a monthly series: (22,429.3 + 22,626.9 + 22,686.2) / 3 for 2026-Q1; Q2 has 2 of 3 months: left out', () => {
    const quarters = aggregate(m2, 'months', 'q', 'avg');
    assert.equal(valueOn(quarters, '2026-01-01'), 22_580.8);
    assert.equal(valueOn(quarters, '2026-04-01'), undefined);
    assert.equal(quarters.at(-1)!.date, '2026-01-01');
    assert.equal(aggregate(m2, 'months', 'a', 'avg').at(-1)!.date, '2025-01-01');
  });
  it('a month the series has not finished is left out: RRPONTSYD ends Wed 2026-07-29, July 2026 is absent', () => {
    const months = aggregate(rrp, 'weekdays', 'm', 'avg');
    assert.equal(months.at(-1)!.date, '2026-06-01');
  });
  it('a weekly series to months, eop: WALCL August 2026 is its last Wednesday, 2026-08-26 (6,730,912)', () => {
    assert.equal(valueOn(aggregate(walcl, 'weeks', 'm', 'eop'), '2026-08-01'), 6_730_912);
  });
});

describe('frequency aggregation on small fixtures', () => {
  it('periods: weeks end on Friday (w) or Wednesday (wew) and are dated by that day; months, quarters and years by their 1st', () => {
    assert.deepEqual(periodOf('2026-11-25', 'w'), { label: '2026-11-27', start: '2026-11-21', end: '2026-11-27' });
    assert.deepEqual(periodOf('2026-11-25', 'wew'), { label: '2026-11-25', start: '2026-11-19', end: '2026-11-25' });
    assert.deepEqual(periodOf('2026-11-25', 'q'), { label: '2026-10-01', start: '2026-10-01', end: '2026-12-31' });
    assert.deepEqual(periodOf('2024-02-10', 'm'), { label: '2024-02-01', start: '2024-02-01', end: '2024-02-29' });
    assert.deepEqual(periodOf('2026-11-25', 'a'), { label: '2026-01-01', start: '2026-01-01', end: '2026-12-31' });
  });
  it('the documented example: a week the series starts inside is left out', () => {
    const days = [
      { date: '2026-11-18', value: 1 },
      { date: '2026-11-19', value: 2 },
      { date: '2026-11-20', value: 3 },
      ...['23', '24', '25', '26', '27'].map((d) => ({ date: `2026-11-${d}`, value: 4 })),
    ];
    assert.deepEqual(aggregate(days, 'weekdays', 'w', 'avg'), [{ date: '2026-11-27', value: 4 }]);
  });
  it('one holiday on the month’s last weekday does not drop the month; two missing days do', () => {
    const may = (last: number) =>
      [1, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 25, 26, 27, 28, 29]
        .filter((d) => d <= last)
        .map((d) => ({ date: `2026-05-${String(d).padStart(2, '0')}`, value: d }));
    // May 2026 ends on Friday 29; a series ending Thursday 28 (the 29th a holiday) keeps May, one ending the 27th not.
    assert.equal(aggregate(may(28), 'weekdays', 'm', 'eop').at(-1)?.value, 28);
    assert.deepEqual(aggregate(may(27), 'weekdays', 'm', 'eop'), []);
  });
  it('refuses to go to a finer frequency', () => {
    assert.equal(canAggregate('monthly', 'w'), false);
    assert.equal(canAggregate('weekly', 'wew'), true);
    assert.equal(canAggregate('daily', 'a'), true);
    assert.equal(canAggregate('quarterly', 'm'), false);
  });
});
