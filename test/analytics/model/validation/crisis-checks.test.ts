import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelRun } from '../../../../src/analytics/model/liquidity-model.ts';
import { businessDays } from '../../../../src/analytics/model/point-in-time.ts';
import { crisisChecks } from '../../../../src/analytics/model/validation/crisis-checks.ts';
import { fromDayNumber } from '../../../../src/timeseries/dates.ts';

/** A run whose headline is 50 everywhere except where `at` says, and whose funding sub-index is given. */
function fakeRun(from: string, to: string, at: Record<string, number>, funding: (date: string) => number): ModelRun {
  const grid = businessDays(from, to);
  const dates = Array.from(grid, fromDayNumber);
  return {
    grid,
    headline: Float64Array.from(dates, (d) => at[d] ?? 50),
    groups: { funding: Float64Array.from(dates, funding) },
  } as unknown as ModelRun;
}

describe('crisis checks', () => {
  it('a hit on the 10th business day after the date, a miss on the 11th, null before warm-up', () => {
    // 2008-09-15 is a Monday: the 10th business day after it is 2008-09-29.
    const hit = crisisChecks(fakeRun('2003-01-01', '2026-01-01', { '2008-09-29': 85 }, () => 0.5));
    const lehman = hit.find((c) => c.id === 'lehman')!;
    assert.deepEqual([lehman.hit, lehman.peak, lehman.firstHit], [true, 85, '2008-09-29']);
    const late = crisisChecks(fakeRun('2003-01-01', '2026-01-01', { '2008-09-30': 85 }, () => 0.5));
    assert.equal(late.find((c) => c.id === 'lehman')!.hit, false);
    const unscored = crisisChecks(fakeRun('2010-01-01', '2026-01-01', {}, () => 0.5));
    assert.equal(unscored.find((c) => c.id === 'lehman')!.hit, null);
  });

  it('funding: its own trailing 5-year percentile must reach 90 within 5 business days', () => {
    const spike = (d: string) => (d === '2019-09-18' ? 0.9 : 0.5 + 0.1 * Math.sin(Number(d.slice(8, 10))));
    const checks = crisisChecks(fakeRun('2003-01-01', '2026-01-01', {}, spike));
    const repo = checks.find((c) => c.id === 'repo-2019')!;
    assert.deepEqual([repo.hit, repo.firstHit], [true, '2019-09-18']);
    assert.equal(repo.peak, 100);
    assert.equal(checks.find((c) => c.id === 'month-end-2025')!.hit, false);
  });
});
