import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transformUnits, type Units } from '../../../src/analytics/transform/units-transform.ts';
import type { Observation } from '../../../src/timeseries/observation.ts';
import { hasRealData, realFredObservations } from '../../support/replay-data.ts';

const valueOn = (points: readonly Observation[], date: string) => points.find((p) => p.date === date)?.value;

/**
 * Each transform against FRED's published formula, on the real files: the expected value is computed by hand
 * from the two rows of the file it needs (quoted), to 6 decimals as the service rounds.
 */
describe("FRED's units transforms on the real files", { skip: !hasRealData() && 'no ../shared/data/real' }, () => {
  const walcl = realFredObservations('WALCL'); // weekly, Wednesdays
  const m2 = realFredObservations('M2SL'); // monthly
  const debt = realFredObservations('GFDEGDQ188S'); // quarterly
  const rrp = realFredObservations('RRPONTSYD'); // daily, weekdays with empty holidays
  const check = (points: Observation[], grid: Parameters<typeof transformUnits>[1], units: Units, date: string) =>
    valueOn(transformUnits(points, grid, units), date);

  it('chg: x(t) − x(t−1); WALCL 2026-08-26 6,730,912 − 2026-08-19 6,745,699', () => {
    assert.equal(check(walcl, 'weeks', 'chg', '2026-08-26'), -14_787);
  });
  it('ch1: x(t) − x(t−52) on a weekly series; WALCL 2026-08-26 − 2025-08-27 (6,603,384)', () => {
    assert.equal(check(walcl, 'weeks', 'ch1', '2026-08-26'), 127_528);
  });
  it('pch: (x(t)/x(t−1) − 1)·100; M2SL 2026-05 23,052.3 over 2026-04 22,804.5', () => {
    assert.equal(check(m2, 'months', 'pch', '2026-05-01'), 1.086628);
  });
  it('pc1: (x(t)/x(t−12) − 1)·100; M2SL 2026-05 over 2025-05 21,833.9', () => {
    assert.equal(check(m2, 'months', 'pc1', '2026-05-01'), 5.580313);
  });
  it('pca: ((x(t)/x(t−1))^4 − 1)·100 on a quarterly series; GFDEGDQ188S 2025-Q4 122.56815 over Q3 121.02875', () => {
    assert.equal(check(debt, 'quarters', 'pca', '2025-10-01'), 5.185611);
  });
  it('cch: (ln x(t) − ln x(t−1))·100; RRPONTSYD 2025-07-01 245.530 after 2025-06-30 460.731', () => {
    assert.equal(check(rrp, 'weekdays', 'cch', '2025-07-01'), -62.939522);
  });
  it('cca: 12·(ln x(t) − ln x(t−1))·100; M2SL 2026-05 over 2026-04', () => {
    assert.equal(check(m2, 'months', 'cca', '2026-05-01'), 12.969195);
  });
  it('log: ln x(t); WALCL 2026-08-26', () => {
    assert.equal(check(walcl, 'weeks', 'log', '2026-08-26'), 15.722221);
  });
  it('a daily year is 260 weekdays (exactly 52 weeks): RRPONTSYD 2025-07-01 over 2024-07-02 (443.369)', () => {
    assert.equal(check(rrp, 'weekdays', 'pc1', '2025-07-01'), -44.621748);
  });
  it('a lag onto a holiday row gives no value, as FRED’s x(t−1) is missing: RRPONTSYD after 2025-07-04', () => {
    const changes = transformUnits(rrp, 'weekdays', 'chg');
    assert.equal(valueOn(changes, '2025-07-07'), undefined);
    assert.equal(valueOn(changes, '2025-07-04'), undefined);
    assert.equal(valueOn(changes, '2025-07-08'), 1.385); // 219.415 − 218.030
    // Monday after an ordinary weekend: its Friday.
    assert.equal(valueOn(changes, '2025-06-30'), round6(460.731 - valueOn(rrp, '2025-06-27')!));
  });
  it('lin is the series itself', () => {
    assert.deepEqual(transformUnits(m2, 'months', 'lin'), m2);
  });
});

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

describe('units transforms on small fixtures', () => {
  const monthly = [
    { date: '2025-10-01', value: 0 },
    { date: '2025-11-01', value: 100 },
    { date: '2026-10-01', value: 50 },
    { date: '2026-11-01', value: 103 },
  ];
  it('pc1 compares the same month a year back; a missing month gives no value', () => {
    assert.deepEqual(transformUnits(monthly, 'months', 'pc1'), [{ date: '2026-11-01', value: 3 }]);
  });
  it('a ratio over zero and the log of a value ≤ 0 give no value rather than Infinity or NaN', () => {
    assert.deepEqual(transformUnits(monthly, 'months', 'ch1'), [
      { date: '2026-10-01', value: 50 },
      { date: '2026-11-01', value: 3 },
    ]);
    assert.deepEqual(
      transformUnits(monthly, 'months', 'pc1').map((p) => p.date),
      ['2026-11-01'],
    );
    assert.equal(
      transformUnits(monthly, 'months', 'log').some((p) => p.date === '2025-10-01'),
      false,
    );
  });
  it('chg counts rows of a 7-day grid on calendar days', () => {
    const days = [
      { date: '2026-11-21', value: 1 },
      { date: '2026-11-22', value: 4 },
    ];
    assert.deepEqual(transformUnits(days, 'days', 'chg'), [{ date: '2026-11-22', value: 3 }]);
  });
});
