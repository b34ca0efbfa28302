import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { averageRanks } from '../../../src/analytics/stats/average-ranks.ts';
import { type BlockResample, blockBootstrapInterval } from '../../../src/analytics/stats/block-bootstrap.ts';
import { logGamma } from '../../../src/analytics/stats/log-gamma.ts';
import { neweyWestVariance } from '../../../src/analytics/stats/newey-west.ts';
import { pearson } from '../../../src/analytics/stats/pearson.ts';
import { quantileSorted } from '../../../src/analytics/stats/quantile-sorted.ts';
import { SortedWindow } from '../../../src/analytics/stats/sorted-window.ts';
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

describe('validation statistics (issue 12)', () => {
  it('quantiles interpolate between order statistics (type 7)', () => {
    assert.equal(quantileSorted([1, 2, 3, 4], 0.5), 2.5);
    assert.ok(Math.abs(quantileSorted([1, 2, 3, 4], 0.05) - 1.15) < 1e-12);
    assert.equal(quantileSorted([7], 0.9), 7);
    assert.ok(Number.isNaN(quantileSorted([], 0.5)));
  });

  it('Newey–West adds the Bartlett-weighted autocovariances', () => {
    assert.equal(neweyWestVariance([1, -1, 1, -1], 0), 4);
    // Lag 1: 4 + 2 × (1 − 1/2) × (−3) = 1.
    assert.equal(neweyWestVariance([1, -1, 1, -1], 1), 1);
    // Positively autocorrelated terms: the overlap raises the variance.
    assert.ok(neweyWestVariance([1, 1, 1, 1], 3) > neweyWestVariance([1, 1, 1, 1], 0));
  });

  it('the block bootstrap is reproducible, covers the estimate, and widens with serial dependence', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    const mean = (resample: BlockResample) => {
      let s = 0;
      let count = 0;
      for (let b = 0; b < resample.count; b++) {
        const length = b === resample.count - 1 ? resample.lastLength : resample.length;
        for (let k = 0; k < length; k++, count++) s += xs[resample.starts[b]! + k]!;
      }
      return s / count;
    };
    const opts = { blockLength: 13, resamples: 2000, seed: 1, level: 0.9 };
    const a = blockBootstrapInterval(100, mean, opts)!;
    assert.deepEqual(blockBootstrapInterval(100, mean, opts), a, 'same seed, same interval');
    assert.deepEqual(a, [35.579, 64.1515]);
    const iid = blockBootstrapInterval(100, mean, { ...opts, blockLength: 1 })!;
    assert.ok(iid[1] - iid[0] < a[1] - a[0], 'blocks keep the trend: a wider interval than i.i.d.');
    assert.equal(blockBootstrapInterval(20, mean, opts), null, 'too short for two blocks');
  });

  it('a sorted window ranks a replacement without changing', () => {
    const w = new SortedWindow(5);
    for (const x of [1, 2, 3]) w.add(x);
    assert.equal(w.rankReplacing(4, 2), (2 + 0.5) / 3);
    assert.equal(w.rankReplacing(2, 2), w.rank(2));
    assert.equal(w.rankReplacing(Number.POSITIVE_INFINITY, 1), (2 + 0.5) / 3);
    assert.equal(w.size, 3);
  });

  it('a sorted window gives 100 × its rank rounded half up exactly, where floating point would round 57.5 down', () => {
    const w = new SortedWindow(20);
    for (let x = 1; x <= 20; x++) w.add(x);
    // 11 below, 1 tie of 20: 57.5 %. 100 × 0.575 is 57.49999999999999 in floating point.
    assert.equal(Math.round(100 * w.rank(12)), 57);
    assert.equal(w.percent(12), 58);
    assert.equal(w.percentReplacing(12, 12), 58);
    assert.equal(w.percent(0), 0);
    assert.equal(w.percent(21), 100);
  });
});
