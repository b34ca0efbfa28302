import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { averageRanks } from '../../../src/analytics/stats/average-ranks.ts';
import { logGamma } from '../../../src/analytics/stats/log-gamma.ts';
import { pearson } from '../../../src/analytics/stats/pearson.ts';
import { spearman } from '../../../src/analytics/stats/spearman.ts';
import { tTwoSidedP } from '../../../src/analytics/stats/student-t.ts';
import { welchTTest } from '../../../src/analytics/stats/welch-t-test.ts';

describe('rank correlation', () => {
  it('matches hand-computed values', () => {
    assert.deepEqual(averageRanks([10, 20, 20, 5]), [2, 3.5, 3.5, 1]);
    assert.ok(Math.abs(spearman([1, 2, 3, 4], [10, 20, 30, 25]) - 0.8) < 1e-12);
    assert.equal(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 100]), 1, 'monotone, whatever the scale');
    assert.ok(Math.abs(pearson([1, 2, 3], [1, 2, 4]) - 0.9819805060619657) < 1e-12);
  });
});

describe("Student's t", () => {
  it('reproduces table values', () => {
    assert.ok(Math.abs(tTwoSidedP(2.228, 10) - 0.05) < 5e-4);
    assert.ok(Math.abs(tTwoSidedP(1.96, 1e6) - 0.05) < 5e-4);
    assert.ok(Math.abs(tTwoSidedP(0, 7) - 1) < 1e-12);
    assert.ok(Math.abs(logGamma(5) - Math.log(24)) < 1e-12);
  });

  it("Welch's test matches a hand computation", () => {
    // a: mean 3, var 2.5, n 5; b: mean 6, var 2.5, n 5 → t = -3 / √(0.5 + 0.5) = -3, df = 8.
    const result = welchTTest([1, 2, 3, 4, 5], [4, 5, 6, 7, 8]);
    assert.ok(Math.abs(result.t + 3) < 1e-12);
    assert.ok(Math.abs(result.df - 8) < 1e-12);
    assert.ok(Math.abs(result.p - 0.01707) < 1e-4);
  });
});
